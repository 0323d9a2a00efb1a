"""The references panel: every place a symbol is used, grouped by file."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..models import Location
from .paging import range_note
from .text import columns, grouped_by_file, plural


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

    def render(self) -> str:
        counts = ", ".join(f"{count} {kind}" for kind, count in self.kind_counts)
        header = f"References to {self.symbol}: {self.total} in {plural(self.file_count, 'file')}"
        lines = [header + (f" ({counts})" if counts else "") + range_note(self.offset, len(self.items), self.total)]
        return "\n".join(lines + [text for text, _ in self.rows()])

    def rows(self) -> list[tuple[str, int | None]]:
        """The lines under the header, each with the index of its item: a file's path once (``None``),
        then each reference in it as ``line:column  kind  member  code``, so the code gets the width."""
        entries = [
            (
                item.location,
                "",
                columns(
                    item.kind,
                    item.containing_member,
                    f"(via {item.definition})" if item.definition else "",
                    item.line_text,
                ),
            )
            for item in self.items
        ]
        return grouped_by_file(self.root, entries)


def count_kinds(items: list[Reference]) -> tuple[tuple[str, int], ...]:
    counts = Counter(item.kind for item in items)
    return tuple(sorted(counts.items(), key=lambda pair: (-pair[1], pair[0])))
