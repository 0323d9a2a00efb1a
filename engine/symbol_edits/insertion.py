"""Where a new member goes: the type's part, and the place among its members."""

from __future__ import annotations

from typing import Any

from ..errors import AmbiguousSymbol, InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display
from ..symbols.naming import SymbolRef
from ..workspace.snapshot import Snapshot
from .declarations import Declaration, chosen_part
from .new_code import parse_declaration
from .syntax import annotated, no_token, replaced, trivia_list, with_leading, with_trailing


def inserted_solution(
    snapshot: Snapshot,
    operation: Operation,
    owner: Any,
    parts: list[Declaration],
    ref: SymbolRef,
    code: str,
    before: str | None,
    after: str | None,
    mark: Any,
) -> tuple[Any, Any]:
    """The document the member goes into, and the solution with it there."""
    is_enum = str(owner.TypeKind) == "Enum"
    member = parse_declaration(code, enum_member=is_enum)
    anchor = before or after
    if anchor:
        part, index = _anchored(snapshot, operation, owner, parts, anchor, after is not None)
    else:
        part = chosen_part(snapshot, owner, parts, ref, prefer_named_file=True)
        index = part.node.Members.Count
    node = _with_braces(part.node)
    if not is_enum:
        member = _on_lines_of_its_own(member, blank_before=index > 0)
    member = annotated(member, mark)
    new = node.WithMembers(node.Members.Insert(index, member))
    solution = replaced(part.document, part.node, new, mark, operation)
    return part.document, solution


def _anchored(
    snapshot: Snapshot, operation: Operation, owner: Any, parts: list[Declaration], anchor: str, after: bool
) -> tuple[Declaration, int]:
    """The part holding the member named ``anchor`` (a name, or a signature for an overload) and the
    index to insert at: before its first declaration, or after its last (overloads stay together)."""
    wanted = anchor.strip()
    found: list[tuple[Declaration, int, str]] = []
    for part in parts:
        model = operation.wait(part.document.GetSemanticModelAsync(operation.token))
        for index, member in enumerate(part.node.Members):
            for symbol in _declared(model, member, operation):
                shown = display(symbol)
                if wanted in (str(symbol.Name), shown, shown.split(".", 1)[-1]):
                    found.append((part, index, shown))
    if not found:
        names = sorted({display(m) for m in owner.GetMembers() if not m.IsImplicitlyDeclared})
        raise InvalidArgument(
            f"{display(owner)} has no member named '{anchor}'.", "Give one of: " + ", ".join(names[:30]) + "."
        )
    if len({id(part) for part, _, _ in found}) > 1:
        places = tuple(sorted({shown for _, _, shown in found}))
        raise AmbiguousSymbol(
            f"'{anchor}' names members in several parts of {display(owner)}.",
            "Give the member's full signature, or the type's part by position.",
            places,
        )
    part = found[0][0]
    index = found[-1][1] + 1 if after else found[0][1]
    return part, index


def _declared(model: Any, member: Any, operation: Operation) -> list[Any]:
    kind = member.GetType().Name
    if kind in ("FieldDeclarationSyntax", "EventFieldDeclarationSyntax"):
        nodes = list(member.Declaration.Variables)
    else:
        nodes = [member]
    found = []
    for node in nodes:
        symbol = model.GetDeclaredSymbol(node, operation.token)
        if symbol is not None:
            found.append(symbol)
    return found


def _with_braces(node: Any) -> Any:
    """A type declared with ``;`` (``record Line(string Sku);``) gets braces to hold members."""
    from Microsoft.CodeAnalysis.CSharp import SyntaxFactory, SyntaxKind  # type: ignore[import-not-found]

    brace = node.OpenBraceToken
    if brace.RawKind != 0 and not brace.IsMissing:
        return node
    semicolon = node.SemicolonToken
    return (
        node.WithSemicolonToken(no_token())
        .WithOpenBraceToken(SyntaxFactory.Token(SyntaxKind.OpenBraceToken))
        .WithCloseBraceToken(
            SyntaxFactory.Token(SyntaxKind.CloseBraceToken).WithTrailingTrivia(semicolon.TrailingTrivia)
        )
    )


def _on_lines_of_its_own(member: Any, blank_before: bool) -> Any:
    """The member ends its last line, and a blank line parts it from the one before, as members are
    usually kept (the writer turns line ends into the file's own)."""
    from Microsoft.CodeAnalysis.CSharp import SyntaxFactory  # type: ignore[import-not-found]

    line_end = SyntaxFactory.CarriageReturnLineFeed
    leading = [line_end, *member.GetLeadingTrivia()] if blank_before else list(member.GetLeadingTrivia())
    member = with_leading(member, trivia_list(leading))
    trailing = list(member.GetTrailingTrivia())
    if not any("EndOfLine" in str(t.ToFullString()) or t.ToFullString() in ("\n", "\r\n") for t in trailing):
        member = with_trailing(member, trivia_list([*trailing, line_end]))
    return member
