"""What the app remembers between runs (the theme), in a small JSON file under the user config dir."""

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
