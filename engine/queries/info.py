"""``symbol_info`` and ``method_overloads``."""

from __future__ import annotations

from typing import Any

from ..docs import documentation
from ..errors import InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display, kind_of, qualified_name, signature, source_locations, typed
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.symbol_info import Parameter, SymbolInfo, TypeParameter
from ..views.symbols import SymbolList
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

_MODIFIERS = (
    ("IsStatic", "static"),
    ("IsAbstract", "abstract"),
    ("IsVirtual", "virtual"),
    ("IsOverride", "override"),
    ("IsSealed", "sealed"),
    ("IsExtern", "extern"),
)


@query(restricted=True)
def symbol_info(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> SymbolInfo:
    """Kind, signature, modifiers, containers, XML doc and every declaration of one symbol."""
    symbol = resolve(snapshot, operation, ref)
    return describe(snapshot, symbol)


def describe(snapshot: Snapshot, symbol: Any) -> SymbolInfo:
    symbol = typed(symbol)
    kind = str(symbol.Kind)
    namespace = symbol.ContainingNamespace
    details: dict[str, Any] = {}
    if kind == "NamedType":
        details = _type_details(symbol)
    elif kind == "Method":
        details = _method_details(symbol)
    elif kind in ("Property", "Field", "Event", "Local", "Parameter"):
        details = _value_details(symbol, kind)
    modifiers = tuple(_modifiers(symbol, kind))
    return SymbolInfo(
        root=str(snapshot.root),
        symbol=summarize(symbol),
        signature=_type_signature(symbol, modifiers, details) if kind == "NamedType" else signature(symbol),
        accessibility=_accessibility(symbol),
        modifiers=modifiers,
        namespace=qualified_name(namespace) if namespace is not None and not typed(namespace).IsGlobalNamespace else "",
        containing_type=display(symbol.ContainingType) if symbol.ContainingType is not None else "",
        assembly=str(symbol.ContainingAssembly.Name) if symbol.ContainingAssembly is not None else "",
        documentation=documentation(symbol),
        locations=tuple(source_locations(symbol)),
        **details,
    )


def _accessibility(symbol: Any) -> str:
    words = {
        "Public": "public",
        "Private": "private",
        "Internal": "internal",
        "Protected": "protected",
        "ProtectedOrInternal": "protected internal",
        "ProtectedAndInternal": "private protected",
    }
    return words.get(str(symbol.DeclaredAccessibility), "")


def _modifiers(symbol: Any, kind: str) -> list[str]:
    found = [_accessibility(symbol)] if _accessibility(symbol) else []
    found += [word for attribute, word in _MODIFIERS if getattr(symbol, attribute, False)]
    if kind == "NamedType" and len(source_locations(symbol)) > 1:
        found.append("partial")
    if kind == "Method" and symbol.IsAsync:
        found.append("async")
    if kind == "Field":
        if symbol.IsConst:
            found = [w for w in found if w != "static"] + ["const"]
        elif symbol.IsReadOnly:
            found.append("readonly")
    if kind == "NamedType" and str(symbol.TypeKind) == "Class" and symbol.IsAbstract and symbol.IsSealed:
        found = [w for w in found if w not in ("abstract", "sealed")]
    if kind == "NamedType" and str(symbol.TypeKind) == "Interface":
        found = [w for w in found if w != "abstract"]  # every interface is abstract: C# never says so
    owner = getattr(symbol, "ContainingType", None)
    if kind != "NamedType" and owner is not None and str(owner.TypeKind) == "Interface" and not symbol.IsStatic:
        found = [w for w in found if w != "abstract"]  # nor of an interface member without a body
    return found


def _type_signature(symbol: Any, modifiers: tuple[str, ...], details: dict[str, Any]) -> str:
    """``public partial class Customer : Entity``, as the declaration would read."""
    bases = [details["base_type"]] if details.get("base_type") else []
    bases += [i for i in details.get("interfaces", ()) if not i.endswith("(inherited)")]
    words = [*modifiers, details["type_kind"], display(symbol)]
    return " ".join(words) + (f" : {', '.join(bases)}" if bases else "")


def _type_details(symbol: Any) -> dict[str, Any]:
    base = symbol.BaseType
    skip = {"System.Object", "System.ValueType", "System.Enum", "System.MulticastDelegate"}
    direct = {str(i.ToString()) for i in symbol.Interfaces}
    interfaces = [display(i) + ("" if str(i.ToString()) in direct else " (inherited)") for i in symbol.AllInterfaces]
    return {
        "type_kind": kind_of(symbol),
        "base_type": display(base) if base is not None and qualified_name(base) not in skip else "",
        "interfaces": tuple(interfaces),
        "type_parameters": tuple(_type_parameter(p) for p in symbol.TypeParameters),
        "is_generic": bool(symbol.IsGenericType),
    }


def _method_details(symbol: Any) -> dict[str, Any]:
    overloads = symbol.ContainingType.GetMembers(symbol.Name).Length if symbol.ContainingType is not None else 1
    return {
        "return_type": display(symbol.ReturnType),
        "parameters": tuple(
            _parameter(p, symbol.IsExtensionMethod and i == 0) for i, p in enumerate(symbol.Parameters)
        ),
        "type_parameters": tuple(_type_parameter(p) for p in symbol.TypeParameters),
        "is_async": bool(symbol.IsAsync),
        "is_extension": bool(symbol.IsExtensionMethod),
        "is_generic": bool(symbol.IsGenericMethod),
        "overload_count": int(overloads),
    }


def _value_details(symbol: Any, kind: str) -> dict[str, Any]:
    details: dict[str, Any] = {"value_type": display(symbol.Type)}
    if kind == "Property":
        accessors = []
        if symbol.GetMethod is not None:
            accessors.append(_accessor("get", symbol.GetMethod, symbol))
        if symbol.SetMethod is not None:
            accessors.append(_accessor("init" if symbol.SetMethod.IsInitOnly else "set", symbol.SetMethod, symbol))
        details["accessors"] = tuple(accessors)
        details["parameters"] = tuple(_parameter(p, False) for p in symbol.Parameters)
    if kind == "Field" and symbol.HasConstantValue:
        value = symbol.ConstantValue
        details["constant_value"] = repr(str(value)) if isinstance(value, str) else str(value)
    return details


def _accessor(word: str, accessor: Any, owner: Any) -> str:
    if accessor.DeclaredAccessibility != owner.DeclaredAccessibility:
        return f"{_accessibility(accessor)} {word}"
    return word


def _parameter(parameter: Any, is_this: bool) -> Parameter:
    parameter = typed(parameter)
    modifier = "this" if is_this else {"Ref": "ref", "Out": "out", "In": "in"}.get(str(parameter.RefKind), "")
    if parameter.IsParams:
        modifier = "params"
    default = None
    if parameter.HasExplicitDefaultValue:
        value = parameter.ExplicitDefaultValue
        default = (
            "null"
            if value is None
            else repr(value)
            if isinstance(value, str)
            else str(value).lower()
            if isinstance(value, bool)
            else str(value)
        )
    return Parameter(name=str(parameter.Name), type=display(parameter.Type), default=default, modifier=modifier)


def _type_parameter(parameter: Any) -> TypeParameter:
    parameter = typed(parameter)
    constraints = []
    if parameter.HasReferenceTypeConstraint:
        constraints.append("class")
    if parameter.HasValueTypeConstraint:
        constraints.append("struct")
    if parameter.HasUnmanagedTypeConstraint:
        constraints.append("unmanaged")
    if parameter.HasNotNullConstraint:
        constraints.append("notnull")
    constraints.extend(display(t) for t in parameter.ConstraintTypes)
    if parameter.HasConstructorConstraint:
        constraints.append("new()")
    return TypeParameter(name=str(parameter.Name), constraints=tuple(constraints))


@query()
def method_overloads(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> SymbolList:
    """Every method sharing the named method's name in its type (constructors: every constructor).

    An ambiguous name is fine here: ``Journal.Add`` names the overload set.
    """
    from ..symbols.naming import resolve_all

    if ref.name is not None:
        candidates = [typed(c) for c in resolve_all(snapshot, operation, ref.name)]
        if not candidates:
            resolve(snapshot, operation, ref)  # raises SymbolNotFound with suggestions
        symbol = candidates[0]
    else:
        symbol = typed(resolve(snapshot, operation, ref))
    if str(symbol.Kind) != "Method" or symbol.ContainingType is None:
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}, not a method.", "Name a method or constructor."
        )
    members = symbol.ContainingType.GetMembers(symbol.Name)
    overloads = [summarize(m) for m in members if str(m.Kind) == "Method"]
    overloads.sort(key=lambda s: (s.location.path, s.location.line) if s.location else ("", len(s.display)))
    name = f"{display(symbol.ContainingType)}.{overloads[0].name}" if overloads else display(symbol)
    return SymbolList(
        root=str(snapshot.root), title=f"Overloads of {name}", items=tuple(overloads), total=len(overloads)
    )
