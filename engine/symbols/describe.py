"""Turn Roslyn symbols into plain values: kinds as words, C# signatures, locations, summaries."""

from __future__ import annotations

import os
import threading
from typing import Any

from ..models import Location
from ..workspace.snapshot import Snapshot

_TYPE_KINDS = {
    "Class": "class",
    "Interface": "interface",
    "Struct": "struct",
    "Enum": "enum",
    "Delegate": "delegate",
    "TypeParameter": "type parameter",
    "Array": "array",
    "Error": "error type",
}
_METHOD_KINDS = {
    "Constructor": "constructor",
    "StaticConstructor": "static constructor",
    "Destructor": "destructor",
    "UserDefinedOperator": "operator",
    "Conversion": "conversion",
    "PropertyGet": "property getter",
    "PropertySet": "property setter",
    "EventAdd": "event adder",
    "EventRemove": "event remover",
    "LocalFunction": "local function",
    "AnonymousFunction": "lambda",
}
_SYMBOL_KINDS = {
    "Property": "property",
    "Field": "field",
    "Event": "event",
    "Namespace": "namespace",
    "Parameter": "parameter",
    "Local": "local",
    "Alias": "alias",
    "Label": "label",
    "RangeVariable": "range variable",
    "Discard": "discard",
    "Assembly": "assembly",
    "NetModule": "module",
}

SYMBOL_KIND_WORDS = (
    "namespace",
    "class",
    "record",
    "record struct",
    "struct",
    "interface",
    "enum",
    "delegate",
    "method",
    "constructor",
    "property",
    "indexer",
    "field",
    "constant",
    "event",
    "enum member",
)


_INTERFACES: dict[str, str] = {
    "NamedType": "INamedTypeSymbol",
    "ErrorType": "INamedTypeSymbol",
    "Method": "IMethodSymbol",
    "Property": "IPropertySymbol",
    "Field": "IFieldSymbol",
    "Event": "IEventSymbol",
    "Namespace": "INamespaceSymbol",
    "Parameter": "IParameterSymbol",
    "Local": "ILocalSymbol",
    "TypeParameter": "ITypeParameterSymbol",
    "ArrayType": "IArrayTypeSymbol",
    "PointerType": "IPointerTypeSymbol",
    "Alias": "IAliasSymbol",
    "RangeVariable": "IRangeVariableSymbol",
    "Label": "ILabelSymbol",
    "Assembly": "IAssemblySymbol",
}
_cast_cache: dict[str, Any] = {}


def typed(symbol: Any) -> Any:
    """The symbol seen through its most specific interface.

    pythonnet exposes an object through the interface type the API declared (``ISymbol``), so the
    members of ``INamedTypeSymbol`` and friends are only reachable after this cast.
    """
    if symbol is None:
        return None
    interface_name = _INTERFACES.get(str(symbol.Kind))
    if interface_name is None:
        return symbol
    interface = _cast_cache.get(interface_name)
    if interface is None:
        import Microsoft.CodeAnalysis as roslyn  # type: ignore[import-not-found]

        interface = _cast_cache[interface_name] = getattr(roslyn, interface_name)
    return interface(symbol)


def kind_of(symbol: Any) -> str:
    symbol = typed(symbol)
    kind = str(symbol.Kind)
    return kind_word(
        kind,
        type_kind=str(symbol.TypeKind) if kind == "NamedType" else "",
        method_kind=str(symbol.MethodKind) if kind == "Method" else "",
        is_record=kind == "NamedType" and bool(symbol.IsRecord),
        is_indexer=kind == "Property" and bool(symbol.IsIndexer),
        enum_member=kind == "Field"
        and symbol.ContainingType is not None
        and str(symbol.ContainingType.TypeKind) == "Enum",
        constant=kind == "Field" and bool(symbol.IsConst),
    )


def kind_word(
    kind: str,
    type_kind: str = "",
    method_kind: str = "",
    is_record: bool = False,
    is_indexer: bool = False,
    enum_member: bool = False,
    constant: bool = False,
) -> str:
    """The word for a symbol's kind, from Roslyn's facts about it (``record struct``, ``extension method``...)."""
    if kind == "NamedType":
        if is_record:
            return "record struct" if type_kind == "Struct" else "record"
        return _TYPE_KINDS.get(type_kind, "type")
    if kind == "Method":
        return _METHOD_KINDS.get(method_kind, "method")
    if kind == "Property" and is_indexer:
        return "indexer"
    if kind == "Field":
        if enum_member:
            return "enum member"
        if constant:
            return "constant"
    return _SYMBOL_KINDS.get(kind, _TYPE_KINDS.get(kind, kind.lower()))


_format_lock = threading.Lock()
_format_cache: dict[str, Any] = {}


def symbol_format(name: str) -> Any:
    """Display formats, built once: ``short`` (Journal.Add(string, Order)) and ``full`` (namespaces too)."""
    if not _format_cache:
        _build_formats()
    return _format_cache[name]


def _build_formats() -> None:
    """All at once under a lock: a thread that saw one format must find them all (two threads asked at
    once when the app opened a symbol while the load went on)."""
    with _format_lock:
        if _format_cache:
            return
        from Microsoft.CodeAnalysis import (  # type: ignore[import-not-found]
            SymbolDisplayFormat,
            SymbolDisplayMemberOptions,
            SymbolDisplayMiscellaneousOptions,
            SymbolDisplayParameterOptions,
            SymbolDisplayTypeQualificationStyle,
        )

        base = SymbolDisplayFormat.CSharpErrorMessageFormat
        short = SymbolDisplayFormat(
            base.GlobalNamespaceStyle,
            SymbolDisplayTypeQualificationStyle.NameAndContainingTypes,
            base.GenericsOptions,
            base.MemberOptions,
            base.DelegateStyle,
            base.ExtensionMethodStyle,
            base.ParameterOptions,
            base.PropertyStyle,
            base.LocalOptions,
            base.KindOptions,
            base.MiscellaneousOptions,
        )
        built: dict[str, Any] = {"short": short}
        built["full"] = SymbolDisplayFormat.FullyQualifiedFormat.RemoveMiscellaneousOptions(
            SymbolDisplayMiscellaneousOptions.UseSpecialTypes
        )
        built["signature"] = short.AddMemberOptions(
            SymbolDisplayMemberOptions.IncludeAccessibility
            | SymbolDisplayMemberOptions.IncludeModifiers
            | SymbolDisplayMemberOptions.IncludeType
            | SymbolDisplayMemberOptions.IncludeConstantValue
        ).AddParameterOptions(
            SymbolDisplayParameterOptions.IncludeName | SymbolDisplayParameterOptions.IncludeDefaultValue
        )
        _format_cache.update(built)


def to_display(symbol: Any, fmt: Any) -> str:
    """``ToDisplayString`` through the static C# helper.

    Called on the instance, pythonnet only sees the declared interface's overloads
    (``ITypeSymbol.ToDisplayString(NullableFlowState, ...)``), not the inherited ``ISymbol`` one.
    """
    from Microsoft.CodeAnalysis import ISymbol  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import SymbolDisplay  # type: ignore[import-not-found]

    return str(SymbolDisplay.ToDisplayString(ISymbol(symbol), fmt))


def display_format() -> Any:
    """The ``SymbolDisplayFormat`` of ``display``, for C# helpers that name symbols the same way."""
    return symbol_format("short")


def display(symbol: Any) -> str:
    """``Journal.Add(string, decimal)``: the way C# error messages name a symbol, without namespaces."""
    return to_display(symbol, symbol_format("short"))


def full_name(symbol: Any) -> str:
    """``Web.Server.Data.Order``, ``System.String``: namespaces and containing types, no keywords."""
    return to_display(symbol, symbol_format("full")).removeprefix("global::")


def signature(symbol: Any) -> str:
    """The declaration as C# writes it: ``public void Journal.Add(string text, decimal amount)``."""
    return to_display(symbol, symbol_format("signature"))


def qualified_name(symbol: Any) -> str:
    """``Shop.Core.Journal.Add``: namespace, containing types and name."""
    kind = str(symbol.Kind)
    if kind in ("Namespace", "NamedType", "ErrorType", "ArrayType", "PointerType", "TypeParameter"):
        return to_display(symbol, symbol_format("full")).removeprefix("global::")
    container = symbol.ContainingType
    name = str(symbol.Name) if str(symbol.Name) != ".ctor" else str(container.Name) if container else ".ctor"
    return f"{qualified_name(container)}.{name}" if container is not None else name


def documentation_id(symbol: Any) -> str:
    from Microsoft.CodeAnalysis import DocumentationCommentId  # type: ignore[import-not-found]

    value = symbol.GetDocumentationCommentId()
    if value is None:
        value = DocumentationCommentId.CreateReferenceId(symbol)
    return str(value or "")


def location_of(roslyn_location: Any) -> Location | None:
    """A Roslyn ``Location`` in source as a 1-based ``Location`` where a person edits it (see
    ``answered_span``); ``None`` for metadata."""
    if roslyn_location is None:
        return None
    if str(roslyn_location.Kind) == "ExternalFile":  # a file that is no document (a .razor file's RZ error)
        span = roslyn_location.GetLineSpan()
    elif not roslyn_location.IsInSource:
        return None
    else:
        span = answered_span(roslyn_location)
    start, end = span.StartLinePosition, span.EndLinePosition
    return Location(str(span.Path), start.Line + 1, start.Character + 1, end.Line + 1, end.Character + 1)


def answered_span(roslyn_location: Any) -> Any:
    """The span a location is answered at: in code a generator wrote with ``#line`` directives to a file
    that exists (Razor's output, to its ``.razor`` and ``.cshtml`` lines), that file's span, as the
    compiler reports its errors there; else the location's own (``Symbols.Answered`` in C#)."""
    span = roslyn_location.GetLineSpan()
    tree = roslyn_location.SourceTree
    if tree is None or not tree.GetRoot().ContainsDirectives:
        return span
    mapped = roslyn_location.GetMappedLineSpan()
    path = str(mapped.Path)
    if mapped.HasMappedPath and path != str(span.Path) and os.path.isabs(path) and os.path.isfile(path):
        return mapped
    # A component's or page's class: Razor writes its declaration with no #line (nobody wrote
    # "class TodoList"), and the .razor file is where a person finds it.
    razor = razor_file_of(tree)
    if razor is not None and _declares_type(roslyn_location, tree):
        from Microsoft.CodeAnalysis import FileLinePositionSpan  # type: ignore[import-not-found]
        from Microsoft.CodeAnalysis.Text import LinePosition  # type: ignore[import-not-found]

        return FileLinePositionSpan(razor, LinePosition(0, 0), LinePosition(0, 0))
    return span


def razor_file_of(tree: Any) -> str | None:
    """The ``.razor`` or ``.cshtml`` file a Razor-generated tree was made from; ``None`` for any other tree."""
    generated = str(tree.FilePath).replace("\\", "/")
    if not generated.endswith(("_razor.g.cs", "_cshtml.g.cs")):
        return None
    # Shared/TodoList_razor.g.cs was made from Shared/TodoList.razor (its first #line may name _Imports.razor)
    relative = generated.rpartition("RazorSourceGenerator/")[2] or generated.rpartition("/")[2]
    made_from = "/" + relative.replace("_razor.g.cs", ".razor").replace("_cshtml.g.cs", ".cshtml").lower()
    for mapping in tree.GetLineMappings():
        mapped = mapping.MappedSpan
        path = str(mapped.Path)
        if mapped.HasMappedPath and path.replace("\\", "/").lower().endswith(made_from) and os.path.isfile(path):
            return path
    return None


def _declares_type(roslyn_location: Any, tree: Any) -> bool:
    token = tree.GetRoot().FindToken(roslyn_location.SourceSpan.Start, False)
    parent = token.Parent
    identifier = getattr(parent, "Identifier", None)
    return (
        identifier is not None
        and str(parent.GetType().Name).endswith(("ClassDeclarationSyntax", "RecordDeclarationSyntax"))
        and identifier.SpanStart == token.SpanStart
    )


def line_text(place: Location, tree: Any, token: Any) -> str:
    """The trimmed text of ``place``'s line: from ``tree``, or from the file a ``#line`` mapped it to."""
    if place.path == str(tree.FilePath):
        return str(tree.GetText(token).Lines[place.line - 1].ToString()).strip()
    try:
        with open(place.path, encoding="utf-8-sig", errors="replace") as file:
            for number, text in enumerate(file, 1):
                if number == place.line:
                    return text.strip()
    except OSError:
        pass
    return ""


def source_locations(symbol: Any) -> list[Location]:
    """Every source declaration (several for a partial type), de-duplicated and ordered."""
    found = {loc for loc in (location_of(item) for item in symbol.Locations) if loc is not None}
    return sorted(found, key=lambda item: (item.path, item.line, item.column))


def normalize(symbol: Any) -> Any:
    """The definition a user means: extension calls and constructed generics point to their source."""
    symbol = typed(symbol)
    if str(symbol.Kind) == "Method" and symbol.ReducedFrom is not None:
        symbol = typed(symbol.ReducedFrom)
    original = symbol.OriginalDefinition
    return typed(original) if original is not None else symbol


def unique_definitions(symbols: Any) -> tuple[list[str], Any]:
    """The documentation ids and the symbols (a .NET array from the C# helper), each symbol normalized to
    its definition and there once."""
    from ..native import helpers

    unique = helpers().Relations.Unique(symbols)
    return (str(unique.Ids).split("\n") if unique.Symbols.Length else []), unique.Symbols


def symbol_array(symbols: Any) -> Any:
    """``symbols`` as a .NET ``ISymbol[]`` for a C# helper: a .NET array (as the helpers return) as it
    is, since wrapping each item costs ~20 us."""
    from Microsoft.CodeAnalysis import ISymbol  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    return symbols if isinstance(symbols, Array) else Array[ISymbol]([ISymbol(symbol) for symbol in symbols])


def symbols_at(symbols: Any, indexes: list[int]) -> Any:
    """The symbols at ``indexes``, picked by the C# helper (a .NET array stays one)."""
    from ..native import helpers

    return helpers().Handles.Pick(symbol_array(symbols), ",".join(map(str, indexes))) if indexes else []


def compilation(snapshot: Snapshot, project: Any, operation: Any) -> Any:
    """The project's compilation (built lazily by Roslyn, kept with the snapshot)."""
    return snapshot.compilation(project, operation)


def overridden(member: Any) -> Any:
    """The member that ``member`` overrides, or ``None``."""
    member = typed(member)
    kind = str(member.Kind)
    if not getattr(member, "IsOverride", False):
        return None
    attribute = {"Method": "OverriddenMethod", "Property": "OverriddenProperty", "Event": "OverriddenEvent"}.get(kind)
    found = getattr(member, attribute, None) if attribute else None
    return typed(found) if found is not None else None


def declared_symbol(model: Any, node: Any, token: Any) -> Any:
    """The symbol a declaration node declares (``GetDeclaredSymbol`` is an extension method)."""
    from Microsoft.CodeAnalysis import ModelExtensions  # type: ignore[import-not-found]

    symbol = ModelExtensions.GetDeclaredSymbol(model, node, token)
    return typed(symbol) if symbol is not None else None


def referenced_symbol(model: Any, node: Any, token: Any) -> Any:
    """The symbol a node binds to (the first candidate when binding is ambiguous), or ``None``."""
    from Microsoft.CodeAnalysis import ModelExtensions  # type: ignore[import-not-found]

    info = ModelExtensions.GetSymbolInfo(model, node, token)
    symbol = info.Symbol
    if symbol is None and info.CandidateSymbols.Length:
        symbol = info.CandidateSymbols[0]
    return typed(symbol) if symbol is not None else None
