"""``type_hierarchy``: base chain, interfaces (direct and inherited), derived types as a tree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import (
    compilation,
    display,
    documentation_id,
    kind_of,
    normalize,
    typed,
    unique_definitions,
)
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize, summarize_all
from ..views.hierarchy import HierarchyNode, MemberOverrides, TypeHierarchy
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

DIRECTIONS = ("ancestors", "descendants", "both")
_ROOT_TYPES = {"System_Object", "System_ValueType", "System_Enum"}
"""Where a base chain is cut unless ``include_object`` asks for it (as ``SpecialType`` names them)."""


@query(scope="every_project")
def type_hierarchy(
    snapshot: Snapshot,
    operation: Operation,
    ref: SymbolRef,
    direction: str = "both",
    max_depth: int | None = None,
    include_object: bool = False,
    include_overrides: bool = False,
) -> TypeHierarchy:
    """The type's ancestors and/or descendants.

    Args:
        direction: ``ancestors`` (bases and interfaces), ``descendants`` (derived tree) or ``both``.
        max_depth: levels of the derived tree (``None``: all); nodes cut short are ``expandable``.
        include_object: list ``System.Object`` at the end of the base chain.
        include_overrides: for each virtual, abstract or interface member, the members overriding it below.
    """
    if direction not in DIRECTIONS:
        raise InvalidArgument(f"'{direction}' is not a direction.", f"Use one of: {', '.join(DIRECTIONS)}.")
    if max_depth is not None and max_depth < 1:
        raise InvalidArgument(
            f"A depth of {max_depth} shows nothing.", "Give a depth of 1 or more, or none for all levels."
        )
    symbol = typed(resolve(snapshot, operation, ref))
    if str(symbol.Kind) != "NamedType":
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}, not a type.", "Name a class, struct, interface or record."
        )
    bases: tuple[HierarchyNode, ...] = ()
    interfaces: tuple[HierarchyNode, ...] = ()
    derived: tuple[HierarchyNode, ...] = ()
    if direction in ("ancestors", "both"):
        bases = tuple(_bases(symbol, include_object))
        interfaces = tuple(_interfaces(symbol))
    if direction in ("descendants", "both"):
        derived = tuple(_derived(snapshot, operation, symbol, max_depth, 1, {documentation_id(symbol)}))
    overrides = tuple(_overrides(snapshot, operation, symbol)) if include_overrides else ()
    return TypeHierarchy(str(snapshot.root), summarize(symbol), bases, interfaces, derived, overrides)


def _bases(symbol: Any, include_object: bool) -> list[HierarchyNode]:
    chain = []
    base = symbol.BaseType
    while base is not None:
        if str(base.SpecialType) in _ROOT_TYPES and not include_object:
            break
        chain.append(base)
        base = base.BaseType
    return [HierarchyNode(summary, "base") for summary in summarize_all(chain)]


def _interfaces(symbol: Any) -> list[HierarchyNode]:
    """Direct interfaces, then inherited ones saying which base type or interface brings them."""
    direct, every = list(symbol.Interfaces), list(symbol.AllInterfaces)
    summaries = summarize_all(direct + every)
    direct_keys = {(s.documentation_id, s.display) for s in summaries[: len(direct)]}
    found = [HierarchyNode(summary, "interface", note="direct") for summary in summaries[: len(direct)]]
    inherited = [s for s in summaries[len(direct) :] if (s.documentation_id, s.display) not in direct_keys]
    if inherited:
        origin = _origins(symbol)
        found += [HierarchyNode(s, "interface", note=f"inherited from {origin(s.display)}") for s in inherited]
    return found


def _origins(symbol: Any) -> Callable[[str], str]:
    """Which direct interface, else which base type, brings an inherited interface (by its display): every
    interface of each of them summarized in one call."""
    candidates = list(symbol.Interfaces)
    chain = []
    base = symbol.BaseType
    while base is not None:
        chain.append(base)
        base = base.BaseType
    owners = candidates + chain
    interfaces = [list(owner.AllInterfaces) for owner in owners]
    summaries = summarize_all(owners + [i for each in interfaces for i in each])
    names = [s.display for s in summaries[: len(owners)]]
    brought: list[set[str]] = []
    start = len(owners)
    for each in interfaces:
        brought.append({s.display for s in summaries[start : start + len(each)]})
        start += len(each)

    def origin(wanted: str) -> str:
        for index in range(len(candidates)):
            if wanted in brought[index]:
                return names[index]
        # The farthest base in the unbroken run of bases that have it, from the nearest.
        owner = None
        for index in range(len(candidates), len(owners)):
            if wanted not in brought[index]:
                break
            owner = names[index]
        return owner or "a base type"

    return origin


def _derived(
    snapshot: Snapshot, operation: Operation, symbol: Any, max_depth: int | None, depth: int, path: set[str]
) -> list[HierarchyNode]:
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    solution, token = snapshot.solution, operation.token
    finds: list[tuple[Any, str]] = []
    if str(symbol.TypeKind) == "Interface":
        finds.append(
            (SymbolFinder.FindDerivedInterfacesAsync(symbol, solution, False, None, token), "derived interface")
        )
        finds.append((SymbolFinder.FindImplementationsAsync(symbol, solution, False, None, token), "implements"))
    elif str(symbol.TypeKind) == "Class":
        finds.append((SymbolFinder.FindDerivedClassesAsync(symbol, solution, False, None, token), "derives"))
    nodes = []
    seen: set[str] = set()
    for task, relation in finds:
        keys, children = unique_definitions(operation.wait(task))
        kept = []
        for index, key in enumerate(keys):
            if key not in seen and key not in path:  # several targets, or a cycle through broken code
                seen.add(key)
                kept.append(index)
        summaries = summarize_all(children, only=kept)
        if max_depth is not None and depth >= max_depth:
            named = _named_bases(snapshot, operation)
            marks = [keys[index] in named for index in kept]
            nodes += [HierarchyNode(s, relation, expandable=m) for s, m in zip(summaries, marks, strict=True)]
            continue
        for index, summary in zip(kept, summaries, strict=True):
            operation.check()  # System.Object has thousands of descendants: honour the deadline between them
            child = typed(children[index])
            grandchildren = _derived(snapshot, operation, child, max_depth, depth + 1, path | {keys[index]})
            nodes.append(HierarchyNode(summary, relation, tuple(grandchildren)))
    nodes.sort(key=lambda n: (n.relation, n.symbol.display))
    return nodes


NAMED_BASES_MEMO = "named_bases"


def _named_bases(snapshot: Snapshot, operation: Operation) -> frozenset[str]:
    """The documentation ids of every type some type of the solution names as its base class or among its
    interfaces: the types that have derived types or implementations of their own. Once per snapshot."""
    return snapshot.memo(NAMED_BASES_MEMO, lambda: _walk_named_bases(snapshot, operation))


def _walk_named_bases(snapshot: Snapshot, operation: Operation) -> frozenset[str]:
    from Microsoft.CodeAnalysis import Compilation  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    compilations = [compilation(snapshot, project, operation) for project in snapshot.all_projects]
    joined = str(helpers().Relations.NamedBases(Array[Compilation](compilations), operation.token))
    return frozenset(joined.split("\n")) if joined else frozenset()


def _overrides(snapshot: Snapshot, operation: Operation, symbol: Any) -> list[MemberOverrides]:
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    is_interface = str(symbol.TypeKind) == "Interface"
    found = []
    for member in symbol.GetMembers():
        member = typed(member)
        if str(member.Kind) not in ("Method", "Property", "Event") or member.IsImplicitlyDeclared:
            continue
        if str(member.Kind) == "Method" and str(member.MethodKind) != "Ordinary":
            continue
        if not (is_interface or member.IsVirtual or member.IsAbstract or member.IsOverride):
            continue
        finder = SymbolFinder.FindImplementationsAsync if is_interface else SymbolFinder.FindOverridesAsync
        related = operation.wait(finder(member, snapshot.solution, None, operation.token))
        unique = {documentation_id(normalize(r)): summarize(normalize(r)) for r in related}
        if unique:
            found.append(MemberOverrides(summarize(member), tuple(sorted(unique.values(), key=lambda s: s.display))))
    return found
