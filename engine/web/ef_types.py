"""How EF Core sees a CLR type: which of its properties are columns and which are navigations, and the
data annotations on them. Read from Roslyn symbols, following EF Core's conventions: a public instance
property with a getter that can be written (a setter, or an auto-property's backing field) is mapped;
a scalar (a primitive, ``string``, ``decimal``, a ``System`` struct, an enum, ``byte[]``, a collection of
scalars) is a column; another class, or a collection of one, is a navigation to an entity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..symbols.describe import display, full_name, typed

_SCALAR_CLASSES = {"System.String", "System.Uri", "System.Byte[]"}


@dataclass(frozen=True)
class Navigation:
    name: str
    target: Any
    """The entity type it leads to (the element type of a collection)."""
    collection: bool
    symbol: Any


@dataclass(frozen=True)
class Scalar:
    name: str
    type: str
    symbol: Any


def mapped_members(type_symbol: Any, stop_at: set[str]) -> tuple[list[Scalar], list[Navigation]]:
    """The properties EF Core maps on ``type_symbol``, its base classes' too up to the first whose name
    is in ``stop_at`` (a base that is an entity itself maps its own)."""
    scalars: list[Scalar] = []
    navigations: list[Navigation] = []
    seen: set[str] = set()
    current, first = type_symbol, True
    while current is not None and str(current.SpecialType) != "System_Object":
        if not first and full_name(current) in stop_at:
            break
        first = False
        for member in current.GetMembers():
            if str(member.Kind) != "Property" or str(member.Name) in seen:
                continue
            prop = typed(member)
            seen.add(str(prop.Name))
            if not _mapped(prop):
                continue
            target, collection = navigation_target(prop.Type)
            if target is None:
                scalars.append(Scalar(str(prop.Name), display(prop.Type), prop))
            else:
                navigations.append(Navigation(str(prop.Name), target, collection, prop))
        current = current.BaseType
    return scalars, navigations


def _mapped(prop: Any) -> bool:
    if prop.IsStatic or prop.IsIndexer or str(prop.DeclaredAccessibility) != "Public" or prop.GetMethod is None:
        return False
    if has_attribute(prop, "NotMappedAttribute"):
        return False
    if prop.SetMethod is not None:
        return True
    return _has_backing_field(prop)


def _has_backing_field(prop: Any) -> bool:
    """A get-only auto-property (``List<Order> Orders { get; } = []``) keeps a field EF Core writes."""
    from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

    for member in prop.ContainingType.GetMembers():
        if str(member.Kind) == "Field":
            associated = typed(member).AssociatedSymbol
            if associated is not None and associated.Equals(prop, SymbolEqualityComparer.Default):
                return True
    return not any(location.IsInSource for location in prop.Locations)  # metadata: a library's entity


def navigation_target(type_symbol: Any) -> tuple[Any, bool]:
    """``(entity type, is_collection)`` when a property of this type is a navigation, else ``(None, False)``."""
    if is_scalar(type_symbol):
        return None, False
    element = _collection_element(type_symbol)
    if element is not None:
        return (None, False) if is_scalar(element) else (element, True)
    if str(type_symbol.TypeKind) in ("Class", "Interface") and not full_name(type_symbol).startswith("System."):
        return type_symbol, False
    return None, False


def is_scalar(type_symbol: Any) -> bool:
    type_symbol = _underlying(type_symbol)
    if str(type_symbol.SpecialType) != "None" or str(type_symbol.TypeKind) == "Enum":
        return True
    name = full_name(type_symbol)
    if name in _SCALAR_CLASSES:
        return True
    if str(type_symbol.TypeKind) == "Struct" and name.startswith("System."):
        return True  # Guid, DateTimeOffset, DateOnly, TimeOnly, TimeSpan...
    element = _collection_element(type_symbol)
    return element is not None and is_scalar(element)  # a primitive collection: a JSON column


def _underlying(type_symbol: Any) -> Any:
    """``int`` for ``int?``."""
    if str(type_symbol.OriginalDefinition.SpecialType) == "System_Nullable_T":
        return typed(typed(type_symbol).TypeArguments[0])
    return typed(type_symbol)


def _collection_element(type_symbol: Any) -> Any:
    if str(type_symbol.TypeKind) == "Array":
        return typed(typed(type_symbol).ElementType)
    if str(type_symbol.SpecialType) == "System_String":
        return None
    candidates = [type_symbol, *type_symbol.AllInterfaces]
    for candidate in candidates:
        candidate = typed(candidate)
        if str(candidate.OriginalDefinition.SpecialType) == "System_Collections_Generic_IEnumerable_T":
            return typed(candidate.TypeArguments[0])
    return None


def has_attribute(symbol: Any, name: str) -> bool:
    return attribute(symbol, name) is not None


def attribute(symbol: Any, name: str) -> Any:
    for each in symbol.GetAttributes():
        if each.AttributeClass is not None and str(each.AttributeClass.Name) == name:
            return each
    return None


def attribute_strings(symbol: Any, name: str) -> list[str]:
    """The string arguments of ``[name(...)]`` on ``symbol``, ``params`` arrays spread."""
    found = attribute(symbol, name)
    if found is None:
        return []
    values: list[str] = []
    for argument in found.ConstructorArguments:
        if str(argument.Kind) == "Array":
            values += [str(v.Value) for v in argument.Values if v.Value is not None]
        elif argument.Value is not None:
            values.append(str(argument.Value))
    return values


def named_argument(symbol: Any, attribute_name: str, argument: str) -> str:
    found = attribute(symbol, attribute_name)
    if found is None:
        return ""
    for pair in found.NamedArguments:
        if str(pair.Key) == argument and pair.Value.Value is not None:
            return str(pair.Value.Value)
    return ""
