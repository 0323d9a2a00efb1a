"""Symbol-level edits: replace a declaration or its body, insert a member, delete a symbol.

Each names its target as every other tool does (a name, a documentation ID or a position), never by
line numbers; each is a preview first (a unified diff, with the compiler errors it would add anywhere
in the solution) and is written through the same guarded, atomic, undoable path as every other edit
(``engine.editing.flow``). An edit that would add errors is written only with ``allow_errors``.
"""

from __future__ import annotations

from typing import Any

from ..editing.flow import edit
from ..editing.previews import pending_edit
from ..errors import EditRefused, InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display, kind_of, typed
from ..symbols.naming import SymbolRef, resolve
from ..views.edits import EditPreview
from ..workspace.declared import query
from ..workspace.session import DEFAULT_QUERY_TIMEOUT, SolutionSession
from ..workspace.snapshot import Snapshot
from .declarations import chosen_part, declarations_of
from .deletion import deleted_solution
from .insertion import inserted_solution
from .new_code import parse_body, parse_declaration
from .syntax import keeping_docs_and_attributes, marker, no_token, replaced, with_trailing
from .usings import add_missing_usings

__all__ = ["delete_symbol", "insert_member", "replace_symbol"]


@query(updates_every_use=True)
def replace_symbol(
    session: SolutionSession,
    ref: SymbolRef | None,
    code: str,
    body_only: bool = False,
    apply: bool = False,
    preview_token: str | None = None,
    allow_errors: bool = False,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Replace a member's or type's whole declaration (its doc comment and attributes kept unless
    ``code`` has its own), or only its body with ``body_only``."""

    def replace_symbol(snapshot: Snapshot, operation: Operation) -> Any:
        assert ref is not None
        symbol = typed(resolve(snapshot, operation, ref))
        part = chosen_part(snapshot, symbol, declarations_of(snapshot, operation, symbol), ref, want_body=body_only)
        old = part.node
        kind = old.GetType().Name
        if part.variable is not None:
            raise EditRefused(
                f"{display(symbol)} is declared with other fields in one declaration ({old.ToString().strip()}).",
                "Replace the whole declaration by naming its first field, or delete this one and insert it anew.",
            )
        if kind == "ParameterSyntax":
            raise EditRefused(
                f"{display(symbol)} is a record's positional property: its declaration is a constructor parameter.",
                "Replace the record's declaration instead.",
            )
        if body_only:
            new = _with_body(symbol, old, parse_body(code, kind))
        else:
            new = keeping_docs_and_attributes(old, parse_declaration(code, kind == "EnumMemberDeclarationSyntax"))
        mark = marker()
        solution = replaced(part.document, old, new, mark, operation)
        solution = add_missing_usings(snapshot, operation, solution, part.document.Id, mark)
        title = f"Replace {'the body of ' if body_only else ''}{display(symbol)}"
        return pending_edit("replace_symbol", title, snapshot, solution, operation)

    return edit(session, "replace_symbol", replace_symbol, apply, preview_token, timeout, allow_errors)


@query(updates_every_use=True)
def insert_member(
    session: SolutionSession,
    ref: SymbolRef | None,
    code: str,
    before: str | None = None,
    after: str | None = None,
    apply: bool = False,
    preview_token: str | None = None,
    allow_errors: bool = False,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Add a member to a type: at its end, or before or after a named member; formatted with the
    document's options, with the usings it needs that the project already references."""
    if before and after:
        raise InvalidArgument(
            "Both before and after were given.", "Give one of them, or neither (the end of the type)."
        )

    def insert_member(snapshot: Snapshot, operation: Operation) -> Any:
        assert ref is not None
        owner = typed(resolve(snapshot, operation, ref))
        if str(owner.Kind) != "NamedType":
            raise InvalidArgument(
                f"{display(owner)} is a {kind_of(owner)}; members are inserted into a type.",
                "Name the class, struct, record, interface or enum to add the member to.",
            )
        mark = marker()
        parts = declarations_of(snapshot, operation, owner)
        document, solution = inserted_solution(snapshot, operation, owner, parts, ref, code, before, after, mark)
        solution = add_missing_usings(snapshot, operation, solution, document.Id, mark)
        where = f" before {before}" if before else f" after {after}" if after else ""
        return pending_edit("insert_member", f"Insert into {display(owner)}{where}", snapshot, solution, operation)

    return edit(session, "insert_member", insert_member, apply, preview_token, timeout, allow_errors)


@query(updates_every_use=True)
def delete_symbol(
    session: SolutionSession,
    ref: SymbolRef | None,
    force: bool = False,
    delete_file: bool = False,
    apply: bool = False,
    preview_token: str | None = None,
    allow_errors: bool = False,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Remove a symbol's whole declaration (every part), refused while references to it remain unless
    ``force``; a file left with no declaration is removed only with ``delete_file``."""

    def delete_symbol(snapshot: Snapshot, operation: Operation) -> Any:
        assert ref is not None
        symbol = typed(resolve(snapshot, operation, ref))
        parts = declarations_of(snapshot, operation, symbol)
        solution, problems, note = deleted_solution(snapshot, operation, symbol, parts, force, delete_file)
        title = f"Delete {display(symbol)}{note}"
        return pending_edit("delete_symbol", title, snapshot, solution, operation, problems)

    return edit(session, "delete_symbol", delete_symbol, apply, preview_token, timeout, allow_errors)


def _with_body(symbol: Any, old: Any, stand_in: Any) -> Any:
    """``old`` with the body ``stand_in`` was parsed with (block, ``=>`` or accessor list)."""
    none = no_token()
    has_accessors = hasattr(old, "AccessorList")
    if has_accessors:
        if stand_in.AccessorList is not None:
            new = old.WithAccessorList(stand_in.AccessorList)
            if hasattr(old, "ExpressionBody"):
                new = new.WithExpressionBody(None).WithSemicolonToken(none)
        elif hasattr(old, "ExpressionBody"):
            new = old.WithAccessorList(None).WithExpressionBody(stand_in.ExpressionBody)
            new = new.WithSemicolonToken(stand_in.SemicolonToken)
        else:
            raise InvalidArgument(f"{display(symbol)} cannot have an expression body.", "Give its accessor list.")
    else:
        if old.Body is None and old.ExpressionBody is None:
            raise EditRefused(
                f"{display(symbol)} has no body (abstract, extern, an interface member or a partial definition).",
                "Replace the whole declaration (body_only=false), or name the part that has the body.",
            )
        if stand_in.Body is not None:
            new = old.WithBody(stand_in.Body).WithExpressionBody(None).WithSemicolonToken(none)
        else:
            new = old.WithBody(None).WithExpressionBody(stand_in.ExpressionBody)
            new = new.WithSemicolonToken(stand_in.SemicolonToken)
    return with_trailing(new, old.GetTrailingTrivia())
