"""What the app remembers between runs, in small JSON files under the user config dir: the settings
(theme, code lenses, inlay hints) and each solution's recent files."""

from __future__ import annotations

import json
import os
from pathlib import Path

CONFIG_DIR_VARIABLE = "ROSLYN_TUI_CONFIG_DIR"


def config_path() -> Path:
    override = os.environ.get(CONFIG_DIR_VARIABLE)
    if override:
        return Path(override) / "config.json"
    from platformdirs import user_config_dir

    return Path(user_config_dir("roslyn-tui")) / "config.json"


def load() -> dict[str, str]:
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def save(**values: str) -> None:
    """Merge ``values`` into the file; a read-only home is not worth a crash."""
    path = config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({**load(), **values}, indent=2), encoding="utf-8")
    except OSError:
        pass


RECENT_KEPT = 20
"""Recent files remembered per solution."""


def recent_files(solution: str) -> list[tuple[str, int]]:
    """The files last opened in ``solution`` (absolute paths), the latest first, each with its last line."""
    return _recent(_every_recent(), solution)


def remember_file(solution: str, path: str, line: int) -> None:
    """Put ``path`` first in ``solution``'s recent files; a read-only home is not worth a crash."""
    every = _every_recent()
    every[solution] = [(path, line), *((p, n) for p, n in _recent(every, solution) if p != path)][:RECENT_KEPT]
    _write(every)


def left_at(solution: str, path: str, line: int) -> None:
    """Record that the cursor was left on ``line`` of ``path`` (opened before, so in the list): reopened
    from the recent files, it opens there. The list's order stays."""
    every = _every_recent()
    files = _recent(every, solution)
    if not any(p == path for p, _ in files):
        return
    every[solution] = [(p, line if p == path else n) for p, n in files]
    _write(every)


def _write(every: dict[str, object]) -> None:
    try:
        _recent_path().parent.mkdir(parents=True, exist_ok=True)
        _recent_path().write_text(json.dumps(every, indent=1), encoding="utf-8")
    except OSError:
        pass


def _recent_path() -> Path:
    return config_path().parent / "recent.json"


def _every_recent() -> dict[str, object]:
    """Every solution's recent files, as the file holds them (``{}`` when it is missing or unreadable)."""
    try:
        data = json.loads(_recent_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _recent(every: dict[str, object], solution: str) -> list[tuple[str, int]]:
    try:
        return [(str(path), int(line)) for path, line in every.get(solution, [])][:RECENT_KEPT]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return []
