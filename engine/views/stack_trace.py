"""A stack trace taken to source: each frame with the member it ran in and the place to open."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location, SymbolSummary
from .paging import range_note
from .text import columns, plural, where


@dataclass(frozen=True)
class StackFrame:
    frame: str = field(metadata=TEXT_ONLY)
    """The frame's text as given."""
    symbol: SymbolSummary | None
    """The member the frame ran in; ``None`` when neither the solution nor its references declare it."""
    location: Location | None
    """Where to look: the trace's own line when it names a file of the solution, else the member's declaration."""
    external: bool
    """The member is not the solution's (the framework's, a package's)."""
    assembly: str = ""
    """For an external frame: the assembly that declares it, when known."""
    inner: str = ""
    """What ran inside the member: ``lambda``, ``local function Format``, ``async state machine or iterator``."""
    exact_line: bool = False
    """``location`` is the line the trace gives, not the declaration."""


@dataclass(frozen=True)
class StackTrace:
    root: str
    items: tuple[StackFrame, ...]
    total: int
    in_solution: int
    """How many frames are the solution's own."""
    offset: int = 0

    def render(self) -> str:
        lines = [
            f"Stack trace: {plural(self.total, 'frame')}, {self.in_solution} in the solution"
            f"{range_note(self.offset, len(self.items), self.total)}"
        ]
        for item in self.items:
            inner = f"({item.inner})" if item.inner else ""
            if item.external or item.symbol is None:
                name = item.symbol.qualified_name if item.symbol else item.frame.removeprefix("at ")
                lines.append(columns("external", name, inner, f"[{item.assembly}]" if item.assembly else ""))
                continue
            place = where(item.location, self.root) + ("" if item.exact_line else " (declaration)")
            lines.append(columns(place, item.symbol.display, inner))
        return "\n".join(lines)
