"""The editing toolset's edits by symbol, and undo: each previews a diff with the compiler errors the
edit would add anywhere in the solution, and writes only with ``apply=true``; the engine does the rest."""

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import EditPreview, editing, symbol_edits

from ..responses import result_model
from .arguments import WRITES, Apply, Column, Cursor, DiffLimit, Line, PreviewToken, Symbol, symbol_ref
from .registry import respond, toolset

tool = toolset("editing")

AllowErrors = Annotated[
    bool, Field(description="Write it even though it adds compiler errors (the preview lists them).")
]
Code = Annotated[
    str, Field(description="C# source: one whole declaration (or, with body_only, a body). Not needed with a token.")
]
At = Annotated[str | None, Field(description="With line and column: the symbol at that position (a partial part).")]


def target(symbol: str | None, file: str | None, line: int | None, column: int | None, token: Any) -> Any:
    """The symbol named; none is needed to write a reviewed preview by its token."""
    if token and not (symbol or file):
        return None
    return symbol_ref(symbol, file, line, column)


@tool(serves=symbol_edits.replace_symbol, annotations=WRITES)
async def replace_symbol(
    ctx: Context,
    code: Code = "",
    symbol: Symbol = None,
    file: At = None,
    line: Line = None,
    column: Column = None,
    body_only: Annotated[
        bool, Field(description="Replace only the body: statements, a { block }, => expr; or { get; set; }.")
    ] = False,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    allow_errors: AllowErrors = False,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Replace a member's or type's declaration (doc comment and attributes kept unless the code has
    its own), or only its body. The preview lists the compiler errors the edit would add anywhere in
    the solution; such an edit is written only with allow_errors=true."""
    ref = target(symbol, file, line, column, apply and preview_token)
    return await respond(
        ctx,
        lambda s, t: s.call(
            symbol_edits.replace_symbol, ref, code, body_only, apply, preview_token, allow_errors, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=symbol_edits.insert_member, annotations=WRITES)
async def insert_member(
    ctx: Context,
    code: Code = "",
    symbol: Annotated[str | None, Field(description="The type to add to (name or documentation ID).")] = None,
    file: At = None,
    line: Line = None,
    column: Column = None,
    before: Annotated[str | None, Field(description="Insert before this member (name or signature).")] = None,
    after: Annotated[str | None, Field(description="Insert after this member (name or signature).")] = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    allow_errors: AllowErrors = False,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Add a member to a type (at the end, or before/after a named member), formatted, with the
    usings it needs; previewed with the errors it would add anywhere in the solution."""
    ref = target(symbol, file, line, column, apply and preview_token)
    return await respond(
        ctx,
        lambda s, t: s.call(
            symbol_edits.insert_member, ref, code, before, after, apply, preview_token, allow_errors, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=symbol_edits.delete_symbol, annotations=WRITES)
async def delete_symbol(
    ctx: Context,
    symbol: Symbol = None,
    file: At = None,
    line: Line = None,
    column: Column = None,
    force: Annotated[bool, Field(description="Delete even though references to it remain.")] = False,
    delete_file: Annotated[bool, Field(description="Remove a file the deletion leaves empty.")] = False,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    allow_errors: AllowErrors = False,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Delete a symbol's whole declaration (every partial part). Refused while references remain
    (they are listed) unless force=true; the preview lists the errors it would add."""
    ref = target(symbol, file, line, column, apply and preview_token)
    return await respond(
        ctx,
        lambda s, t: s.call(
            symbol_edits.delete_symbol, ref, force, delete_file, apply, preview_token, allow_errors, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.undo_edit, annotations=WRITES)
async def undo_edit(ctx: Context) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Put back the files of the last edit applied in this session (by any editing tool); call again
    for the one before (20 levels). Refused when one of its files changed since."""
    return await respond(ctx, lambda s, t: s.call(editing.undo_edit), paged=True)
