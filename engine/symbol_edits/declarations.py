"""Which declaration an edit changes: the syntax of a symbol, the part named when it has several."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import AmbiguousSymbol, EditRefused
from ..host.interop import Operation
from ..models import generator_of, relative_path
from ..symbols.describe import display, location_of, razor_file_of
from ..symbols.naming import SymbolRef
from ..workspace.boundary import is_inside
from ..workspace.snapshot import Snapshot

_DECLARATION_OF_VARIABLE = {"FieldDeclarationSyntax", "EventFieldDeclarationSyntax"}


@dataclass(frozen=True)
class Declaration:
    document: Any
    """The document holding it, in the snapshot's solution."""
    node: Any
    """The member or type declaration (for a field: its ``FieldDeclarationSyntax``)."""
    variable: Any | None = None
    """For a field or event field: its declarator, when the declaration holds several."""


def declarations_of(snapshot: Snapshot, operation: Operation, symbol: Any) -> list[Declaration]:
    """Every source declaration of ``symbol`` (each part of a partial one), in the solution's own files."""
    found = []
    generated = []
    for reference in _syntax_references(symbol):
        node = operation.wait(reference.GetSyntaxAsync(operation.token))
        path = str(node.SyntaxTree.FilePath or "")
        documents = snapshot.documents_for_path(path) if path else []
        if not documents:
            razor = razor_file_of(node.SyntaxTree)
            if razor is not None:
                place = location_of(node.SyntaxTree.GetLocation(node.Span))
                line = f":{place.line}" if place is not None and place.path == razor else ""
                raise EditRefused(
                    f"{display(symbol)} is declared in {relative_path(razor, snapshot.root)}{line}, a Razor file: this "
                    "tool writes C# files, and the C# Razor generates from it is never written.",
                    "Change it in the Razor file; a rename (rename_symbol) does reach Razor files.",
                )
            generated.extend([path] if generator_of(path) else [])
            continue
        preferred = [d for d in documents if d.Project.Id in snapshot.project_ids]
        document = (preferred or documents)[0]
        # The tree of the chosen document, not another target's copy of the same file.
        root = operation.wait(document.GetSyntaxRootAsync(operation.token))
        node = root.FindNode(node.Span, False, True)
        found.append(_declaration(document, node))
    if not found and generated:
        raise EditRefused(
            f"{display(symbol)} is declared in code a source generator writes "
            f"({relative_path(generated[0], snapshot.root)}, by {generator_of(generated[0])}): it is never edited.",
            "Change what the generator reads (the attribute or partial declaration in your code), or the generator.",
        )
    if not found:
        raise EditRefused(
            f"{display(symbol)} is not declared in the solution's own source.",
            "Edit a symbol the solution declares (a package's or the framework's cannot be edited).",
        )
    for each in found:
        if not is_inside(snapshot.root, str(each.document.FilePath)):
            raise EditRefused(
                f"{display(symbol)} is declared in {relative_path(str(each.document.FilePath), snapshot.root)},"
                " outside the solution directory: files a package adds to a build are read, never written.",
                "Edit the solution's own code instead.",
            )
    return found


def _syntax_references(symbol: Any) -> list[Any]:
    """A partial method's or property's two parts are two symbols, each with its one declaration."""
    references = list(symbol.DeclaringSyntaxReferences)
    for other in ("PartialImplementationPart", "PartialDefinitionPart"):
        part = getattr(symbol, other, None)
        if part is not None:
            references += [r for r in part.DeclaringSyntaxReferences if r not in references]
    return references


def chosen_part(
    snapshot: Snapshot,
    symbol: Any,
    parts: list[Declaration],
    ref: SymbolRef,
    want_body: bool = False,
    prefer_named_file: bool = False,
) -> Declaration:
    """The one declaration an edit changes: the part at the given position, the part with a body when
    a body is wanted (a partial method's implementation), the part in the file named after the type
    when ``prefer_named_file`` (where a new member goes), or the only one."""
    if len(parts) == 1:
        return parts[0]
    if ref.file is not None:
        path = str(snapshot.absolute(ref.file))
        here = [p for p in parts if str(p.document.FilePath) == path and _holds(p, ref.line or 0)]
        if here:
            return here[0]
    if want_body:
        with_body = [p for p in parts if _has_body(p.node)]
        if len(with_body) == 1:
            return with_body[0]
    named = [p for p in parts if Path(str(p.document.FilePath)).stem == str(symbol.Name)]
    if prefer_named_file and len(named) == 1:
        return named[0]
    places = [f"{relative_path(str(p.document.FilePath), snapshot.root)}:{_line(p)}" for p in parts]
    raise AmbiguousSymbol(
        f"{display(symbol)} is declared in {len(parts)} parts: {', '.join(places)}.",
        "Name the part by its position: file, line and column of its declaration.",
        tuple(places),
    )


def _declaration(document: Any, node: Any) -> Declaration:
    kind = node.GetType().Name
    if kind == "VariableDeclaratorSyntax":
        field = node.Parent.Parent  # declarator -> VariableDeclaration -> FieldDeclaration
        if field.GetType().Name in _DECLARATION_OF_VARIABLE:
            single = field.Declaration.Variables.Count == 1
            return Declaration(document, field, None if single else node)
    return Declaration(document, node)


def _holds(part: Declaration, line: int) -> bool:
    span = part.node.SyntaxTree.GetLineSpan(part.node.FullSpan)
    return span.StartLinePosition.Line + 1 <= line <= span.EndLinePosition.Line + 1


def _line(part: Declaration) -> int:
    return int(part.node.SyntaxTree.GetLineSpan(part.node.Span).StartLinePosition.Line) + 1


def _has_body(node: Any) -> bool:
    return getattr(node, "Body", None) is not None or getattr(node, "ExpressionBody", None) is not None
