"""``find_implementations`` and ``find_overrides``, over every target of a multi-targeted project
(``engine.symbols.linked``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import (
    display,
    documentation_id,
    kind_of,
    normalize,
    overridden,
    symbol_array,
    unique_definitions,
)
from ..symbols.linked import linked_symbols, search_all
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize, summarize_all
from ..views.hierarchy import ImplementationList, OverrideList, Related, listed
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot


@query(scope="every_project")
def find_implementations(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> ImplementationList:
    """What implements an interface (and which interfaces derive from it), what derives from a class,
    and what implements or overrides an interface, abstract or virtual member. Direct ones first.
    """
    symbol = resolve(snapshot, operation, ref)
    kind = str(symbol.Kind)
    if kind == "NamedType" and str(symbol.TypeKind) == "Interface":
        items = _interface_implementations(snapshot, operation, symbol)
    elif kind == "NamedType" and str(symbol.TypeKind) == "Class":
        items = _derived_classes(snapshot, operation, symbol, "derives")
    elif kind in ("Method", "Property", "Event") and _is_implementable(symbol):
        items = _member_implementations(snapshot, operation, symbol)
    else:
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}: nothing can implement or override it.",
            "Name an interface, a class, or an interface, abstract or virtual member.",
        )
    in_source = iter(snapshot.projects_of([i.symbol.location.path for i in items if i.symbol.location]))
    projects = [next(in_source) if item.symbol.location else item.symbol.assembly for item in items]
    return listed(str(snapshot.root), summarize(symbol), items, projects)


@query(scope="every_project")
def find_overrides(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> OverrideList:
    """Every override of a virtual, abstract or override member (direct and transitive), and what it overrides."""
    symbol = resolve(snapshot, operation, ref)
    if str(symbol.Kind) not in ("Method", "Property", "Event"):
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}, not a member that can be overridden.",
            "Name a method, property or event.",
        )
    _, items = _overrides(snapshot, operation, symbol)
    base = overridden(symbol)
    return OverrideList(
        root=str(snapshot.root),
        member=summarize(symbol),
        overridden=summarize(normalize(base)) if base is not None else None,
        items=tuple(items),
        total=len(items),
    )


def _interface_implementations(snapshot: Snapshot, operation: Operation, interface: Any) -> list[Related]:
    from Microsoft.CodeAnalysis import ISymbol, ITypeSymbol  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    targets = linked_symbols(snapshot, operation, interface)
    items = []
    for method, relation, kind in (
        (SymbolFinder.FindImplementationsAsync, "implements", ISymbol),
        (SymbolFinder.FindDerivedInterfacesAsync, "derived interface", ITypeSymbol),
    ):
        found = search_all(operation, targets, _finder(method, snapshot, operation), kind)
        items += _related(found, interface, relation)
    return _in_order(items)


def _finder(method: Any, snapshot: Snapshot, operation: Operation) -> Any:
    """``symbol -> method(symbol, solution, transitive, every project, token)``."""
    return lambda symbol: method(symbol, snapshot.solution, True, None, operation.token)


def _derived_classes(snapshot: Snapshot, operation: Operation, type_symbol: Any, relation: str) -> list[Related]:
    from Microsoft.CodeAnalysis import ITypeSymbol  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    found = search_all(
        operation,
        linked_symbols(snapshot, operation, type_symbol),
        lambda s: SymbolFinder.FindDerivedClassesAsync(s, snapshot.solution, True, None, operation.token),
        ITypeSymbol,
    )
    return _in_order(_related(found, type_symbol, relation))


def _related(found: Any, target: Any, relation: str) -> list[Related]:
    """The types a transitive search found, each once, marked direct where its own base list names ``target``:
    the same answer as a second, non-transitive search, without paying for it."""
    _, symbols = unique_definitions(found)
    marks = direct_marks(symbols, target)
    return [Related(summary, relation, mark) for summary, mark in zip(summarize_all(symbols), marks, strict=True)]


def direct_marks(types: Any, target: Any) -> list[bool]:
    """For each type deriving from or implementing ``target``, whether it names ``target`` in its own base list."""
    marks = str(helpers().Relations.DirectMarks(symbol_array(types), target)) if len(types) else ""
    return [mark == "1" for mark in marks]


def _is_implementable(member: Any) -> bool:
    container = member.ContainingType
    return bool(
        (container is not None and str(container.TypeKind) == "Interface")
        or member.IsAbstract
        or member.IsVirtual
        or member.IsOverride
    )


def _member_implementations(snapshot: Snapshot, operation: Operation, member: Any) -> list[Related]:
    from Microsoft.CodeAnalysis import ISymbol  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    items: dict[str, Related] = {}
    if str(member.ContainingType.TypeKind) == "Interface":
        _, found = unique_definitions(search_all(operation, linked_symbols(snapshot, operation, member),
            lambda s: SymbolFinder.FindImplementationsAsync(s, snapshot.solution, None, operation.token), ISymbol))  # fmt: skip
        interface_id = documentation_id(member.ContainingType)
        for facts, summary in zip(_facts(found), summarize_all(found), strict=True):
            relation = "implements (explicit)" if facts.explicit else "implements"
            # An implementation that overrides a base's is direct only where its own type names the interface.
            direct = interface_id in facts.interfaces or not facts.overrides
            items[facts.documentation_id] = Related(summary, relation, direct)
    keys, overrides = _overrides(snapshot, operation, member)
    if not items:
        return overrides  # already in order
    for key, related in zip(keys, overrides, strict=True):
        items.setdefault(key, related)
    return _in_order(list(items.values()))


def _overrides(snapshot: Snapshot, operation: Operation, member: Any) -> tuple[list[str], list[Related]]:
    """Every override of ``member`` found, each once, with its documentation id, in the order lists show
    them (``_in_order``), from the C# helper in one call."""
    from Microsoft.CodeAnalysis import ISymbol  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    found = search_all(
        operation,
        linked_symbols(snapshot, operation, member),
        lambda s: SymbolFinder.FindOverridesAsync(s, snapshot.solution, None, operation.token),
        ISymbol,
    )
    ordered = helpers().Relations.OrderedOverrides(found, member)
    keys = str(ordered.Ids).split("\n") if ordered.Symbols.Length else []
    marks = [mark == "1" for mark in str(ordered.Marks)]
    summaries = summarize_all(ordered.Symbols)
    return keys, [Related(summary, "overrides", mark) for summary, mark in zip(summaries, marks, strict=True)]


def _in_order(items: list[Related]) -> list[Related]:
    """Direct ones first, then by relation and by place (the overrides of one member come so from the helper)."""
    items.sort(key=_order)
    return items


def _order(item: Related) -> tuple[Any, ...]:
    location = item.symbol.location
    return (not item.direct, item.relation, location.path if location else "", location.line if location else 0)


@dataclass(frozen=True)
class _Facts:
    documentation_id: str
    overrides: str
    """The documentation id of the member this one overrides, "" when none."""
    explicit: bool
    """Whether it implements an interface member explicitly."""
    interfaces: frozenset[str]
    """The documentation ids of the interfaces its containing type declares."""


def _facts(symbols: Any) -> list[_Facts]:
    """What the lists above ask of each found symbol, from the C# helper in one call."""
    if not len(symbols):
        return []
    rows = json.loads(str(helpers().Relations.Describe(symbol_array(symbols))))
    return [_Facts(key, overrides, explicit, frozenset(ids)) for key, overrides, explicit, ids in rows]
