"""``type_members``: the members of a source or metadata type, optionally with inherited ones."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import (
    SYMBOL_KIND_WORDS,
    display,
    kind_of,
    overridden,
    qualified_name,
    signature,
    typed,
)
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.members import Member, MemberList
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

_KIND_ORDER = {word: index for index, word in enumerate(SYMBOL_KIND_WORDS)}
_HIDDEN = {"PropertyGet", "PropertySet", "EventAdd", "EventRemove", "EventRaise"}


@query()
def type_members(
    snapshot: Snapshot,
    operation: Operation,
    ref: SymbolRef,
    include_inherited: bool = False,
    kinds: list[str] | None = None,
) -> MemberList:
    """Members ordered by kind then name; inherited ones (``object``'s excepted) say where they come from."""
    symbol = typed(resolve(snapshot, operation, ref))
    if str(symbol.Kind) != "NamedType":
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}, not a type.", "Name a class, struct, interface, record or enum."
        )
    wanted = {k.strip().lower() for k in kinds} if kinds else set()
    unknown = wanted - set(SYMBOL_KIND_WORDS)
    if unknown:
        raise InvalidArgument(
            f"Unknown member kind(s): {', '.join(sorted(unknown))}.", f"Use: {', '.join(SYMBOL_KIND_WORDS)}."
        )
    members: list[Member] = []
    seen: set[str] = set()
    for owner in _types(symbol, include_inherited):
        for member in owner.GetMembers():
            operation.check()
            member = typed(member)
            if not _listed(member):
                continue
            summary = summarize(member)
            if wanted and summary.kind not in wanted:
                continue
            key = _override_key(member)
            if key in seen:
                continue  # an override hides what it overrides
            seen.add(key)
            members.append(Member(summary, signature(member), display(owner), owner is not symbol))
    members.sort(key=lambda m: (m.inherited, _KIND_ORDER.get(m.symbol.kind, 99), m.symbol.name, m.signature))
    return MemberList(root=str(snapshot.root), type_name=display(symbol), items=tuple(members), total=len(members))


def _types(symbol: Any, include_inherited: bool) -> list[Any]:
    found = [symbol]
    if include_inherited:
        base = symbol.BaseType
        while base is not None and (
            qualified_name(base) != "System.Object" or qualified_name(symbol) == "System.Object"
        ):
            found.append(typed(base))
            base = base.BaseType
        if str(symbol.TypeKind) == "Interface":
            found.extend(typed(i) for i in symbol.AllInterfaces)
    return found


def _listed(member: Any) -> bool:
    """Members a reader declares or calls: no accessors, no compiler-made members but default constructors."""
    kind = str(member.Kind)
    if kind == "Method":
        method_kind = str(member.MethodKind)
        if method_kind in _HIDDEN:
            return False
        return not member.IsImplicitlyDeclared or method_kind == "Constructor"
    return not member.IsImplicitlyDeclared


def _override_key(member: Any) -> str:
    """Members that override one another share a key, so only the most derived is listed."""
    current = member
    while (base := overridden(current)) is not None:
        current = base
    return f"{current.Kind}:{current.Name}:{signature(current)}"
