"""The code an edit brings, parsed before anything else: one declaration, or one body, or an error
that says what the parser saw and where."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument

_DOC_TRIVIA = {"SingleLineDocumentationCommentTrivia", "MultiLineDocumentationCommentTrivia"}
_WITH_ACCESSORS = {"PropertyDeclarationSyntax", "IndexerDeclarationSyntax", "EventDeclarationSyntax"}
_METHOD_LIKE = {
    "MethodDeclarationSyntax",
    "ConstructorDeclarationSyntax",
    "DestructorDeclarationSyntax",
    "OperatorDeclarationSyntax",
    "ConversionOperatorDeclarationSyntax",
    "AccessorDeclarationSyntax",
}


def parse_declaration(code: str, enum_member: bool = False) -> Any:
    """``code`` as one member or type declaration (an enum member when ``enum_member``)."""
    from Microsoft.CodeAnalysis.CSharp import SyntaxFactory  # type: ignore[import-not-found]

    if not code.strip():
        raise InvalidArgument("The code is empty.", "Give the whole declaration (or the body, with body_only).")
    if enum_member:
        prefix = "enum __E {"
        wrapper = SyntaxFactory.ParseMemberDeclaration(f"{prefix}{code}}}")
        _refuse_errors(wrapper, len(prefix), code, "an enum member")
        members = list(wrapper.Members)
        if len(members) != 1:
            raise InvalidArgument(
                f"The code declares {len(members)} enum members; it must be one.",
                "Give one enum member (Name = value).",
            )
        return members[0]
    unit = SyntaxFactory.ParseCompilationUnit(code)
    if unit.Members.Count > 1:
        raise InvalidArgument(
            f"The code holds {unit.Members.Count} declarations; it must be one.",
            "Give one declaration per call (insert_member once for each new member).",
        )
    # A method alone parses as a top-level local function: that is a declaration too.
    if unit.Members.Count and all(_is_statement(m) for m in unit.Members):
        raise InvalidArgument(
            "The code is a statement, not a declaration.",
            "Give a whole member or type declaration (with body_only: only a body).",
        )
    node = SyntaxFactory.ParseMemberDeclaration(code)
    if node is None:
        raise InvalidArgument("The code is not a declaration.", "Give one member or type declaration, whole.")
    _refuse_errors(node, 0, code, "a declaration")
    kind = node.GetType().Name
    if kind in ("GlobalStatementSyntax", "IncompleteMemberSyntax"):
        raise InvalidArgument(
            "The code is a statement, not a declaration.",
            "Give a whole member or type declaration (with body_only: only a body).",
        )
    return node


def _is_statement(member: Any) -> bool:
    return member.GetType().Name == "GlobalStatementSyntax" and (
        member.Statement.GetType().Name != "LocalFunctionStatementSyntax"
    )


def parse_body(code: str, target_kind: str) -> Any:
    """``code`` as the body of a ``target_kind`` declaration: a method's block, statements or ``=> expr;``;
    a property's accessor list or ``=> expr;``. Returns a parsed stand-in declaration whose body parts
    (``Body``, ``ExpressionBody``, ``AccessorList``, ``SemicolonToken``) are the new ones."""
    from Microsoft.CodeAnalysis.CSharp import SyntaxFactory  # type: ignore[import-not-found]

    text = code.strip()
    if not text:
        raise InvalidArgument("The body is empty.", "Give the statements, a { block } or => expression;.")
    if target_kind in _WITH_ACCESSORS:
        head = "int __P "
        body = text if text.startswith(("{", "=>")) else None
        if body is None:
            raise InvalidArgument(
                "A property's body is its accessor list or an expression body.",
                "Give { get ...; set ...; } or => expression;.",
            )
        if body.startswith("=>") and not body.endswith(";"):
            body += ";"
    elif target_kind in _METHOD_LIKE:
        head = "void __M() "
        body = text if text.startswith(("{", "=>")) else "{\n" + text + "\n}"
        if body.startswith("=>") and not body.endswith(";"):
            body += ";"
    else:
        raise InvalidArgument(
            "Only methods, constructors, operators, accessors, properties, indexers and events have a body to replace.",
            "Replace the whole declaration instead (body_only=false).",
        )
    node = SyntaxFactory.ParseMemberDeclaration(head + body)
    offset = len(head) + (2 if body.startswith("{\n") and not text.startswith("{") else 0)
    _refuse_errors(node, offset, text, "a body")
    return node


def is_doc_comment(trivia: Any) -> bool:
    from Microsoft.CodeAnalysis.CSharp import CSharpExtensions  # type: ignore[import-not-found]

    return str(CSharpExtensions.Kind(trivia)) in _DOC_TRIVIA


def has_doc_comment(node: Any) -> bool:
    return any(is_doc_comment(t) for t in node.GetLeadingTrivia())


def without_doc_comments(trivia: Any) -> list[Any]:
    return [t for t in trivia if not is_doc_comment(t)]


def _refuse_errors(node: Any, offset: int, code: str, what: str) -> None:
    errors = [d for d in node.GetDiagnostics() if str(d.Severity) == "Error"]
    if not errors:
        return
    first = errors[0]
    start = max(0, min(len(code), first.Location.SourceSpan.Start - offset))
    line = code.count("\n", 0, start) + 1
    column = start - (code.rfind("\n", 0, start) + 1) + 1
    more = f" ({len(errors) - 1} more)" if len(errors) > 1 else ""
    raise InvalidArgument(
        f"The code is not {what}: {first.Id} at line {line}, column {column} of the code: {first.GetMessage(None)}{more}.",
        "Give one complete declaration (or, with body_only, one body) that parses on its own.",
    )
