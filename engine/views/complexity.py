"""The most complex members: cyclomatic and cognitive complexity and length, worst first."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location, short_key
from .paging import range_note
from .text import where


@dataclass(frozen=True)
class MemberComplexity:
    member: str = field(metadata=TEXT_ONLY)
    """As C# names it (``Customer.AddOrder(Order)``)."""
    documentation_id: str = field(metadata=short_key("id"))
    location: Location
    """The member's name; the end is the declaration's end."""
    cyclomatic: int
    """1 plus each branch: ``if``, ``?:``, loops, ``catch``, case labels and switch arms (not ``default``/``_``),
    ``&&``, ``||``, ``??``, ``??=``, ``?.``, ``and``/``or`` patterns."""
    cognitive: int
    """How hard it is to read (G. Ann Campbell's measure): each break in the flow, more when nested."""
    lines: int


@dataclass(frozen=True)
class ComplexityList:
    root: str
    scope: str
    items: tuple[MemberComplexity, ...]
    """Worst first: by cognitive, then cyclomatic complexity, then length."""
    total: int
    """Members measured."""
    average_cyclomatic: float = 0.0
    over_threshold: int = 0
    """Members with a cognitive complexity over 15, the usual limit."""
    offset: int = 0

    def render(self) -> str:
        header = (
            f"Complexity in {self.scope}: {self.total} members, {self.over_threshold} over cognitive 15, "
            f"average cyclomatic {self.average_cyclomatic:.1f}" + range_note(self.offset, len(self.items), self.total)
        )
        return "\n".join([header] + [text for text, _ in self.rows()])

    def rows(self) -> list[tuple[str, int | None]]:
        """A line naming the columns, then a member a line (with its item's index)."""
        rows: list[tuple[str, int | None]] = []
        if self.items:
            rows.append((f"{'cognitive':>9}  {'cyclomatic':>10}  {'lines':>5}  member", None))
        for index, item in enumerate(self.items):
            place = where(item.location, self.root)
            rows.append((f"{item.cognitive:>9}  {item.cyclomatic:>10}  {item.lines:>5}  {item.member}  {place}", index))
        return rows
