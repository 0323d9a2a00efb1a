"""The outline of one file, and the member that holds a position."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location, SymbolSummary, relative_path, short_key
from .text import plural, where


@dataclass(frozen=True)
class OutlineNode:
    name: str = field(metadata=TEXT_ONLY)
    kind: str
    display: str = field(metadata=TEXT_ONLY)
    location: Location
    """Where the name is declared."""
    span: Location
    """The whole declaration, attributes and body included."""
    documentation_id: str = field(metadata=short_key("id"))
    children: tuple[OutlineNode, ...] = ()

    def label(self) -> str:
        """``method Journal.Add(string)  20:17`` (plus ``lines 25-30`` for a declaration of several lines)."""
        lines = f" (lines {self.span.line}-{self.span.end_line})" if self.span.end_line > self.span.line else ""
        return f"{self.kind} {self.display}  {self.location.line}:{self.location.column}{lines}"


@dataclass(frozen=True)
class FileOutline:
    root: str
    path: str
    items: tuple[OutlineNode, ...]
    note: str = ""
    """Set when answered from the on-disk index while the solution loads."""

    @property
    def count(self) -> int:
        def size(nodes: tuple[OutlineNode, ...]) -> int:
            return sum(1 + size(n.children) for n in nodes)

        return size(self.items)

    def render(self) -> str:
        lines = [f"Outline of {relative_path(self.path, self.root)}: {plural(self.count, 'declaration')}{self.note}"]

        def walk(nodes: tuple[OutlineNode, ...], depth: int) -> None:
            for node in nodes:
                lines.append("  " * depth + node.label())
                walk(node.children, depth + 1)

        walk(self.items, 0)
        return "\n".join(lines)


@dataclass(frozen=True)
class ContainingMember:
    root: str
    position: Location
    member: SymbolSummary | None
    """The innermost method, property, constructor... holding the position (``None`` outside one)."""
    type: SymbolSummary | None
    span: Location | None
    """The member's (else the type's) whole declaration."""

    def render(self) -> str:
        here = where(self.position, self.root)
        if self.member is None and self.type is None:
            return f"{here}  outside any type"
        holder = self.member or self.type
        assert holder is not None
        lines = f" (lines {self.span.line}-{self.span.end_line})" if self.span else ""
        return f"{here}  in {holder.kind} {holder.display}{lines}"
