"""``find_implementations`` and ``find_overrides``."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument
from ..interop import Operation
from ..naming import SymbolRef, resolve
from ..snapshot import Snapshot
from ..symbols import display, documentation_id, kind_of, normalize, overridden, summarize, summarize_all
from ..views.hierarchy import ImplementationList, OverrideList, Related


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
    items.sort(
        key=lambda r: (
            not r.direct,
            r.relation,
            r.symbol.location.path if r.symbol.location else "",
            r.symbol.location.line if r.symbol.location else 0,
        )
    )
    return ImplementationList(root=str(snapshot.root), symbol=summarize(symbol), items=tuple(items), total=len(items))


def find_overrides(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> OverrideList:
    """Every override of a virtual, abstract or override member (direct and transitive), and what it overrides."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    symbol = resolve(snapshot, operation, ref)
    if str(symbol.Kind) not in ("Method", "Property", "Event"):
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}, not a member that can be overridden.",
            "Name a method, property or event.",
        )
    found = operation.wait(SymbolFinder.FindOverridesAsync(symbol, snapshot.solution, None, operation.token))
    wanted = documentation_id(symbol)
    items = [
        Related(summarize(o), "overrides", documentation_id(normalize(overridden(o))) == wanted) for o in _unique(found)
    ]
    items.sort(
        key=lambda r: (
            not r.direct,
            r.symbol.location.path if r.symbol.location else "",
            r.symbol.location.line if r.symbol.location else 0,
        )
    )
    base = overridden(symbol)
    return OverrideList(
        root=str(snapshot.root),
        member=summarize(symbol),
        overridden=summarize(normalize(base)) if base is not None else None,
        items=tuple(items),
        total=len(items),
    )


def _interface_implementations(snapshot: Snapshot, operation: Operation, interface: Any) -> list[Related]:
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    def find(method: Any, transitive: bool) -> list[Any]:
        return _unique(operation.wait(method(interface, snapshot.solution, transitive, None, operation.token)))

    direct = {documentation_id(t) for t in find(SymbolFinder.FindImplementationsAsync, False)}
    items = [
        Related(s, "implements", s.documentation_id in direct)
        for s in summarize_all(find(SymbolFinder.FindImplementationsAsync, True))
    ]
    direct_interfaces = {documentation_id(t) for t in find(SymbolFinder.FindDerivedInterfacesAsync, False)}
    items += [
        Related(s, "derived interface", s.documentation_id in direct_interfaces)
        for s in summarize_all(find(SymbolFinder.FindDerivedInterfacesAsync, True))
    ]
    return items


def _derived_classes(snapshot: Snapshot, operation: Operation, type_symbol: Any, relation: str) -> list[Related]:
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    def find(transitive: bool) -> list[Any]:
        task = SymbolFinder.FindDerivedClassesAsync(type_symbol, snapshot.solution, transitive, None, operation.token)
        return _unique(operation.wait(task))

    direct = {documentation_id(t) for t in find(False)}
    return [Related(s, relation, s.documentation_id in direct) for s in summarize_all(find(True))]


def _is_implementable(member: Any) -> bool:
    container = member.ContainingType
    return bool(
        (container is not None and str(container.TypeKind) == "Interface")
        or member.IsAbstract
        or member.IsVirtual
        or member.IsOverride
    )


def _member_implementations(snapshot: Snapshot, operation: Operation, member: Any) -> list[Related]:
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    items: dict[str, Related] = {}
    if str(member.ContainingType.TypeKind) == "Interface":
        found = operation.wait(SymbolFinder.FindImplementationsAsync(member, snapshot.solution, None, operation.token))
        interface_id = documentation_id(member.ContainingType)
        for implementation in _unique(found):
            explicit = bool(list(getattr(implementation, "ExplicitInterfaceImplementations", []) or []))
            relation = "implements (explicit)" if explicit else "implements"
            declares = {documentation_id(normalize(i)) for i in implementation.ContainingType.Interfaces}
            is_override = overridden(implementation) is not None
            items[documentation_id(implementation)] = Related(
                summarize(implementation), relation, interface_id in declares or not is_override
            )
    overrides = operation.wait(SymbolFinder.FindOverridesAsync(member, snapshot.solution, None, operation.token))
    wanted = documentation_id(member)
    for override in _unique(overrides):
        key = documentation_id(override)
        if key not in items:
            items[key] = Related(
                summarize(override), "overrides", documentation_id(normalize(overridden(override))) == wanted
            )
    return list(items.values())


def _unique(symbols: Any) -> list[Any]:
    seen: dict[str, Any] = {}
    for symbol in symbols:
        symbol = normalize(symbol)
        seen.setdefault(documentation_id(symbol), symbol)
    return list(seen.values())
