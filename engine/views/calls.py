"""The call hierarchy: who calls a member, and what its body calls, reads and writes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..models import FLAT, Location, SymbolSummary
from .paging import range_note
from .text import columns, plural, where


@dataclass(frozen=True)
class CallSite:
    location: Location
    line_text: str
    note: str = ""
    """``via an interface or override`` when the call binds to a member this one implements or overrides."""


@dataclass(frozen=True)
class CallNode:
    symbol: SymbolSummary = field(metadata=FLAT)
    relation: str
    """``called by``, ``calls``, ``creates``, ``reads``, ``writes`` or ``reads and writes``."""
    sites: tuple[CallSite, ...]
    """Where the call (or access) happens: in the caller for incoming, in this body for outgoing."""
    children: tuple[CallNode, ...] = ()
    cycle: bool = False
    """The symbol is already on the path from the root: not expanded again."""
    expandable: bool = False
    """Deeper levels exist beyond the depth asked: ask again for ``symbol.documentation_id``."""
    note: str = ""

    def label(self, root: str) -> str:
        flags = ["(cycle)" if self.cycle else "", self.note, "…" if self.expandable else ""]
        return columns(
            self.relation, self.symbol.display, where(self.symbol.location, root, self.symbol.assembly), *flags
        )


@dataclass(frozen=True)
class CallHierarchy:
    root: str
    symbol: SymbolSummary
    direction: str
    depth: int
    incoming: tuple[CallNode, ...]
    """The callers from ``offset``: all of them, or the page asked for."""
    outgoing: tuple[CallNode, ...]
    incoming_total: int
    """Callers (each member once)."""
    incoming_sites: int = 0
    """Call sites of all the callers: a caller may call several times."""
    offset: int = 0

    @property
    def items(self) -> tuple[CallNode, ...]:
        """The callers shown: the list a page of this view slices."""
        return self.incoming

    @property
    def total(self) -> int:
        return self.incoming_total

    def first(self, count: int) -> CallHierarchy:
        """The same page with only its first ``count`` callers (the outgoing list stays whole)."""
        return dataclasses.replace(self, incoming=self.incoming[:count])

    def incoming_heading(self) -> str:
        """``incoming: 607 callers, 854 call sites``: a caller may call more than once."""
        return f"incoming: {plural(self.incoming_total, 'caller')}, {plural(self.incoming_sites, 'call site')}"

    def render(self) -> str:
        lines = [
            f"Call hierarchy of {self.symbol.display}  {where(self.symbol.location, self.root, self.symbol.assembly)}  (depth {self.depth})"
        ]
        if self.direction in ("incoming", "both"):
            shown = range_note(self.offset, len(self.incoming), self.incoming_total)
            lines.append(self.incoming_heading() + shown)
            lines.extend(node_lines(self.incoming, self.root, 1))
        if self.direction in ("outgoing", "both"):
            lines.append(f"outgoing: {len(self.outgoing)}")
            lines.extend(node_lines(self.outgoing, self.root, 1))
        return "\n".join(lines)


def site_label(site: CallSite, root: str) -> str:
    return columns(f"at {where(site.location, root)}", f"({site.note})" if site.note else "", site.line_text)


def node_lines(nodes: tuple[CallNode, ...], root: str, depth: int) -> list[str]:
    lines = []
    for node in nodes:
        lines.append("  " * depth + node.label(root))
        lines.extend("  " * (depth + 1) + site_label(site, root) for site in node.sites)
        lines.extend(node_lines(node.children, root, depth + 1))
    return lines
