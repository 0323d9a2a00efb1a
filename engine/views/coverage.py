"""Coverage as both front ends show it: per member and type, the lines and branches the last run with
coverage covered, the lines it did not, and which tests reach a member."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location
from .paging import range_note
from .text import columns, plural, where


def percent(covered: int, coverable: int) -> str:
    """``82%``; ``-`` when nothing is coverable (an abstract member, a constant)."""
    return f"{100 * covered // coverable}%" if coverable else "-"


@dataclass(frozen=True)
class MemberCoverage:
    display: str
    """``Cart.Total()``."""
    documentation_id: str = field(metadata=TEXT_ONLY)
    kind: str
    location: Location
    lines_covered: int
    lines: int
    """Coverable lines (those the compiler emitted code for)."""
    branches_covered: int
    branches: int
    uncovered: tuple[int, ...] = ()
    """The coverable lines no test ran."""
    lines_of: tuple[int, ...] = field(default=(), metadata=TEXT_ONLY)
    """Every coverable line (what a gutter marks)."""
    stale: bool = False
    """Its file changed since the run: the lines are the run's, not the file's now."""

    @property
    def percent(self) -> str:
        return percent(self.lines_covered, self.lines)

    def row(self, root: str) -> str:
        branches = f"branches {self.branches_covered}/{self.branches}" if self.branches else ""
        missed = f"uncovered {_ranges(self.uncovered)}" if self.uncovered else ""
        return columns(
            f"{self.percent:>4}",
            f"{self.lines_covered}/{self.lines} lines",
            branches,
            f"{self.kind} {self.display}",
            where(self.location, root),
            missed,
            "(changed since the run)" if self.stale else "",
        )


@dataclass(frozen=True)
class CoverageSummary:
    """What one run with coverage collected, as a test run's answer says it."""

    lines_covered: int
    lines: int
    branches_covered: int
    branches: int
    files: int
    collector: str
    """``Microsoft.CodeCoverage`` or ``coverlet.collector``."""
    reports: tuple[str, ...] = ()
    """The Cobertura files it was read from (the cache keeps them)."""

    def line(self) -> str:
        return (
            f"coverage ({self.collector}): {percent(self.lines_covered, self.lines)} of lines"
            f" ({self.lines_covered}/{self.lines}), {percent(self.branches_covered, self.branches)} of branches"
            f" ({self.branches_covered}/{self.branches}) in {plural(self.files, 'file')}"
        )


@dataclass(frozen=True)
class CoverageReport:
    root: str
    scope: str
    """What was asked for, in words: ``Cart.Total()``, ``src/Loop.Core/Cart.cs``, ``project Loop.Core``."""
    run: str
    """Which run the coverage is from: ``9 tests of Loop.slnx, 14:07:21``."""
    lines_covered: int
    lines: int
    branches_covered: int
    branches: int
    items: tuple[MemberCoverage, ...]
    """The members, least covered first (most uncovered lines first)."""
    total: int
    tests: tuple[str, ...] = ()
    """For a member: the tests that reach it."""
    tests_from: str = ""
    """Where ``tests`` come from: ``the call graph`` (the collector records no test per line)."""
    stale_files: tuple[str, ...] = ()
    """Files changed since the run: their lines are the run's."""
    offset: int = 0

    def rows(self) -> list[tuple[str, int | None]]:
        """Each line after the header with the item it shows (``None``: a line to read, not choose)."""
        found: list[tuple[str, int | None]] = []
        if self.stale_files:
            found.append((f"changed since the run: {', '.join(self.stale_files)}", None))
        found.extend((item.row(self.root), index) for index, item in enumerate(self.items))
        if self.tests_from:
            found.append((f"{plural(len(self.tests), 'test')} reach it ({self.tests_from}):", None))
            found.extend((f"  {test}", None) for test in self.tests)
        return found

    def percent_of(self) -> dict[str, str]:
        """Each member's share of lines run, by documentation ID (what a lens shows)."""
        return {item.documentation_id: item.percent for item in self.items if item.lines}

    def marks(self) -> dict[int, bool]:
        """Each coverable line (0-based row) of the file asked for: whether a test ran it (a gutter)."""
        found: dict[int, bool] = {}
        for item in self.items:
            missed = set(item.uncovered)
            found.update((line - 1, line not in missed) for line in item.lines_of)
        return found

    def render(self) -> str:
        head = (
            f"Coverage of {self.scope}: {percent(self.lines_covered, self.lines)} of lines"
            f" ({self.lines_covered}/{self.lines}), {percent(self.branches_covered, self.branches)} of branches"
            f" ({self.branches_covered}/{self.branches}); from {self.run}"
        )
        return "\n".join([head + range_note(self.offset, len(self.items), self.total)] + [t for t, _ in self.rows()])


def _ranges(lines: tuple[int, ...]) -> str:
    """``12-14, 20``."""
    spans: list[list[int]] = []
    for line in lines:
        if spans and spans[-1][1] == line - 1:
            spans[-1][1] = line
        else:
            spans.append([line, line])
    return ", ".join(f"{first}-{last}" if last > first else str(first) for first, last in spans)
