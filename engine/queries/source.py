"""``get_source`` and ``read_file``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InvalidArgument, PositionOutOfRange
from ..external.generated import text_document
from ..external.library import is_library_file
from ..host.interop import Operation
from ..symbols.describe import display, documentation_id
from ..symbols.naming import SymbolRef, resolve
from ..views.source import SourceText, SymbolSource
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .definition import library_place

_DECLARATION_SUFFIXES = (
    "MethodDeclarationSyntax",
    "ConstructorDeclarationSyntax",
    "PropertyDeclarationSyntax",
    "IndexerDeclarationSyntax",
    "EventDeclarationSyntax",
    "EventFieldDeclarationSyntax",
    "FieldDeclarationSyntax",
    "OperatorDeclarationSyntax",
    "ConversionOperatorDeclarationSyntax",
    "DestructorDeclarationSyntax",
    "ClassDeclarationSyntax",
    "StructDeclarationSyntax",
    "InterfaceDeclarationSyntax",
    "RecordDeclarationSyntax",
    "EnumDeclarationSyntax",
    "EnumMemberDeclarationSyntax",
    "DelegateDeclarationSyntax",
    "VariableDeclaratorSyntax",
)
"""The syntax a library symbol's declaration is (a field's declarator climbs to its statement)."""

_WHOLE_DECLARATIONS = {"VariableDeclaratorSyntax": 2}


@query(restricted=True)
def read_file(
    snapshot: Snapshot, operation: Operation, file: str, start: int | None = None, end: int | None = None
) -> SourceText:
    """Lines ``start``..``end`` (1-based, inclusive; default the whole file) of a solution document, a
    generated one, or a library's source written to the user cache (``go_to_definition`` of a package's or
    the framework's symbol)."""
    if is_library_file(file):
        path = file
        every = Path(file).read_text(encoding="utf-8").splitlines()
    else:
        document = text_document(snapshot, file, operation)
        path = str(document.FilePath)
        text = operation.wait(document.GetTextAsync(operation.token))
        every = [str(line.ToString()) for line in text.Lines]
    count = len(every)
    first = 1 if start is None else start
    last = count if end is None else min(end, count)
    if first < 1 or first > count:
        raise PositionOutOfRange(
            f"Start line {first} is outside {file}, which has {count} lines.", f"Give a start line from 1 to {count}."
        )
    if last < first:
        raise InvalidArgument(
            f"End line {last} is before start line {first}.", "Give an end line at or after the start line."
        )
    return SourceText(str(snapshot.root), path, first, last, count, tuple(every[first - 1 : last]))


@query(restricted=True)
def get_source(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> SymbolSource:
    """The declaration text of a symbol, with its leading doc comment; every part of a partial type."""
    symbol = resolve(snapshot, operation, ref)
    parts = []
    for reference in symbol.DeclaringSyntaxReferences:
        node = _whole_declaration(reference.GetSyntax(operation.token))
        parts.append(_part(snapshot, node, operation))
    if not parts:
        return _library_source(snapshot, symbol, operation)
    parts.sort(key=lambda p: (p.path, p.start))
    return SymbolSource(str(snapshot.root), display(symbol), documentation_id(symbol), tuple(parts))


def _library_source(snapshot: Snapshot, symbol: Any, operation: Operation) -> SymbolSource:
    """A package's or the framework's symbol: its declaration in the source ``engine.external.library``
    found or decompiled, said in the first line."""
    from Microsoft.CodeAnalysis.CSharp import CSharpSyntaxTree  # type: ignore[import-not-found]

    place = library_place(snapshot, symbol, operation)
    if place is None:
        raise InvalidArgument(
            f"{display(symbol)} has no source in this solution (it comes from {symbol.ContainingAssembly.Name}),"
            " and none could be found or decompiled.",
            "Use symbol_info or get_documentation for its signature and documentation.",
        )
    path = place.location.path
    tree = CSharpSyntaxTree.ParseText(Path(path).read_text(encoding="utf-8"), None, path)
    text = tree.GetText(operation.token)
    line = text.Lines[place.location.line - 1]
    offset = len(str(line.ToString())) - len(str(line.ToString()).lstrip())
    node = tree.GetRoot(operation.token).FindToken(line.Start + offset, False).Parent
    while node is not None and not str(node.GetType().Name).endswith(_DECLARATION_SUFFIXES):
        node = node.Parent
    if node is None:
        raise InvalidArgument(f"{display(symbol)} was not found in {path}.", "Open the file with read_file instead.")
    part = _part(snapshot, _whole_declaration(node), operation)
    return SymbolSource(str(snapshot.root), display(symbol), documentation_id(symbol), (part,), place.origin())


def _whole_declaration(node: Any) -> Any:
    """A field's declarator stands for the whole ``private int x = 1;`` statement."""
    climb = _WHOLE_DECLARATIONS.get(str(node.GetType().Name), 0)
    for _ in range(climb):
        if node.Parent is None:
            break
        node = node.Parent
    return node


def _part(snapshot: Snapshot, node: Any, operation: Operation) -> SourceText:
    tree = node.SyntaxTree
    text = tree.GetText(operation.token)
    full = node.FullSpan
    # Start at the first line holding anything but whitespace: the doc comment, attributes or the declaration.
    first = text.Lines.GetLineFromPosition(full.Start).LineNumber
    last = text.Lines.GetLineFromPosition(node.Span.End).LineNumber
    while first < last and not str(text.Lines[first].ToString()).strip():
        first += 1
    lines = tuple(str(text.Lines[i].ToString()) for i in range(first, last + 1))
    return SourceText(str(snapshot.root), str(tree.FilePath), first + 1, last + 1, int(text.Lines.Count), lines)
