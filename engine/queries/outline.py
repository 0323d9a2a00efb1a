"""``file_outline`` and ``containing_member``: the declarations of a file, from its syntax tree."""

from __future__ import annotations

from typing import Any

from ..external.generated import any_document
from ..host.interop import Operation
from ..symbols.describe import declared_symbol, display, documentation_id, kind_of, location_of
from ..symbols.naming import text_position
from ..symbols.summaries import summarize
from ..views.outline import ContainingMember, FileOutline, OutlineNode
from ..workspace.declared import query
from ..workspace.hooks import generated_position, other_outline
from ..workspace.snapshot import Snapshot

_CONTAINERS = {
    "NamespaceDeclarationSyntax",
    "FileScopedNamespaceDeclarationSyntax",
    "ClassDeclarationSyntax",
    "StructDeclarationSyntax",
    "InterfaceDeclarationSyntax",
    "RecordDeclarationSyntax",
    "EnumDeclarationSyntax",
}
_MEMBERS = {
    "MethodDeclarationSyntax",
    "ConstructorDeclarationSyntax",
    "DestructorDeclarationSyntax",
    "PropertyDeclarationSyntax",
    "IndexerDeclarationSyntax",
    "EventDeclarationSyntax",
    "OperatorDeclarationSyntax",
    "ConversionOperatorDeclarationSyntax",
    "DelegateDeclarationSyntax",
    "EnumMemberDeclarationSyntax",
    "VariableDeclaratorSyntax",
    "ParameterSyntax",
}
_FIELD_LISTS = {"FieldDeclarationSyntax", "EventFieldDeclarationSyntax"}


@query(restricted=True, early=True, syntax=True)
def file_outline(snapshot: Snapshot, operation: Operation, file: str) -> FileOutline:
    """Namespaces, types (nested ones inside) and members of one file, with their ranges; of a Razor
    file, what a feature registered (``engine.web.razor_outline``)."""
    other = other_outline(snapshot, operation, file)
    if other is not None:
        return other  # type: ignore[no-any-return]
    document = any_document(snapshot, file, operation)
    root = operation.wait(document.GetSyntaxRootAsync(operation.token))
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    return FileOutline(
        root=str(snapshot.root), path=str(document.FilePath), items=tuple(_children(root, model, operation))
    )


def _children(node: Any, model: Any, operation: Operation) -> list[OutlineNode]:
    found = []
    for child in node.ChildNodes():
        kind = str(child.GetType().Name)
        if kind == "NamespaceDeclarationSyntax" or kind == "FileScopedNamespaceDeclarationSyntax":
            found.extend(_children(child, model, operation))  # namespaces group nothing a reader needs
        elif kind in _CONTAINERS:
            node_item = _node(child, child, model, operation)
            if node_item is not None:
                members = tuple(_children(child, model, operation))
                parameters = (
                    tuple(_record_parameters(child, model, operation)) if kind == "RecordDeclarationSyntax" else ()
                )
                found.append(_with_children(node_item, parameters + members))
        elif kind in _FIELD_LISTS:
            for declarator in child.Declaration.Variables:
                item = _node(declarator, child, model, operation)
                if item is not None:
                    found.append(item)
        elif kind in _MEMBERS:
            item = _node(child, child, model, operation)
            if item is not None:
                found.append(item)
    return found


def _record_parameters(record: Any, model: Any, operation: Operation) -> list[OutlineNode]:
    """A positional record's parameters are also its properties."""
    if record.ParameterList is None:
        return []
    found = []
    for parameter in record.ParameterList.Parameters:
        symbol = declared_symbol(model, parameter, operation.token)
        if symbol is None:
            continue
        containing = symbol.ContainingSymbol.ContainingType
        properties = [m for m in containing.GetMembers(symbol.Name) if str(m.Kind) == "Property"] if containing else []
        target = properties[0] if properties else symbol
        location = location_of(parameter.Identifier.GetLocation())
        span = location_of(parameter.GetLocation())
        if location and span:
            found.append(
                OutlineNode(
                    str(target.Name), kind_of(target), display(target), location, span, documentation_id(target)
                )
            )
    return found


def _node(declaration: Any, whole: Any, model: Any, operation: Operation) -> OutlineNode | None:
    symbol = declared_symbol(model, declaration, operation.token)
    if symbol is None:
        return None
    identifier = getattr(declaration, "Identifier", None)
    location = location_of(
        identifier.GetLocation() if identifier is not None and str(identifier.Text) else declaration.GetLocation()
    )
    span = location_of(whole.GetLocation())
    if location is None or span is None:
        return None
    name = str(symbol.Name) if str(symbol.Name) != ".ctor" else str(symbol.ContainingType.Name)
    return OutlineNode(name, kind_of(symbol), display(symbol), location, span, documentation_id(symbol))


def _with_children(node: OutlineNode, children: tuple[OutlineNode, ...]) -> OutlineNode:
    return OutlineNode(node.name, node.kind, node.display, node.location, node.span, node.documentation_id, children)


_MEMBER_NODES = _MEMBERS - {"VariableDeclaratorSyntax", "ParameterSyntax", "EnumMemberDeclarationSyntax"} | {
    "AccessorDeclarationSyntax",
    "LocalFunctionStatementSyntax",
}


@query(restricted=True)
def containing_member(snapshot: Snapshot, operation: Operation, file: str, line: int, column: int) -> ContainingMember:
    """The innermost member and type whose declaration holds a 1-based position (of a Razor file: the
    member of the C# generated from it that holds the position's C#)."""
    mapped = generated_position(snapshot, operation, file, line, column)
    if mapped is not None:
        document, position = mapped.document, mapped.offset
    else:
        document = any_document(snapshot, file, operation)
        text = operation.wait(document.GetTextAsync(operation.token))
        position = text_position(text, line, column, file)
    root = operation.wait(document.GetSyntaxRootAsync(operation.token))
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    token = root.FindToken(position, False)
    member_node = type_node = None
    node = token.Parent
    while node is not None:
        kind = str(node.GetType().Name)
        if (
            member_node is None
            and (kind in _MEMBER_NODES or kind in _FIELD_LISTS)
            and kind != "AccessorDeclarationSyntax"
        ):
            member_node = node
        if kind in _CONTAINERS - {"NamespaceDeclarationSyntax", "FileScopedNamespaceDeclarationSyntax"}:
            type_node = node
            break
        node = node.Parent
    member = _declared(member_node, model, operation)
    type_symbol = _declared(type_node, model, operation)
    holder = member_node if member is not None else type_node
    here = location_of(root.SyntaxTree.GetLocation(_span(position)))
    assert here is not None  # a document's own tree is always in source
    return ContainingMember(
        root=str(snapshot.root),
        position=here,
        member=summarize(member) if member is not None else None,
        type=summarize(type_symbol) if type_symbol is not None else None,
        span=location_of(holder.GetLocation()) if holder is not None else None,
    )


def _declared(node: Any, model: Any, operation: Operation) -> Any:
    if node is None:
        return None
    if str(node.GetType().Name) in _FIELD_LISTS:
        node = node.Declaration.Variables[0]
    return declared_symbol(model, node, operation.token)


def _span(position: int) -> Any:
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    return TextSpan(position, 0)
