"""The members list of a type."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import FLAT, TEXT_ONLY, SymbolSummary
from .paging import range_note
from .text import columns, where


@dataclass(frozen=True)
class Member:
    symbol: SymbolSummary = field(metadata=FLAT)
    signature: str
    declared_in: str = field(metadata=TEXT_ONLY)
    """The type that declares it (differs from the listed type for inherited members; in structured
    content, the documentation ID says it)."""
    inherited: bool


@dataclass(frozen=True)
class MemberList:
    root: str
    type_name: str
    items: tuple[Member, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        lines = [f"Members of {self.type_name}: {self.total}{range_note(self.offset, len(self.items), self.total)}"]
        for item in self.items:
            origin = f"(from {item.declared_in})" if item.inherited else ""
            lines.append(
                columns(
                    where(item.symbol.location, self.root, item.symbol.assembly),
                    item.symbol.kind,
                    item.signature,
                    origin,
                )
            )
        return "\n".join(lines)
