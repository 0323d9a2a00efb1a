"""Putting new syntax in place: replace or remove nodes, keep a declaration's documentation and
attributes, and format what changed with the document's own options."""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation
from .new_code import has_doc_comment, is_doc_comment, without_doc_comments


def marker() -> Any:
    """An annotation that finds the new code again after later changes (formatting, added usings)."""
    from Microsoft.CodeAnalysis import SyntaxAnnotation  # type: ignore[import-not-found]

    return SyntaxAnnotation("roslyn-tui.edit")


def annotated(node: Any, *annotations: Any) -> Any:
    from Microsoft.CodeAnalysis import AnnotationExtensions, SyntaxAnnotation, SyntaxNode  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    return AnnotationExtensions.WithAdditionalAnnotations[SyntaxNode](node, Array[SyntaxAnnotation](list(annotations)))


def trivia_list(items: list[Any]) -> Any:
    from Microsoft.CodeAnalysis import SyntaxTrivia  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import SyntaxFactory  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    return SyntaxFactory.TriviaList(Array[SyntaxTrivia](items))


def with_leading(node: Any, trivia: Any) -> Any:
    from Microsoft.CodeAnalysis import SyntaxNode, SyntaxNodeExtensions  # type: ignore[import-not-found]

    return SyntaxNodeExtensions.WithLeadingTrivia[SyntaxNode](node, trivia)


def with_trailing(node: Any, trivia: Any) -> Any:
    from Microsoft.CodeAnalysis import SyntaxNode, SyntaxNodeExtensions  # type: ignore[import-not-found]

    return SyntaxNodeExtensions.WithTrailingTrivia[SyntaxNode](node, trivia)


def keeping_docs_and_attributes(old: Any, new: Any) -> Any:
    """``new`` in ``old``'s place: ``old``'s doc comment and attributes stay unless ``new`` has its own."""
    old_leading = list(old.GetLeadingTrivia())
    own_doc = has_doc_comment(new)
    new_docs = [t for t in new.GetLeadingTrivia() if is_doc_comment(t)]
    old_attributes = getattr(old, "AttributeLists", None)
    new_attributes = getattr(new, "AttributeLists", None)
    if old_attributes is not None and new_attributes is not None and new_attributes.Count == 0 and old_attributes.Count:
        new = with_leading(new, trivia_list([]))
        new = new.WithAttributeLists(old_attributes)  # its first token carries the old leading trivia
    leading = without_doc_comments(old_leading) + new_docs if own_doc else old_leading
    new = with_leading(new, trivia_list(leading))
    return with_trailing(new, old.GetTrailingTrivia())


def replaced(document: Any, old: Any, new: Any, mark: Any, operation: Operation) -> Any:
    """The solution with ``old`` replaced by ``new`` in ``document``, the new node formatted."""
    from Microsoft.CodeAnalysis import SyntaxNode, SyntaxNodeExtensions  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Formatting import Formatter  # type: ignore[import-not-found]

    root = operation.wait(document.GetSyntaxRootAsync(operation.token))
    new = annotated(new, Formatter.Annotation, mark)
    root = SyntaxNodeExtensions.ReplaceNode[SyntaxNode](root, old, new)
    return formatted(document.WithSyntaxRoot(root), operation)


def formatted(document: Any, operation: Operation) -> Any:
    """The solution with the document's annotated nodes formatted."""
    from Microsoft.CodeAnalysis.Formatting import Formatter  # type: ignore[import-not-found]

    formatted_document = operation.wait(Formatter.FormatAsync(document, Formatter.Annotation, None, operation.token))
    return formatted_document.Project.Solution


def removed(document: Any, nodes: list[Any], operation: Operation) -> Any:
    """``document``'s root with ``nodes`` removed, their documentation and blank line with them."""
    from Microsoft.CodeAnalysis import SyntaxNode, SyntaxNodeExtensions, SyntaxRemoveOptions  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    root = operation.wait(document.GetSyntaxRootAsync(operation.token))
    listed = List[SyntaxNode]()
    for node in nodes:
        listed.Add(node)
    return SyntaxNodeExtensions.RemoveNodes[SyntaxNode](root, listed, SyntaxRemoveOptions.KeepDirectives)


def no_token() -> Any:
    """``default(SyntaxToken)``: what a declaration has where it has no semicolon or brace."""
    import clr  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis import SyntaxToken  # type: ignore[import-not-found]
    from System import Activator  # type: ignore[import-not-found]

    return Activator.CreateInstance(clr.GetClrType(SyntaxToken))
