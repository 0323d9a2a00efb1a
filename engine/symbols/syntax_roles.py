"""What a reference does at its location, read off the syntax around it.

Roslyn's own read/write classification is internal, so this follows the C# grammar: the left side
of ``=`` is a write, of ``+=`` (or an operand of ``++``/``--``, or a ``ref`` argument) a read-write;
the callee of an invocation is a call; the type after ``new`` an object creation; anything inside
``nameof(...)`` a ``nameof``; a type name elsewhere a type use; the rest a read.
"""

from __future__ import annotations

from typing import Any

READ, WRITE, READ_WRITE = "read", "write", "read-write"
INVOCATION, OBJECT_CREATION, TYPE_USE, NAMEOF, DOC_COMMENT, DECLARATION = (
    "invocation",
    "object creation",
    "type use",
    "nameof",
    "doc comment",
    "declaration",
)
COMPONENT, ATTRIBUTE = "component", "attribute"
"""In Razor: a component used as a tag (``<TodoList />``), and a tag's attribute naming a ``[Parameter]``."""
REFERENCE_KINDS = (
    READ,
    WRITE,
    READ_WRITE,
    INVOCATION,
    OBJECT_CREATION,
    TYPE_USE,
    NAMEOF,
    DOC_COMMENT,
    DECLARATION,
    COMPONENT,
    ATTRIBUTE,
)


def _kind(node: Any) -> str:
    return str(node.GetType().Name) if node is not None else ""


def classify(node: Any, symbol_kind: str) -> str:
    """The reference kind of the name ``node`` that refers to a symbol of ``symbol_kind``."""
    kind = _kind(node)
    if kind in ("ImplicitObjectCreationExpressionSyntax", "ObjectCreationExpressionSyntax"):
        return OBJECT_CREATION  # target-typed `new()`: Roslyn points at the whole expression
    if _inside(node, ("CrefSyntax", "QualifiedCrefSyntax", "NameMemberCrefSyntax", "XmlCrefAttributeSyntax")):
        return DOC_COMMENT
    if _in_nameof(node):
        return NAMEOF
    expression = _outer_expression(node)
    parent = expression.Parent
    parent_kind = _kind(parent)
    if parent_kind == "ObjectCreationExpressionSyntax" and _same(parent.Type, expression):
        return OBJECT_CREATION
    if parent_kind in ("ConstructorInitializerSyntax",):
        return INVOCATION
    if parent_kind == "InvocationExpressionSyntax" and _same(parent.Expression, expression):
        return INVOCATION
    if parent_kind == "AssignmentExpressionSyntax" and _same(parent.Left, expression):
        return WRITE if str(parent.OperatorToken.Text) == "=" else READ_WRITE
    if parent_kind in ("PostfixUnaryExpressionSyntax", "PrefixUnaryExpressionSyntax") and str(
        parent.OperatorToken.Text
    ) in ("++", "--"):
        return READ_WRITE
    if parent_kind == "ArgumentSyntax" and parent.RefKindKeyword is not None:
        keyword = str(parent.RefKindKeyword.Text)
        if keyword == "out":
            return WRITE
        if keyword == "ref":
            return READ_WRITE
    if symbol_kind == "NamedType":
        return TYPE_USE
    if symbol_kind == "Method":
        return READ  # a method group: passed or converted, not called here
    return READ


def _outer_expression(node: Any) -> Any:
    """Climb from a simple name to the expression it names: ``a.B`` for ``B``, ``A.B.C`` for ``C``."""
    current = node
    while current.Parent is not None and _names_through(current.Parent, current):
        current = current.Parent
    return current


def _names_through(parent: Any, child: Any) -> bool:
    """Is ``child`` the part of ``parent`` that says what ``parent`` refers to?"""
    kind = _kind(parent)
    if kind == "MemberAccessExpressionSyntax":
        return _same(parent.Name, child)
    if kind == "ConditionalAccessExpressionSyntax":
        return _same(parent.WhenNotNull, child)
    if kind == "QualifiedNameSyntax":
        return _same(parent.Right, child)
    if kind == "AliasQualifiedNameSyntax":
        return _same(parent.Name, child)
    return kind in ("MemberBindingExpressionSyntax", "NullableTypeSyntax")


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a.Span == b.Span and _kind(a) == _kind(b)


def _inside(node: Any, kinds: tuple[str, ...]) -> bool:
    current = node
    while current is not None:
        if _kind(current) in kinds:
            return True
        current = current.Parent
    return False


def _in_nameof(node: Any) -> bool:
    current = node.Parent
    while current is not None:
        kind = _kind(current)
        if kind == "InvocationExpressionSyntax":
            callee = current.Expression
            if _kind(callee) == "IdentifierNameSyntax" and str(callee.Identifier.ValueText) == "nameof":
                return True
        if kind.endswith("StatementSyntax") or kind.endswith("DeclarationSyntax"):
            return False
        current = current.Parent
    return False
