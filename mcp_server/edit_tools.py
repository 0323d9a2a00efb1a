"""The editing tools: code actions, rename, organize usings, format. Each answers with a preview (a
unified diff) and writes only with ``apply=true``; the engine does the rest."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import editing
from engine.views.edits import CodeActionList, EditPreview

from .config import Settings
from .responses import paged_responder, result_model
from .solution_state import SolutionState
from .tools import Column, Cursor, Line, RequiredFile, Symbol, documented_tool, symbol_ref

LISTS = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False)

Apply = Annotated[
    bool,
    Field(description="Write it (atomically, inside the solution). Default: only preview the diff."),
]
PreviewToken = Annotated[
    str | None,
    Field(description="With apply=true: the token of the preview you reviewed, to write exactly that edit."),
]
Limit = Annotated[int, Field(description="Most diff hunks per answer; the cursor gets the rest.")]
TypeAt = Annotated[str | None, Field(description="With line and column: the type at that position.")]


def register(server: MCPServer, state: SolutionState, settings: Settings) -> None:
    """Add the editing tools to ``server``."""

    respond = paged_responder(state, settings)

    @documented_tool(server, LISTS)
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
        args = {"f": file, "l": line, "c": column, "el": end_line, "ec": end_column, "d": diagnostic_id}
        return await respond(
            ctx,
            lambda s, t: editing.code_actions(s, file, line, column, end_line, end_column, diagnostic_id, timeout=t),
            "code_actions",
            args,
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
    async def apply_code_action(
        ctx: Context,
        id: Annotated[str | None, Field(description="An action id from code_actions.")] = None,
        apply: Apply = False,
        preview_token: PreviewToken = None,
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Preview a code action as a unified diff of every file it changes (with a preview_token), or
        write it with apply=true."""
        return await respond(
            ctx,
            lambda s, t: editing.apply_code_action(s, id, apply, preview_token, timeout=t),
            "apply_code_action",
            {"id": id, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
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
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Rename a symbol and every reference to it across the solution (implementations, overrides,
        interface members included), compiler-exact. The preview lists conflicts and invalid names as
        problems; an edit with problems is never written."""
        ref = symbol_ref(symbol, file, line, column)
        options = editing.RenameOptions(rename_overloads, include_strings, include_comments, rename_file)
        return await respond(
            ctx,
            lambda s, t: editing.rename_symbol(s, ref, new_name, options, apply, preview_token, timeout=t),
            "rename_symbol",
            {"r": ref, "n": new_name, "o": options, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
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
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Reorder, remove, add or rename a method's (constructor's, delegate's) parameters with Roslyn's
        Change Signature: every override, implementation and call site (named arguments too) follows; the
        preview lists any error it would add."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: editing.change_signature(s, ref, parameters, apply, preview_token, timeout=t),
            "change_signature",
            {"r": ref, "s": parameters, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
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
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Make an interface of a class's or struct's public members with Roslyn's Extract Interface; the
        type then implements it. Previewed like every edit."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: editing.extract_interface(
                s, ref, members, name, interface_file, apply, preview_token, timeout=t
            ),
            "extract_interface",
            {"r": ref, "m": members, "n": name, "f": interface_file, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
    async def move_type_to_file(
        ctx: Context,
        symbol: Symbol = None,
        file: TypeAt = None,
        line: Line = None,
        column: Column = None,
        apply: Apply = False,
        preview_token: PreviewToken = None,
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Move a type that shares its file with others into a file of its own named after it (usings
        and namespace carried along), as Roslyn's refactoring does; previewed like every edit."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: editing.move_type_to_file(s, ref, apply, preview_token, timeout=t),
            "move_type_to_file",
            {"r": ref, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
    async def organize_usings(
        file: RequiredFile,
        ctx: Context,
        apply: Apply = False,
        preview_token: PreviewToken = None,
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Remove a file's unnecessary usings and sort the rest (System first, as .editorconfig says)."""
        return await respond(
            ctx,
            lambda s, t: editing.organize_usings(s, file, apply, preview_token, timeout=t),
            "organize_usings",
            {"f": file, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, WRITES)
    async def format_document(
        file: RequiredFile,
        ctx: Context,
        start_line: Annotated[int | None, Field(description="Format only from this line (1-based).")] = None,
        end_line: Annotated[int | None, Field(description="Format only up to this line (inclusive).")] = None,
        apply: Apply = False,
        preview_token: PreviewToken = None,
        limit: Limit = 200,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(EditPreview)]:
        """Format a file (or a line range) with Roslyn's formatter and the project's .editorconfig."""
        return await respond(
            ctx,
            lambda s, t: editing.format_document(s, file, start_line, end_line, apply, preview_token, timeout=t),
            "format_document",
            {"f": file, "s": start_line, "e": end_line, "a": apply, "p": preview_token},
            limit=limit,
            cursor=cursor,
        )
