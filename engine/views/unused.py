"""Unused symbols: what nothing in the solution refers to, grouped by file."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, SymbolSummary
from .paging import range_note
from .text import columns, grouped_by_file, plural, tally


@dataclass(frozen=True)
class UnusedSymbol:
    symbol: SymbolSummary
    access: str
    """As seen from outside: ``private``, ``internal`` (a public member of an internal type too), ``public``..."""
    project: str = field(metadata=TEXT_ONLY)


@dataclass(frozen=True)
class UnusedList:
    root: str
    scope: str
    items: tuple[UnusedSymbol, ...]
    total: int
    checked: int
    """How many symbols were asked about (the rest are used by contract: overrides, tests, entry points...)."""
    include_public: bool = False
    by_project: tuple[tuple[str, int], ...] = ()
    by_kind: tuple[tuple[str, int], ...] = ()
    offset: int = 0

    def render(self) -> str:
        which = "" if self.include_public else " private or internal"
        header = f"Unused{which} symbols in {self.scope}: {self.total} of {self.checked} checked"
        counts = "; ".join(tally(pairs) for pairs in (self.by_project, self.by_kind) if pairs)
        lines = [header + (f" ({counts})" if counts else "") + range_note(self.offset, len(self.items), self.total)]
        lines.extend(text for text, _ in self.rows())
        return "\n".join(lines)

    def rows(self) -> list[tuple[str, int | None]]:
        """Lines under the header: a file once, then ``line:column  access  kind  name``."""
        if not self.total:
            return [(f"Nothing unused among {plural(self.checked, 'symbol')}.", None)]
        entries = [
            (item.symbol.location, item.symbol.assembly, columns(item.access, item.symbol.kind, item.symbol.display))
            for item in self.items
        ]
        return grouped_by_file(self.root, entries)
