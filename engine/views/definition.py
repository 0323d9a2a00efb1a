"""Where a symbol is defined: its source declarations, or its assembly and signature."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location, SymbolSummary
from .text import plural, where

ROUTES = {
    "embedded": "source embedded in the PDB",
    "sourcelink": "source fetched by SourceLink",
    "decompiled": "decompiled (ICSharpCode.Decompiler)",
}
"""How a library symbol's source was found, as the answers and the file's first line say it."""


@dataclass(frozen=True)
class LibraryPlace:
    """Where a package's or the framework's symbol was opened: a read-only file in the user cache."""

    location: Location
    route: str
    """``embedded`` (the PDB holds the source), ``sourcelink`` (fetched from its address) or ``decompiled``."""
    assembly: str
    version: str
    address: str = ""
    """The SourceLink address, when the PDB gives one."""

    def origin(self) -> str:
        return f"{self.assembly} {self.version}, {ROUTES[self.route]}"


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
    library: LibraryPlace | None = None
    """For a symbol from metadata: its source, found or decompiled, where it could be."""

    @property
    def in_source(self) -> bool:
        return bool(self.locations)

    def render(self) -> str:
        s = self.symbol
        if self.locations:
            lines = [f"Definition of {s.display}: {plural(len(self.locations), 'location')}{self.note}"]
            lines.extend(f"{where(location, self.root)}  {s.kind}  {s.display}" for location in self.locations)
            return "\n".join(lines)
        lines = [f"Definition of {s.display}: in metadata ({s.assembly})"]
        if self.library is not None:
            lines[0] = f"Definition of {s.display}: in {self.library.origin()}"
            lines.append(f"{where(self.library.location, self.root)}  {s.kind}  {s.display}  (read-only)")
            if self.library.address:
                lines.append(f"SourceLink: {self.library.address}")
        lines.append(self.signature)
        if self.summary:
            lines.append(f"summary: {self.summary}")
        return "\n".join(lines)
