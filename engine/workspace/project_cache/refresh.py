"""After a start from the cache, MSBuild evaluates the solution again in the background: what it says
now is compared, project by project, with what the cache said, and only the projects whose evaluation
changed are swapped into the live solution (``ProjectCache.Update``); the others keep their
compilations."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...native import helpers, helpers_for_speed
from .. import loading
from ..loading import Loaded
from ..solution_file import SolutionTarget

OPENED_NOTE = (
    "Opened from the project cache of the last load in {seconds:g} s; MSBuild is evaluating the projects again "
    "in the background, and what changed will be swapped in."
)
STALE_NOTE = "Evaluated again with MSBuild alone, as their files changed since the last load: {names}."
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
    return tuple(sorted({key[1] for key in old.keys() | new.keys() if old.get(key) != new.get(key)}))


@dataclass(frozen=True)
class Evaluation:
    """MSBuild's evaluation of a solution opened from the cache, beside what the cache said."""

    loaded: Loaded
    records: str | None
    """The evaluated projects written down; ``None`` when one cannot be (no longer C#, say)."""
    changed: tuple[str, ...]
    """The projects whose evaluation differs from the cache's (every one when ``records`` is ``None``)."""

    def brought_up_to_date(self, workspace: Any, solution: Any) -> Any:
        """``solution`` (made from the cache, maybe edited since) with the changed projects updated in
        place (``ProjectCache.Update``): the other projects keep their compilations."""
        assert self.records is not None  # only an evaluation written down brings a cached solution up to date
        return helpers().ProjectCache.Update(workspace, solution, self.records)


def evaluate_again(target: SolutionTarget, cached: str, *, restore: bool, timeout: float) -> Evaluation:
    """Evaluate ``target`` with MSBuild as a load would (restoring what needs it), and compare each
    project with ``cached`` (``ProjectCache.Describe``'s JSON)."""
    fresh = loading.load_trusted(target, restore=restore, progress=lambda _: None, timeout=timeout, warm=False)
    records = described(fresh.snapshot.solution)
    return Evaluation(fresh, records, changed_projects(cached, records or "[]"))


def described(solution: Any) -> str | None:
    """Every project of ``solution`` written down (``ProjectCache.Describe``), or ``None`` when one cannot be
    or the engine's C# helpers are not available (no cache is written then)."""
    native = helpers_for_speed()
    return None if native is None else native.ProjectCache.Describe(solution)


def note(changed: tuple[str, ...]) -> str:
    if not changed:
        return AGREED_NOTE
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return CHANGED_NOTE.format(names=shown)
