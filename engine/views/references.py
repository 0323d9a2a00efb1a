"""The references panel: every place a symbol is used, grouped by file."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location, relative_path
from .brief_names import brief_names
from .paging import range_note
from .text import columns, counted, grouped_by_file, plural, tally

FULL, WITHOUT_CODE, PER_FILE = "full", "without each line's code", "counted per file"


@dataclass(frozen=True)
class Reference:
    location: Location
    kind: str
    """A word from ``syntax_roles.REFERENCE_KINDS``."""
    containing_member: str
    """The member (or type) whose body holds the reference, as C# names it."""
    line_text: str
    """The source line, stripped."""
    definition: str = ""
    """Set when the reference is to a related symbol (an override, an implementation) rather than the one asked."""


@dataclass(frozen=True)
class ReferenceList:
    root: str
    symbol: str
    documentation_id: str
    items: tuple[Reference, ...]
    total: int
    offset: int = 0
    file_count: int = 0
    kind_counts: tuple[tuple[str, int], ...] = ()
    by_project: tuple[tuple[str, int], ...] = ()
    """References per project, most first (all of them, not only this page's)."""
    note: str = ""
    """Where the answer came from when not from the live solution (the on-disk index at a start)."""
    detail: str = field(default=FULL, metadata=TEXT_ONLY)
    """How much of each reference the text shows: ``FULL``, then ``WITHOUT_CODE``, then ``PER_FILE`` as a long page steps down."""

    def render(self) -> str:
        counts = ", ".join(f"{count} {kind}" for kind, count in self.kind_counts)
        if len(self.by_project) > 1:
            counts += f"; {tally(self.by_project)}"
        header = f"References to {self.symbol}: {self.total} in {plural(self.file_count, 'file')}"
        lines = [
            header
            + (f" ({counts})" if counts else "")
            + range_note(self.offset, len(self.items), self.total)
            + self.note
        ]
        if self.detail != FULL:
            lines.append(f"(shown {self.detail}: the page in full is over the response budget)")
        return "\n".join(lines + [text for text, _ in self.rows()])

    def rows(self, brief: bool = False) -> list[tuple[str, int | None]]:
        """The lines under the header, each with the index of its item: a file's path once (``None``),
        then each reference in it as ``line:column  kind  member  code``, so the code gets the width;
        counted per file only, at the last step down. ``brief``: members named as briefly as stays
        unambiguous in this list (a terminal row's width is short)."""
        if self.detail == PER_FILE:
            per_file = counted(relative_path(item.location.path, self.root) for item in self.items)
            return [(f"{path}  {plural(count, 'reference')}", None) for path, count in sorted(per_file)]
        names = [name for item in self.items for name in (item.containing_member, item.definition)]
        named = {name: name for name in names}
        if brief:
            named.update(brief_names(names))
        entries = [
            (
                item.location,
                "",
                columns(
                    item.kind,
                    named[item.containing_member],
                    f"(via {named[item.definition]})" if item.definition else "",
                    item.line_text if self.detail == FULL else "",
                ),
            )
            for item in self.items
        ]
        return grouped_by_file(self.root, entries)

    def stepped_down(self) -> list[ReferenceList]:
        """The same page with less of each reference: without its code, then only its place and kind
        (the text counting them per file)."""
        without_code = tuple(dataclasses.replace(item, line_text="") for item in self.items)
        places = tuple(dataclasses.replace(item, containing_member="", definition="") for item in without_code)
        return [
            dataclasses.replace(self, items=without_code, detail=WITHOUT_CODE),
            dataclasses.replace(self, items=places, detail=PER_FILE),
        ]


def count_kinds(items: list[Reference]) -> tuple[tuple[str, int], ...]:
    return counted(item.kind for item in items)
