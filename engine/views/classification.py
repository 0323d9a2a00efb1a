"""The source view's semantic colours: what each name in a file is, as Roslyn's classifier says."""

from __future__ import annotations

from dataclasses import dataclass

from .text import plural


@dataclass(frozen=True)
class SemanticSpan:
    line: int
    """1-based, as everywhere; a name never spans lines."""
    column: int
    end_column: int
    """Exclusive, 1-based."""
    kind: str
    """``class``, ``interface``, ``struct``, ``enum``, ``delegate``, ``type-parameter``, ``method``,
    ``extension-method``, ``property``, ``field``, ``event``, ``local``, ``parameter``, ``namespace``,
    ``constant``, ``enum-member``, or ``static`` (said of a name besides its kind)."""


@dataclass(frozen=True)
class SemanticClasses:
    path: str
    items: tuple[SemanticSpan, ...]

    def render(self) -> str:
        lines = [f"Semantic classes of {self.path}: {plural(len(self.items), 'name')}"]
        lines.extend(f"{s.line}:{s.column}-{s.end_column}  {s.kind}" for s in self.items)
        return "\n".join(lines)
