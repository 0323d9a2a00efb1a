"""The review toolset: a change between two git revisions read by symbols, and a symbol's history."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import ChangeReview, SymbolDiff, SymbolHistory, review

from ..responses import result_model
from .arguments import Column, Cursor, Limit, Line, Symbol, symbol_ref
from .registry import respond, toolset

tool = toolset("review")

Base = Annotated[
    str,
    Field(
        description="The revision before the change: HEAD, a branch, a tag, a commit, HEAD~3, or main... (the merge base of main and HEAD)."
    ),
]
Head = Annotated[
    str | None,
    Field(
        description="The revision after it: a branch, tag or commit; none for the working tree (staged and unstaged)."
    ),
]


@tool(serves=review.review_changes)
async def review_changes(
    ctx: Context,
    base: Base = "HEAD",
    head: Head = None,
    project: Annotated[str | None, Field(description="Only this project's symbols.")] = None,
    coverage: Annotated[
        bool,
        Field(
            description="Run the tests that reach the change with coverage first, to name the changed lines no test runs (without it, the last run with coverage is used when there is one)."
        ),
    ] = False,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ChangeReview)]:
    """Review a change by symbols, not lines: the types and members it added, removed and changed, each
    change classified (body, signature, accessibility, modifiers, attributes, doc comment, constant or
    default value, renamed or moved), the public API breaks first with why (binary, source, behaviour),
    for each changed signature the call sites, overrides and implementations it left as they were, the
    errors after it, project file changes (packages, frameworks) and the tests that reach it. Then run
    run_tests with changed_since. With coverage of the working tree (coverage=true, or a run_tests with
    coverage=true since), the changed lines no test runs, per member."""

    return await respond(
        ctx,
        lambda s, t: s.call(review.review_with_coverage, base, head, project, run_first=coverage, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=review.symbol_history)
async def symbol_history(
    ctx: Context,
    symbol: Symbol = None,
    file: Annotated[str | None, Field(description="With line and column: the symbol at that position.")] = None,
    line: Line = None,
    column: Column = None,
    limit: Limit = 50,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(SymbolHistory)]:
    """The commits that changed a symbol's declaration (signature, body, doc comment, attributes; every
    part of a partial one), newest first, with author, date and subject, as git follows its lines."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(
        ctx, lambda s, t: s.run(review.symbol_history, ref, timeout=t), paged=True, limit=limit, cursor=cursor
    )


@tool(serves=review.symbol_diff)
async def symbol_diff(
    symbol: Annotated[
        str, Field(description="A changed symbol as review_changes names it (Calc.Add), or its documentation ID.")
    ],
    ctx: Context,
    base: Base = "HEAD",
    head: Head = None,
) -> Annotated[CallToolResult, result_model(SymbolDiff)]:
    """One symbol the change touched, before and after, as a unified diff of its declaration (doc comment,
    attributes, signature and body), instead of the whole file's diff."""
    return await respond(ctx, lambda s, t: s.run(review.symbol_diff, base, head, symbol, timeout=t))
