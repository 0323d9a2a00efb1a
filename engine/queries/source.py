"""``get_source`` and ``read_file``."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument, PositionOutOfRange
from ..external.generated import any_document
from ..host.interop import Operation
from ..symbols.describe import display, documentation_id
from ..symbols.naming import SymbolRef, resolve
from ..views.source import SourceText, SymbolSource
from ..workspace.snapshot import Snapshot

_WHOLE_DECLARATIONS = {"VariableDeclaratorSyntax": 2}


def read_file(
    snapshot: Snapshot, operation: Operation, file: str, start: int | None = None, end: int | None = None
) -> SourceText:
    """Lines ``start``..``end`` (1-based, inclusive; default the whole file) of a solution document."""
    document = any_document(snapshot, file, operation)
    text = operation.wait(document.GetTextAsync(operation.token))
    count = int(text.Lines.Count)
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
    lines = tuple(str(text.Lines[i].ToString()) for i in range(first - 1, last))
    return SourceText(str(snapshot.root), str(document.FilePath), first, last, count, lines)


def get_source(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> SymbolSource:
    """The declaration text of a symbol, with its leading doc comment; every part of a partial type."""
    symbol = resolve(snapshot, operation, ref)
    parts = []
    for reference in symbol.DeclaringSyntaxReferences:
        node = _whole_declaration(reference.GetSyntax(operation.token))
        parts.append(_part(snapshot, node, operation))
    if not parts:
        raise InvalidArgument(
            f"{display(symbol)} has no source in this solution (it comes from {symbol.ContainingAssembly.Name}).",
            "Use symbol_info or go_to_definition for its signature and documentation.",
        )
    parts.sort(key=lambda p: (p.path, p.start))
    return SymbolSource(str(snapshot.root), display(symbol), documentation_id(symbol), tuple(parts))


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
