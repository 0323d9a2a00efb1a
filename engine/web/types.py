"""Type helpers every web answer reads (endpoints, services, the data model): the types a project
declares, and whether one derives from another."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..symbols.describe import typed


def source_types(compilation: Any) -> Iterator[Any]:
    """Every type declared in the compilation's own source, nested ones too."""
    yield from _types_in(compilation.Assembly.GlobalNamespace)


def _types_in(namespace: Any) -> Iterator[Any]:
    for member in namespace.GetMembers():
        member = typed(member)
        if str(member.Kind) == "Namespace":
            yield from _types_in(member)
        elif member.Locations.Length and member.Locations[0].IsInSource:
            yield member
            yield from _nested(member)


def _nested(type_symbol: Any) -> Iterator[Any]:
    for nested in type_symbol.GetTypeMembers():
        nested = typed(nested)
        yield nested
        yield from _nested(nested)


def derives_from(type_symbol: Any, base: Any) -> bool:
    from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

    current = type_symbol.BaseType
    while current is not None:
        if current.Equals(base, SymbolEqualityComparer.Default):
            return True
        current = current.BaseType
    return False
