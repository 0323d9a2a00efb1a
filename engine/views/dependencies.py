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
    location: Location | None = None
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
        header = (
            f"{self.level.capitalize()} dependencies: {plural(len(self.nodes), self.level)}, "
            f"{plural(len(self.items), 'edge')}, {plural(len(self.cycles), 'cycle')}"
        )
        return "\n".join([header] + [text for text, _ in self.rows()])

    def rows(self) -> list[tuple[str, int | None]]:
        """The cycles, then each node with the edges leaving it (each with its item's index)."""
        rows: list[tuple[str, int | None]] = []
        for number, cycle in enumerate(self.cycles, 1):
            rest = [node for node in cycle.members if node not in cycle.walk]
            walk = " -> ".join((*cycle.walk, cycle.walk[0]))
            rows.append((f"cycle {number}: {walk}" + (f" (also: {', '.join(rest)})" if rest else ""), None))
        by_source: dict[str, list[int]] = {}
        for index, item in enumerate(self.items):
            by_source.setdefault(item.source, []).append(index)
        for node in self.nodes:
            edges = by_source.get(node, [])
            rows.append((node + ("" if edges else "  (depends on nothing here)"), None))
            for index in edges:
                edge = self.items[index]
                uses = f"  {plural(edge.uses, 'use')}, first at {where(edge.location, self.root)}" if edge.uses else ""
                rows.append((f"  -> {edge.target}{'  (cycle)' if edge.in_cycle else ''}{uses}", index))
        return rows
