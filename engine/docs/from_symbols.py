"""Documentation of a Roslyn symbol: its own ``///`` comment (or the XML file of the assembly it comes
from), with ``<inheritdoc/>`` followed to the member it overrides or implements, or to its cref."""

from __future__ import annotations

from typing import Any

from ..symbols.describe import display, typed
from ..views.doc_comments import Documentation, parse

_MAX_INHERIT_DEPTH = 5


def documentation(symbol: Any, compilation: Any | None = None, depth: int = 0) -> Documentation:
    """The symbol's documentation comment, parsed; empty when it has none (or it is malformed)."""
    from System.Threading import CancellationToken  # type: ignore[import-not-found]

    xml = str(symbol.GetDocumentationCommentXml(None, False, getattr(CancellationToken, "None")) or "")
    doc = parse(xml)
    if doc.inherit_from is None or depth >= _MAX_INHERIT_DEPTH:
        return doc
    source = _by_id(doc.inherit_from, compilation) if doc.inherit_from else _inherited_from(symbol)
    if source is None:
        return doc
    return doc.filled_from(documentation(source, compilation, depth + 1), display(source))


def _by_id(documentation_id: str, compilation: Any | None) -> Any | None:
    if compilation is None:
        return None
    from Microsoft.CodeAnalysis import DocumentationCommentId  # type: ignore[import-not-found]

    return DocumentationCommentId.GetFirstSymbolForDeclarationId(documentation_id, compilation)


def _inherited_from(symbol: Any) -> Any | None:
    """What a bare ``<inheritdoc/>`` means: the overridden member, the implemented interface member,
    or a type's base type (its first interface when the base is ``object``)."""
    from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

    specific = typed(symbol)
    kind = str(symbol.Kind)
    if kind == "NamedType":
        base = specific.BaseType
        if base is not None and str(base.SpecialType) != "System_Object":
            return base
        interfaces = list(specific.Interfaces)
        return interfaces[0] if interfaces else None
    overridden = {"Method": "OverriddenMethod", "Property": "OverriddenProperty", "Event": "OverriddenEvent"}.get(kind)
    if overridden and getattr(specific, overridden, None) is not None:
        return getattr(specific, overridden)
    explicit = list(getattr(specific, "ExplicitInterfaceImplementations", None) or [])
    if explicit:
        return explicit[0]
    container = symbol.ContainingType
    if container is None:
        return None
    for interface in container.AllInterfaces:
        for member in interface.GetMembers(symbol.Name):
            if SymbolEqualityComparer.Default.Equals(container.FindImplementationForInterfaceMember(member), symbol):
                return member
    return None
