"""Who may run code from a solution: the trust gate.

Opening a solution with MSBuild runs its targets, its analyzers and its source generators with the
user's rights. That happens only for a trusted solution:

- one the user named themselves (the ``roslyn-tui`` argument, ``DOTNET_SOLUTION_PATH`` or the
  server's ``--solution``): naming it is the consent;
- one that lies under a root listed in ``ROSLYN_TRUSTED_ROOTS`` (paths separated by ``os.pathsep``);
- one the user trusted in the terminal app, remembered per solution in ``trust.json`` under the
  user config directory (``ROSLYN_TUI_CONFIG_DIR`` overrides where).

Anything else opens restricted: a syntax-only view that runs nothing from the solution.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from .host.files import write_whole

TRUSTED_ROOTS_VARIABLE = "ROSLYN_TRUSTED_ROOTS"
CONFIG_DIR_VARIABLE = "ROSLYN_TUI_CONFIG_DIR"

HOW_TO_TRUST = (
    "To trust it: name it yourself (roslyn-tui PATH, or DOTNET_SOLUTION_PATH / --solution for the server), "
    f"list a directory above it in {TRUSTED_ROOTS_VARIABLE}, or choose 'Trust this solution' in roslyn-tui."
)


@dataclass(frozen=True)
class Trust:
    """Whether a solution may run code, and why."""

    trusted: bool
    reason: str
    """Words for the user: ``named by you``, ``under trusted root /src``, ``not trusted``..."""

    def notice(self, root: Path | str) -> str:
        """The line every answer from a restricted solution carries."""
        return restricted_notice(root)


def restricted_notice(root: Path | str) -> str:
    """The line every answer from a solution open restricted carries, wherever it is loaded."""
    return (
        f"untrusted: {root} is open restricted (syntax only: nothing from it runs, no MSBuild, analyzers "
        f"or source generators). {HOW_TO_TRUST}"
    )


NAMED_BY_USER = Trust(True, "named by you")


def decide(solution_path: Path) -> Trust:
    """The trust of a solution the user did not name: by trusted root or a remembered grant."""
    real = Path(os.path.realpath(solution_path))
    for root in trusted_roots():
        if real == root or root in real.parents:
            return Trust(True, f"under trusted root {root}")
    if str(real) in _granted():
        return Trust(True, "trusted by you in roslyn-tui")
    return Trust(False, "not trusted")


def trusted_roots() -> list[Path]:
    """The directories listed in ``ROSLYN_TRUSTED_ROOTS``; relative or empty entries are ignored."""
    listed = os.environ.get(TRUSTED_ROOTS_VARIABLE, "")
    return [Path(os.path.realpath(entry)) for entry in listed.split(os.pathsep) if entry and os.path.isabs(entry)]


def grant(solution_path: Path) -> None:
    """Remember that the user trusts this solution (from the terminal app)."""
    with _lock:
        granted = _granted()
        granted.add(os.path.realpath(solution_path))
        write_whole(trust_file(), json.dumps({"trusted_solutions": sorted(granted)}, indent=2))


def trust_file() -> Path:
    override = os.environ.get(CONFIG_DIR_VARIABLE)
    if override:
        return Path(override) / "trust.json"
    from platformdirs import user_config_dir

    return Path(user_config_dir("roslyn-tui")) / "trust.json"


_lock = threading.Lock()


def _granted() -> set[str]:
    try:
        data = json.loads(trust_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    listed = data.get("trusted_solutions", []) if isinstance(data, dict) else []
    return {entry for entry in listed if isinstance(entry, str)}
