"""A change reviewed by symbols, and a symbol's history, as both front ends show them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import FIRST_PAGE, TEXT_ONLY, Location, relative_path, short_key
from .paging import range_note
from .review_aspects import LAYOUT, Difference, words
from .tests import TestReach
from .text import columns, plural, tally, where

_MARKS = {"added": "+", "removed": "-", "changed": "~", "renamed": "~", "moved": "~"}
_LAYOUT_ONLY = {(words(Difference(aspect)),) for aspect in LAYOUT}
"""Changes that change nothing but how the code reads: one line per file in the text, however many."""
SHOWN_PLACES = 5
"""Places not updated shown per change; the count says how many there are."""


@dataclass(frozen=True)
class ProjectFileChange:
    path: str
    details: tuple[str, ...]
    """Each difference in words: ``package Humanizer 2.14.1 -> 3.0.1``, ``target frameworks: net8.0 -> net10.0``."""


@dataclass(frozen=True)
class SymbolChange:
    change: str
    """``added``, ``removed``, ``changed``, ``renamed`` or ``moved``."""
    kind: str
    display: str = field(metadata=TEXT_ONLY)
    """As it is after the change (before it, for a removal); said exactly by its documentation ID."""
    documentation_id: str = field(metadata=short_key("id"))
    project: str
    location: Location | None
    """Where it is declared after the change; for a removal, where it was (the file may be gone)."""
    aspects: tuple[str, ...]
    """What changed: ``body``, ``signature: parameters (int) -> (int, int)``, ``doc comment``..."""
    public: bool
    """Visible outside its assembly, before or after."""
    breaking: str = ""
    """How it breaks code built on the public API: ``binary and source``, ``binary``, ``source``, ``behaviour``."""
    why: str = field(default="", metadata=TEXT_ONLY)
    """Why it breaks, in words (the text shows it; ``breaking`` says how)."""
    before: str = ""
    """Its name before the change, when that differs."""
    previous_id: str = ""
    """Its documentation ID before the change, when that differs (renamed, moved, a new signature)."""
    members: int = 0
    """A type added or removed whole: its members, not listed one by one."""
    not_updated: tuple[Location, ...] = ()
    """The first call sites, overrides and implementations the change left as they were."""
    not_updated_total: int = 0
    test: bool = False
    """A test method (added or edited by the change)."""


@dataclass(frozen=True)
class ErrorLeft:
    project: str
    location: Location | None
    id: str
    message: str
    new: bool
    """Not in the base revision."""


@dataclass(frozen=True)
class UncoveredChange:
    """A member the change wrote lines of that no test ran (diff coverage)."""

    display: str
    location: Location
    lines: tuple[int, ...]
    """The changed coverable lines no test ran."""
    changed: int
    """The changed coverable lines of the member."""


@dataclass(frozen=True)
class ChangeReview:
    root: str
    base: str
    head: str
    files: int
    """Source and project files that differ."""
    items: tuple[SymbolChange, ...]
    """Breaking changes first, then by project, file and line."""
    total: int
    counts: tuple[tuple[str, int], ...]
    """How many symbols were added, removed, changed, renamed, moved."""
    breaking: int
    not_updated: int
    by_project: tuple[tuple[str, int], ...]
    project_files: tuple[ProjectFileChange, ...] = field(default=(), metadata=FIRST_PAGE)
    file_notes: tuple[tuple[str, str], ...] = field(default=(), metadata=FIRST_PAGE)
    """Each changed source file that no listed symbol is in, with what changed in it (relative path, words):
    with the symbols' files, the project files and the notes, every changed file is accounted for."""
    errors: tuple[ErrorLeft, ...] = field(default=(), metadata=FIRST_PAGE)
    """Errors in the projects the change reaches, after it; new ones first."""
    errors_total: int = 0
    tests: tuple[TestReach, ...] = field(default=(), metadata=FIRST_PAGE)
    """The tests that reach a changed symbol, nearest first; the ones the change edited at depth 0."""
    tests_total: int = 0
    """-1: not looked for yet (the notes say why)."""
    notes: tuple[str, ...] = ()
    uncovered: tuple[UncoveredChange, ...] = field(default=(), metadata=FIRST_PAGE)
    """With coverage of the head side: each changed member's changed lines no test ran."""
    coverage: str = ""
    """Which run's coverage ``uncovered`` comes from (empty: none was asked for or kept)."""
    changed_coverable: int = 0
    """The changed lines the tests could run (those coverage counts), in every changed member."""
    offset: int = 0

    def render(self) -> str:
        lines = [self._header()] + [f"note: {note}" for note in self.notes]
        lines += [text for text, _ in self.rows()]
        if self.offset == 0:
            lines += self._file_notes() + self._project_files() + self._errors() + self._tests() + self._uncovered()
        return "\n".join(lines)

    def _header(self) -> str:
        counts = ", ".join(f"{count} {word}" for word, count in self.counts if count)
        new_errors = sum(1 for e in self.errors if e.new)
        return (
            f"Change from {self.base} to {self.head}: {plural(self.files, 'file')},"
            f" {plural(self.total, 'symbol')}"
            + (f" ({counts})" if counts else "")
            + (f" in {tally(self.by_project)}" if self.by_project else "")
            + f"; {self.breaking} breaking the public API; {plural(self.not_updated, 'place')} not updated;"
            f" {plural(self.errors_total, 'error')}"
            + (f" ({new_errors} new)" if new_errors else "")
            + (
                f"; {plural(self.tests_total, 'test')} reach it"
                if self.tests_total >= 0
                else "; tests not looked for yet"
            )
            + range_note(self.offset, len(self.items), self.total)
        )

    def rows(self) -> list[tuple[str, int | None]]:
        """Each line of the changes with the index of the item it shows (None for a heading or a detail):
        the breaking ones first, then the rest by project and file."""
        rows: list[tuple[str, int | None]] = []
        breaking = [(i, item) for i, item in enumerate(self.items) if item.breaking]
        if breaking:
            rows.append((f"Breaking the public API ({self.breaking}):", None))
            for index, item in breaking:
                rows.append(("  " + columns(where(item.location, self.root), _line(item)), index))
                rows.append((f"      {item.breaking}: {item.why}", None))
                rows += [(line, None) for line in _places(item, self.root)]
        files: dict[tuple[str, str], list[int]] = {}
        for index, item in enumerate(self.items):
            if not item.breaking:
                path = relative_path(item.location.path, self.root) if item.location else "(no file)"
                files.setdefault((item.project, path), []).append(index)
        project = None
        for (name, path), indexes in files.items():
            if name != project:
                rows.append((f"{name}:", None))
                project = name
            rows.append((f"  {path}", None))
            layout = [i for i in indexes if self.items[i].aspects in _LAYOUT_ONLY]
            for index in (i for i in indexes if i not in layout):
                item = self.items[index]
                rows.append(("    " + columns(str(item.location.line) if item.location else "", _line(item)), index))
                rows += [(text, None) for text in _places(item, self.root)]
            if len(layout) == 1:
                item = self.items[layout[0]]
                rows.append(
                    ("    " + columns(str(item.location.line) if item.location else "", _line(item)), layout[0])
                )
            elif layout:
                names = ", ".join(self.items[i].display.split("(")[0] for i in layout[:4])
                more = ", …" if len(layout) > 4 else ""
                rows.append((f"    ~ {len(layout)} members, formatting or comments only: {names}{more}", layout[0]))
        return rows

    def _file_notes(self) -> list[str]:
        if not self.file_notes:
            return []
        return ["Files changed with no symbol changed:", *(f"  {path}: {what}" for path, what in self.file_notes)]

    def _project_files(self) -> list[str]:
        if not self.project_files:
            return []
        lines = ["Project files (both sides are compiled with the working tree's):"]
        for change in self.project_files:
            lines.append(f"  {change.path}: {'; '.join(change.details)}")
        return lines

    def _errors(self) -> list[str]:
        if not self.errors_total:
            return []
        lines = [f"Errors after the change ({self.errors_total}, new first):"]
        for error in self.errors:
            mark = "new " if error.new else ""
            lines.append(
                "  " + columns(error.project, where(error.location, self.root), f"{mark}{error.id}", error.message)
            )
        if self.errors_total > len(self.errors):
            lines.append(f"  ... {self.errors_total - len(self.errors)} more (diagnostics lists them)")
        return lines

    def _tests(self) -> list[str]:
        if self.tests_total <= 0:
            return []
        lines = [
            f"Tests that reach the change ({self.tests_total}, nearest first; run_tests changed_since= runs them):"
        ]
        for reach in self.tests:
            via = "edited by the change" if reach.depth == 0 else "via " + " -> ".join(reach.path[1:])
            lines.append("  " + columns(where(reach.test.location, self.root), reach.test.qualified_name, via))
        if self.tests_total > len(self.tests):
            lines.append(f"  ... {self.tests_total - len(self.tests)} more")
        return lines

    def _uncovered(self) -> list[str]:
        if not self.coverage:
            return []
        changed = self.changed_coverable
        if not self.uncovered:
            return [f"Every changed line the tests can run was run (coverage of {self.coverage})."]
        missed = sum(len(u.lines) for u in self.uncovered)
        lines = [
            f"Changed lines no test ran ({missed} of {changed} in {plural(len(self.uncovered), 'member')}; coverage of {self.coverage}):"
        ]
        for item in self.uncovered:
            listed = ", ".join(map(str, item.lines))
            lines.append("  " + columns(where(item.location, self.root), item.display, f"lines {listed}"))
        return lines


def _line(item: SymbolChange) -> str:
    name = f"{item.kind} {item.display}"
    if item.members:
        name += f" (with {plural(item.members, 'member')})"
    if item.test:
        name += " [test]"
    what = "; ".join(item.aspects) if item.change in ("changed", "renamed", "moved") else item.change
    return f"{_MARKS[item.change]} {name}  {what}"


def _places(item: SymbolChange, root: str) -> list[str]:
    if not item.not_updated_total:
        return []
    shown = ", ".join(where(place, root) for place in item.not_updated)
    more = (
        f", ... {item.not_updated_total - len(item.not_updated)} more"
        if item.not_updated_total > len(item.not_updated)
        else ""
    )
    return [f"      not updated ({item.not_updated_total}): {shown}{more}"]


@dataclass(frozen=True)
class Commit:
    commit: str
    author: str
    date: str
    subject: str


@dataclass(frozen=True)
class SymbolHistory:
    root: str
    symbol: str
    documentation_id: str
    location: Location | None
    items: tuple[Commit, ...]
    """Newest first."""
    total: int
    uncommitted: bool = False
    """The working tree changes the declaration too (not yet committed)."""
    offset: int = 0

    def render(self) -> str:
        lines = [
            f"History of {self.symbol} ({where(self.location, self.root)}): {plural(self.total, 'commit')}"
            + range_note(self.offset, len(self.items), self.total)
        ]
        if self.uncommitted and self.offset == 0:
            lines.append("  (working tree)  uncommitted changes to it")
        for item in self.items:
            lines.append("  " + columns(item.commit[:10], item.date[:10], item.author, item.subject))
        return "\n".join(lines)


@dataclass(frozen=True)
class SymbolDiff:
    """One declaration before and after a change, as a unified diff."""

    root: str
    symbol: str
    base: str
    head: str
    location: Location | None
    lines: tuple[str, ...]
    """The diff's lines (``-`` before, ``+`` after, `` `` both); the whole declaration for an addition or removal."""

    def render(self) -> str:
        return "\n".join(
            [f"{self.symbol} from {self.base} to {self.head} ({where(self.location, self.root)})", *self.lines]
        )
