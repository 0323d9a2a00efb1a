"""The runtime toolset: what the code does when it runs, by symbol. Coverage comes from a test run with
``coverage=true`` (the testing toolset's ``run_tests``), kept with the engine's session; a profile from
running tests, an app or REPL code under the sampler; a stuck or stopped run's stacks come with
``run_tests``, ``run_app`` and ``cancel_job`` themselves."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import CoverageReport, ProfileReport, SolutionSession, apps, runtime

from ..responses import result_model
from .arguments import RUNS, Column, Cursor, Line, Symbol, symbol_ref
from .registry import respond, settings_of, toolset
from .repl import RUNS_CODE, Code, ContextId

tool = toolset("runtime")

Allocations = Annotated[bool, Field(description="Also sample allocations (by type, where).")]


@tool(serves=runtime.coverage)
async def coverage(
    ctx: Context,
    symbol: Symbol = None,
    file: Annotated[str | None, Field(description="A source file: its members' coverage.")] = None,
    line: Line = None,
    column: Column = None,
    project: Annotated[str | None, Field(description="A project by name: its members' coverage.")] = None,
    limit: Annotated[int, Field(description="Most members per answer, least covered first.")] = 50,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(CoverageReport)]:
    """Line and branch coverage of the last test run with coverage=true, by member and type: covered
    and coverable lines, branches, the uncovered lines; for a member, the tests that reach it. Of a
    symbol (by name or position), a file, a project, or, with none, the solution's least covered members.
    Files changed since the run are named."""
    ref = symbol_ref(symbol, file, line, column) if symbol or line is not None else None
    chosen_file = file if ref is None else None

    def run(session: SolutionSession, _: float) -> CoverageReport:
        return session.call(runtime.coverage, ref, chosen_file, project)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor)


@tool(serves=runtime.profile_tests, annotations=RUNS)
async def profile_tests(
    ctx: Context,
    symbol: Annotated[str | None, Field(description="Profile the tests that reach this member or type.")] = None,
    tests: Annotated[list[str] | None, Field(description="Test methods by name or documentation ID.")] = None,
    project: Annotated[str | None, Field(description="A test project by name (default: every test).")] = None,
    allocations: Allocations = False,
    limit: Annotated[int, Field(description="Most members per answer, the hottest first.")] = 20,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ProfileReport)]:
    """Run tests under a CPU sampling profiler (dotnet-trace, installed into the user cache on first use)
    and answer where their time went: the hottest members by exclusive and inclusive time, each the
    solution's with its file and line or a library's (marked), the hot call paths, and the profile's
    speedscope and nettrace files. Runs the solution's tests: trusted solutions only."""
    ref = symbol_ref(symbol, None, None, None) if symbol else None
    timeout = settings_of(ctx).build_timeout_seconds

    def run(session: SolutionSession, _: float) -> ProfileReport:
        return session.call(runtime.profile_tests, ref, tests, project, timeout=timeout, allocations=allocations)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor)


@tool(serves=apps.profile_app, annotations=RUNS_CODE)
async def profile_app(
    path: Annotated[str, Field(description="A file-based app in the solution's directory (as run_app).")],
    ctx: Context,
    arguments: Annotated[list[str] | None, Field(description="Its command-line arguments.")] = None,
    seconds: Annotated[float | None, Field(description="End it after this long (default 30).")] = None,
    allocations: Allocations = False,
    limit: Annotated[int, Field(description="Most members per answer.")] = 20,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ProfileReport)]:
    """Run a file-based app (as run_app) under the CPU sampler; answers as profile_tests."""

    def run(session: SolutionSession, _: float) -> ProfileReport:
        return session.call(apps.profile_app, path, arguments, seconds, allocations)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor)


@tool(serves=runtime.profile_repl, annotations=RUNS_CODE)
async def profile_repl(
    code: Code,
    ctx: Context,
    context_id: ContextId = None,
    allocations: Allocations = False,
    limit: Annotated[int, Field(description="Most members per answer.")] = 20,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ProfileReport)]:
    """Evaluate C# (as evaluate_csharp) under the CPU sampler; answers as profile_tests."""

    def run(session: SolutionSession | None, _: float) -> ProfileReport:
        return runtime.profile_repl(code, context_id, session, allocations)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor, needs_solution=False)
