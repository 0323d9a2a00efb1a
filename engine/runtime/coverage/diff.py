"""Diff coverage: of the lines a change wrote, those the tests could run and did not, per member, from
the coverage of a run on the change (the working tree). A file changed again after that run is named
instead: its lines would be the run's, not the change's."""

from __future__ import annotations

from ...host.interop import Operation
from ...views.review import UncoveredChange
from ...workspace.snapshot import Snapshot
from .by_symbol import member_rows
from .kept import Coverage


def diff_coverage(
    snapshot: Snapshot, operation: Operation, kept: Coverage, written: dict[str, set[int]]
) -> tuple[list[UncoveredChange], int, list[str]]:
    """(each changed member with changed lines no test ran, the changed lines the tests could run, the
    changed files edited again since the run)."""
    paths = sorted(path for path in written if path in kept.files)
    stale = [path for path in paths if kept.stale(path)]
    uncovered: list[UncoveredChange] = []
    coverable = 0
    for row, _ in member_rows(snapshot, operation, kept, [p for p in paths if p not in stale]):
        lines = written[row.location.path]
        changed = set(row.lines_of) & lines
        coverable += len(changed)
        missed = tuple(sorted(set(row.uncovered) & lines))
        if missed:
            uncovered.append(UncoveredChange(row.display, row.location, missed, len(changed)))
    uncovered.sort(key=lambda u: (-len(u.lines), u.location.path, u.location.line))
    return uncovered, coverable, [snapshot.relative(p) for p in stale]
