"""Organize usings and format a document, with the project's own options (``.editorconfig`` included)."""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation

# The compiler reports these, hidden, on using directives that change nothing: the exact list of
# usings to remove (the same facts the IDE's "remove unnecessary usings" acts on).
_UNNECESSARY_USING_IDS = {"CS8019", "CS0105", "CS8933"}


def organize_usings(document: Any, operation: Operation) -> Any:
    """``document`` with its unnecessary usings removed and the rest sorted (System first, as configured)."""
    from Microsoft.CodeAnalysis import SyntaxNode, SyntaxNodeExtensions, SyntaxRemoveOptions  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp.Syntax import UsingDirectiveSyntax  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Formatting import Formatter  # type: ignore[import-not-found]

    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    root = operation.wait(document.GetSyntaxRootAsync(operation.token))
    unnecessary = [
        d.Location.SourceSpan
        for d in model.GetDiagnostics(None, operation.token)
        if str(d.Id) in _UNNECESSARY_USING_IDS and d.Location.IsInSource
    ]
    directives = [
        node
        for node in root.DescendantNodes()
        if isinstance(node, UsingDirectiveSyntax) and any(span.IntersectsWith(node.Span) for span in unnecessary)
    ]
    if directives:
        from System.Collections.Generic import List  # type: ignore[import-not-found]

        nodes = List[SyntaxNode]()
        for directive in directives:
            nodes.Add(directive)
        keep = SyntaxRemoveOptions.KeepDirectives | SyntaxRemoveOptions.KeepUnbalancedDirectives
        root = SyntaxNodeExtensions.RemoveNodes[SyntaxNode](root, nodes, keep)
        document = document.WithSyntaxRoot(root)
    return operation.wait(Formatter.OrganizeImportsAsync(document, operation.token))


def format_document(document: Any, span: Any, operation: Operation) -> Any:
    """``document`` formatted (only ``span`` when given) with the options its ``.editorconfig`` sets."""
    from Microsoft.CodeAnalysis.Formatting import Formatter  # type: ignore[import-not-found]

    if span is None:
        return operation.wait(Formatter.FormatAsync(document, None, operation.token))
    return operation.wait(Formatter.FormatAsync(document, span, None, operation.token))
