"""The dependency graph between projects or namespaces, with its cycles named."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location
from .text import plural, where


@dataclass(frozen=True)
class Dependency:
    source: str
    target: str
    uses: int = 0
    """How many names in ``source`` bind to ``target`` (namespaces; 0 for a project reference)."""
    example: Location | None = None
    """The first such use."""
    in_cycle: bool = False


@dataclass(frozen=True)
class Cycle:
    walk: tuple[str, ...]
    """A shortest walk around it, back to its first node."""
    members: tuple[str, ...]
    """Every node that depends on the others in it, directly or not."""


@dataclass(frozen=True)
class DependencyGraph:
    root: str
    level: str
    """``project`` or ``namespace``."""
    nodes: tuple[str, ...]
    items: tuple[Dependency, ...]
    cycles: tuple[Cycle, ...]

    def render(self) -> str:
        lines = [
            f"{self.level.capitalize()} dependencies: {plural(len(self.nodes), self.level)}, "
            f"{plural(len(self.items), 'edge')}, {plural(len(self.cycles), 'cycle')}"
        ]
        for number, cycle in enumerate(self.cycles, 1):
            rest = [node for node in cycle.members if node not in cycle.walk]
            lines.append(
                f"cycle {number}: "
                + " -> ".join((*cycle.walk, cycle.walk[0]))
                + (f" (also: {', '.join(rest)})" if rest else "")
            )
        by_source: dict[str, list[Dependency]] = {}
        for item in self.items:
            by_source.setdefault(item.source, []).append(item)
        for node in self.nodes:
            edges = by_source.get(node, [])
            lines.append(node + ("" if edges else "  (depends on nothing here)"))
            for edge in edges:
                uses = f"  {plural(edge.uses, 'use')}, first at {where(edge.example, self.root)}" if edge.uses else ""
                lines.append(f"  -> {edge.target}{'  (cycle)' if edge.in_cycle else ''}{uses}")
        return "\n".join(lines)
