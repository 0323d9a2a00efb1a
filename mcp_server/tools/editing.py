"""The editing toolset's edits by position: code actions, rename, change signature, extract interface,
move type, organize usings, format. Each answers with a preview (a unified diff) and writes only with
``apply=true``; the engine does the rest."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import CodeActionList, EditPreview, editing

from ..responses import result_model
from .arguments import WRITES, Apply, Column, Cursor, DiffLimit, Line, PreviewToken, RequiredFile, Symbol, symbol_ref
from .registry import READ_ONLY, respond, toolset

tool = toolset("editing")

TypeAt = Annotated[str | None, Field(description="With line and column: the type at that position.")]


@tool(serves=editing.code_actions, annotations=READ_ONLY)
async def code_actions(
    file: RequiredFile,
    line: Annotated[int, Field(description="1-based line of the position (or of the span's start).")],
    column: Annotated[int, Field(description="1-based column.")],
    ctx: Context,
    end_line: Annotated[
        int | None, Field(description="End of a selected span (1-based), for extract method and the like.")
    ] = None,
    end_column: Annotated[int | None, Field(description="End column of the span.")] = None,
    diagnostic_id: Annotated[
        str | None, Field(description="Only the fixes for this diagnostic (CS0246, CA1822...).")
    ] = None,
    limit: Annotated[int, Field(description="The most actions in this answer.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(CodeActionList)]:
    """The code fixes and refactorings Roslyn offers at a position or span, fixes first: add using,
    implement interface, generate constructor or method, extract method, introduce local, inline
    variable, use expression body, make readonly, fix all in document/project/solution... Pass an
    id to apply_code_action to see its diff."""
    return await respond(
        ctx,
        lambda s, t: s.call(editing.code_actions, file, line, column, end_line, end_column, diagnostic_id, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.apply_code_action, annotations=WRITES)
async def apply_code_action(
    ctx: Context,
    id: Annotated[str | None, Field(description="An action id from code_actions.")] = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Preview a code action as a unified diff of every file it changes (with a preview_token), or
    write it with apply=true."""
    return await respond(
        ctx,
        lambda s, t: s.call(editing.apply_code_action, id, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.rename_symbol, annotations=WRITES)
async def rename_symbol(
    new_name: Annotated[str, Field(description="The new name (a C# identifier).")],
    ctx: Context,
    symbol: Symbol = None,
    file: Annotated[str | None, Field(description="With line and column: the symbol at that position.")] = None,
    line: Line = None,
    column: Column = None,
    rename_overloads: Annotated[bool, Field(description="Rename every overload of a method too.")] = False,
    include_strings: Annotated[bool, Field(description="Rename the name inside string literals.")] = False,
    include_comments: Annotated[bool, Field(description="Rename the name inside comments.")] = False,
    rename_file: Annotated[bool, Field(description="Rename the file too when it is named after the type.")] = False,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Rename a symbol and every reference to it across the solution (implementations, overrides,
    interface members included), compiler-exact. The preview lists conflicts and invalid names as
    problems; an edit with problems is never written."""
    ref = symbol_ref(symbol, file, line, column)
    options = editing.RenameOptions(rename_overloads, include_strings, include_comments, rename_file)
    return await respond(
        ctx,
        lambda s, t: s.call(editing.rename_symbol, ref, new_name, options, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.change_signature, annotations=WRITES)
async def change_signature(
    parameters: Annotated[
        list[str],
        Field(
            description="The new parameter list in order: 'name' keeps one (one left out is removed), "
            "'name as new_name' renames, 'Type name = default' adds an optional one, 'Type name: value' "
            "adds one every call site passes value to."
        ),
    ],
    ctx: Context,
    symbol: Symbol = None,
    file: Annotated[str | None, Field(description="With line and column: the method at that position.")] = None,
    line: Line = None,
    column: Column = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Reorder, remove, add or rename a method's (constructor's, delegate's) parameters with Roslyn's
    Change Signature: every override, implementation and call site (named arguments too) follows; the
    preview lists any error it would add."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(
        ctx,
        lambda s, t: s.call(editing.change_signature, ref, parameters, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.extract_interface, annotations=WRITES)
async def extract_interface(
    ctx: Context,
    symbol: Symbol = None,
    file: TypeAt = None,
    line: Line = None,
    column: Column = None,
    members: Annotated[
        list[str] | None, Field(description="Member names or IDs to list (every public member when left out).")
    ] = None,
    name: Annotated[str | None, Field(description="The interface's name (default I + the type's name).")] = None,
    interface_file: Annotated[
        str | None, Field(description="Its file, beside the type's (default <name>.cs); the type's own file works.")
    ] = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Make an interface of a class's or struct's public members with Roslyn's Extract Interface; the
    type then implements it. Previewed like every edit."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(
        ctx,
        lambda s, t: s.call(
            editing.extract_interface, ref, members, name, interface_file, apply, preview_token, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.move_type_to_file, annotations=WRITES)
async def move_type_to_file(
    ctx: Context,
    symbol: Symbol = None,
    file: TypeAt = None,
    line: Line = None,
    column: Column = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Move a type that shares its file with others into a file of its own named after it (usings
    and namespace carried along), as Roslyn's refactoring does; previewed like every edit."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(
        ctx,
        lambda s, t: s.call(editing.move_type_to_file, ref, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.organize_usings, annotations=WRITES)
async def organize_usings(
    file: RequiredFile,
    ctx: Context,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Remove a file's unnecessary usings and sort the rest (System first, as .editorconfig says)."""
    return await respond(
        ctx,
        lambda s, t: s.call(editing.organize_usings, file, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=editing.format_document, annotations=WRITES)
async def format_document(
    file: RequiredFile,
    ctx: Context,
    start_line: Annotated[int | None, Field(description="Format only from this line (1-based).")] = None,
    end_line: Annotated[int | None, Field(description="Format only up to this line (inclusive).")] = None,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Format a file (or a line range) with Roslyn's formatter and the project's .editorconfig."""
    return await respond(
        ctx,
        lambda s, t: s.call(editing.format_document, file, start_line, end_line, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )
