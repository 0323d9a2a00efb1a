"""A list of symbols: search hits, overloads, members."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import SymbolSummary
from .paging import range_note
from .text import columns, where


@dataclass(frozen=True)
class SymbolList:
    """Symbols, one a line: kind, display name, where it is declared."""

    root: str
    title: str
    """What the list is, e.g. ``Symbols matching 'Cust'`` or ``Overloads of Journal.Add``."""
    items: tuple[SymbolSummary, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        lines = [f"{self.title}: {self.total}{range_note(self.offset, len(self.items), self.total)}"]
        lines.extend(symbol_line(item, self.root) for item in self.items)
        return "\n".join(lines)


def symbol_line(item: SymbolSummary, root: str) -> str:
    return columns(where(item.location, root, item.assembly), item.kind, item.display)
