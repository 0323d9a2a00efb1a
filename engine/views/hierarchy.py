"""Implementations, type hierarchies and overrides: lists and trees of related symbols."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import FLAT, SymbolSummary
from .paging import range_note
from .text import columns, counted, grouped_by_file, plural, tally, where


@dataclass(frozen=True)
class Related:
    """A symbol standing in some relation to the one asked about."""

    symbol: SymbolSummary = field(metadata=FLAT)
    relation: str
    """``implements``, ``implements (explicit)``, ``derives``, ``derived interface``, ``overrides``."""
    direct: bool

    def line(self, root: str) -> str:
        return columns(where(self.symbol.location, root, self.symbol.assembly), self.cells())

    def cells(self) -> str:
        """Kind, name and relation: the line without its place."""
        how = self.relation if self.direct else f"{self.relation} (transitive)"
        return columns(self.symbol.kind, self.symbol.display, how)


@dataclass(frozen=True)
class ImplementationList:
    """What implements or derives from a symbol, grouped by file (``listed`` makes one with its counts)."""

    root: str
    symbol: SymbolSummary
    items: tuple[Related, ...]
    total: int
    offset: int = 0
    direct_count: int = 0
    file_count: int = 0
    by_project: tuple[tuple[str, int], ...] = ()
    """Implementations per project, most first (all of them, not only this page's)."""
    by_kind: tuple[tuple[str, int], ...] = ()

    def render(self) -> str:
        counts = "; ".join(tally(pairs) for pairs in (self.by_kind, self.by_project) if len(pairs) > 1)
        header = (
            f"Implementations of {self.symbol.display}: {self.total} ({self.direct_count} direct"
            + (f"; {counts}" if counts else "")
            + f") in {plural(self.file_count, 'file')}"
            + range_note(self.offset, len(self.items), self.total)
        )
        return "\n".join([header] + [text for text, _ in self.rows()])

    def rows(self) -> list[tuple[str, int | None]]:
        """A file's path once, then each implementation in it as ``line:column  kind  name  relation``."""
        entries = [(item.symbol.location, item.symbol.assembly, item.cells()) for item in self.items]
        return grouped_by_file(self.root, entries)


@dataclass(frozen=True)
class HierarchyNode:
    symbol: SymbolSummary = field(metadata=FLAT)
    relation: str
    children: tuple[HierarchyNode, ...] = ()
    expandable: bool = False
    """More levels exist below ``max_depth``: ask again for this node's ``documentation_id``."""
    note: str = ""
    """Extra words for the line, e.g. ``inherited from Entity``."""

    def label(self, root: str) -> str:
        more = "…" if self.expandable and not self.children else ""
        return columns(
            self.symbol.kind,
            self.symbol.display + more,
            where(self.symbol.location, root, self.symbol.assembly),
            self.note,
        )


@dataclass(frozen=True)
class MemberOverrides:
    member: SymbolSummary
    overrides: tuple[SymbolSummary, ...]


@dataclass(frozen=True)
class TypeHierarchy:
    root: str
    symbol: SymbolSummary
    bases: tuple[HierarchyNode, ...]
    """Nearest first."""
    interfaces: tuple[HierarchyNode, ...]
    derived: tuple[HierarchyNode, ...]
    """A tree: each node's children derive from (or implement) it."""
    overrides: tuple[MemberOverrides, ...] = ()

    def render(self) -> str:
        lines = [
            f"Type hierarchy of {self.symbol.kind} {self.symbol.display}  {where(self.symbol.location, self.root, self.symbol.assembly)}"
        ]
        lines.append(f"bases: {len(self.bases)}")
        lines.extend("  " + node.label(self.root) for node in self.bases)
        lines.append(f"interfaces: {len(self.interfaces)}")
        lines.extend("  " + node.label(self.root) for node in self.interfaces)
        lines.append(f"derived: {count_nodes(self.derived)}")
        lines.extend(tree_lines(self.derived, self.root, 1))
        if self.overrides:
            what = "implemented members" if self.symbol.kind == "interface" else "overridden members"
            lines.append(f"{what}: {len(self.overrides)}")
            for entry in self.overrides:
                lines.append(f"  {entry.member.display}: {plural(len(entry.overrides), 'override')}")
                lines.extend(f"    {where(o.location, self.root, o.assembly)}  {o.display}" for o in entry.overrides)
        return "\n".join(lines)


def tree_lines(nodes: tuple[HierarchyNode, ...], root: str, depth: int) -> list[str]:
    lines = []
    for node in nodes:
        lines.append("  " * depth + node.label(root))
        lines.extend(tree_lines(node.children, root, depth + 1))
    return lines


def count_nodes(nodes: tuple[HierarchyNode, ...]) -> int:
    return sum(1 + count_nodes(node.children) for node in nodes)


@dataclass(frozen=True)
class OverrideList:
    root: str
    member: SymbolSummary
    overridden: SymbolSummary | None
    """What the member itself overrides, when it is an override."""
    items: tuple[Related, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        lines = [f"Overrides of {self.member.display}: {self.total}"]
        if self.overridden is not None:
            lines.append(
                f"overrides {self.overridden.display}  {where(self.overridden.location, self.root, self.overridden.assembly)}"
            )
        lines.extend(item.line(self.root) for item in self.items)
        return "\n".join(lines)


def listed(root: str, symbol: SymbolSummary, items: list[Related], projects: list[str]) -> ImplementationList:
    """An implementation list with its summary counted over every item (``projects``: each item's project)."""
    return ImplementationList(
        root,
        symbol,
        tuple(items),
        len(items),
        direct_count=sum(1 for item in items if item.direct),
        file_count=len({item.symbol.location.path for item in items if item.symbol.location}),
        by_project=counted(project for project in projects if project),
        by_kind=counted(item.symbol.kind for item in items),
    )
