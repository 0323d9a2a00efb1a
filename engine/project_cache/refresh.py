"""After a start from the cache, MSBuild evaluates the solution again in the background: what it says
now is compared, project by project, with what the cache said, and only the projects whose evaluation
changed are swapped into the live solution (``ProjectCache.Update``); the others keep their
compilations."""

from __future__ import annotations

import json
from typing import Any

OPENED_NOTE = (
    "Opened from the project cache of the last load in {seconds:g} s; MSBuild is evaluating the projects again "
    "in the background, and what changed will be swapped in."
)
AGREED_NOTE = "Opened from the project cache of the last load; MSBuild's evaluation since agrees with it."
CHANGED_NOTE = (
    "Opened from the project cache of the last load; MSBuild's evaluation since differs for {names}, swapped in."
)


def changed_projects(before: str, after: str) -> tuple[str, ...]:
    """The names of the projects whose records differ between two ``ProjectCache.Describe`` answers
    (added and removed projects included)."""

    def by_key(records: str) -> dict[tuple[str, str], Any]:
        return {(str(r.get("path")), str(r["name"])): r for r in json.loads(records)}

    old, new = by_key(before), by_key(after)
    return tuple(sorted({name for key in old.keys() | new.keys() if old.get(key) != new.get(key) for name in key[1:]}))


def refreshed(native: Any, workspace: Any, solution: Any, records: str) -> Any:
    """``solution`` (made from the cache, maybe edited since) brought to MSBuild's fresh ``records``."""
    return native.ProjectCache.Update(workspace, solution, records)


def note(changed: tuple[str, ...]) -> str:
    if not changed:
        return AGREED_NOTE
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return CHANGED_NOTE.format(names=shown)
