"""Where a symbol is defined: its source declarations, or its assembly and signature."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location
from ..symbols.describe import SymbolSummary
from .text import plural, where


@dataclass(frozen=True)
class Definition:
    root: str
    symbol: SymbolSummary
    locations: tuple[Location, ...]
    """Every source declaration (several for a partial type); empty for metadata."""
    signature: str
    summary: str
    """The XML doc summary, for metadata symbols whose source is not at hand."""
    note: str = ""
    """Set when answered from the on-disk index while the solution loads."""

    @property
    def in_source(self) -> bool:
        return bool(self.locations)

    def render(self) -> str:
        s = self.symbol
        if self.locations:
            lines = [f"Definition of {s.display}: {plural(len(self.locations), 'location')}{self.note}"]
            lines.extend(f"{where(location, self.root)}  {s.kind}  {s.display}" for location in self.locations)
            return "\n".join(lines)
        lines = [f"Definition of {s.display}: in metadata ({s.assembly})", self.signature]
        if self.summary:
            lines.append(f"summary: {self.summary}")
        return "\n".join(lines)
