"""Deleting a symbol: every part of its declaration, refused while references to it remain."""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation
from ..symbols.describe import display, location_of
from ..workspace.snapshot import Snapshot
from .declarations import Declaration
from .syntax import removed

_LISTED = 20


def deleted_solution(
    snapshot: Snapshot, operation: Operation, symbol: Any, parts: list[Declaration], force: bool, delete_file: bool
) -> tuple[Any, tuple[str, ...], str]:
    """The solution without the symbol, the problems that keep it from being written (references
    left), and a note for the title (a file left empty)."""
    problems: tuple[str, ...] = ()
    remaining = _references_outside(snapshot, operation, symbol, parts)
    if remaining and not force:
        shown = ", ".join(remaining[:_LISTED]) + (
            f" and {len(remaining) - _LISTED} more" if len(remaining) > _LISTED else ""
        )
        problems = (
            f"{display(symbol)} is still referenced {len(remaining)} time{'s' if len(remaining) != 1 else ''}: {shown}"
            " (find_references lists them all; delete with force=true to remove it anyway)",
        )
    solution = snapshot.solution
    notes = []
    by_document: dict[str, tuple[Any, list[Any]]] = {}
    for part in parts:
        entry = by_document.setdefault(str(part.document.Id.Id), (part.document, []))
        entry[1].append(part.node if part.variable is None else part.variable)
    for document, nodes in by_document.values():
        root = removed(document, nodes, operation)
        if delete_file and not _declares_anything(root):
            solution = solution.RemoveDocument(document.Id)
            continue
        solution = solution.WithDocumentSyntaxRoot(document.Id, root)
        if not _declares_anything(root):
            notes.append(snapshot.relative(str(document.FilePath)))
    left = "is" if len(notes) == 1 else "are"
    note = f" ({', '.join(notes)} {left} left with no declaration; delete_file=true removes it)" if notes else ""
    return solution, problems, note


def _references_outside(snapshot: Snapshot, operation: Operation, symbol: Any, parts: list[Declaration]) -> list[str]:
    """``path:line:col`` of each reference not inside the declarations being deleted."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    spans = [(str(p.node.SyntaxTree.FilePath), p.node.FullSpan) for p in parts]
    found = []
    for referenced in operation.wait(SymbolFinder.FindReferencesAsync(symbol, snapshot.solution, operation.token)):
        for reference in referenced.Locations:
            if reference.IsImplicit:
                continue
            location = reference.Location
            path = str(location.SourceTree.FilePath) if location.SourceTree is not None else ""
            if any(path == p and span.Contains(location.SourceSpan) for p, span in spans):
                continue
            converted = location_of(location)
            if converted is not None:
                found.append(converted.relative(snapshot.root))
    return sorted(set(found))


def _declares_anything(root: Any) -> bool:
    """Whether a file still declares a type, a delegate or top-level code."""
    for node in root.DescendantNodes():
        kind = node.GetType().Name
        if kind in (
            "ClassDeclarationSyntax",
            "StructDeclarationSyntax",
            "InterfaceDeclarationSyntax",
            "RecordDeclarationSyntax",
            "EnumDeclarationSyntax",
            "DelegateDeclarationSyntax",
            "GlobalStatementSyntax",
        ):
            return True
    return False
