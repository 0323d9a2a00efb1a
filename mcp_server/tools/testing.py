"""The testing toolset: ``dotnet build`` and ``dotnet test`` run as confined child processes (the
solution's code runs, so only for a trusted solution) and answer as structured results; the tests that
reach a symbol; stack traces taken to source."""

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult
from pydantic import Field

from engine import BuildReport, SolutionSession, StackTrace, TestRun, TestsReaching, review, runtime, testing

from ..progress import from_worker
from ..responses import result_model
from .arguments import RUNS, Column, Cursor, Line, Symbol, symbol_ref
from .registry import respond, settings_of, toolset

tool = toolset("testing")

Project = Annotated[str | None, Field(description="One project by name (default: the whole solution).")]
Configuration = Annotated[str, Field(description="The build configuration: Debug or Release.")]


@tool(serves=testing.run_build, annotations=RUNS)
async def run_build(
    ctx: Context,
    project: Project = None,
    configuration: Configuration = "Debug",
    limit: Annotated[int, Field(description="Most diagnostics per answer; the cursor gets the rest.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(BuildReport)]:
    """Build the solution or a project with dotnet build (a child process; progress per project):
    errors and warnings with file, line, column and the member around them, warnings counted by
    id, and the log's path. Runs the solution's build code: trusted solutions only."""
    progress = from_worker(ctx, "build")
    timeout = settings_of(ctx).build_timeout_seconds
    return await respond(
        ctx,
        lambda s, t: s.call(testing.run_build, project, configuration, timeout, progress),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=testing.find_tests)
async def find_tests(
    ctx: Context,
    symbol: Symbol = None,
    file: Annotated[str | None, Field(description="With line and column: the symbol at that position.")] = None,
    line: Line = None,
    column: Column = None,
    depth: Annotated[int, Field(description="Most calls between a test and the symbol (1-20).")] = 6,
    limit: Annotated[int, Field(description="Most tests per answer; the cursor gets the rest.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(TestsReaching)]:
    """The xUnit, NUnit and MSTest tests that reach a member or type through the call graph (through
    interfaces and overrides too), nearest first, each with its path of calls. Then run_tests."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(
        ctx, lambda s, t: s.run(testing.find_tests, ref, depth, timeout=t), paged=True, limit=limit, cursor=cursor
    )


@tool(serves=testing.run_tests, annotations=RUNS)
async def run_tests(
    ctx: Context,
    symbol: Annotated[str | None, Field(description="Run the tests that reach this member or type.")] = None,
    tests: Annotated[list[str] | None, Field(description="Test methods by name or documentation ID.")] = None,
    project: Project = None,
    filter: Annotated[str | None, Field(description="A dotnet test --filter expression.")] = None,
    configuration: Configuration = "Debug",
    framework: Annotated[
        str | None, Field(description="Only this target framework of a multi-targeted test project (net8.0).")
    ] = None,
    roll_forward: Annotated[
        bool, Field(description="Run a target whose .NET runtime is not installed on the newest installed one.")
    ] = True,
    timeout_seconds: Annotated[
        float | None,
        Field(
            description="Stop the run after this many seconds (build included) and answer with every thread's stack at that moment: for a run that may hang. Default: the server's build timeout."
        ),
    ] = None,
    coverage: Annotated[
        bool,
        Field(
            description="Collect line and branch coverage (the collector the test project brings), kept for the coverage tool and review_changes."
        ),
    ] = False,
    changed_since: Annotated[
        str | None,
        Field(
            description="Run the tests that reach the change since this git revision (HEAD, main...): what review_changes lists."
        ),
    ] = None,
    limit: Annotated[int, Field(description="Most results per answer, failures first.")] = 50,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(TestRun)]:
    """Run tests with dotnet test (all, a project's, named ones, those reaching a symbol, or a
    filter); results from the TRX log: counts (per target framework), each failure with its message,
    expected and actual values and its stack taken to source. A target whose runtime is missing runs
    by roll-forward, said so; one that cannot run is named with why. A run past its time is stopped and
    answers with every managed thread's stack at that moment, deadlock-shaped waits named. Trusted
    solutions only."""
    ref = symbol_ref(symbol, None, None, None) if symbol else None
    if changed_since is not None and (ref is not None or tests or filter):
        raise ToolError("changed_since chooses the tests itself: give it without symbol, tests or filter.")
    progress = from_worker(ctx, "tests")
    if timeout_seconds is not None and timeout_seconds <= 0:
        raise ToolError("timeout_seconds must be more than 0.")
    timeout = timeout_seconds or settings_of(ctx).build_timeout_seconds
    options: dict[str, Any] = {"configuration": configuration, "timeout": timeout, "progress": progress}
    options |= {"framework": framework, "roll_forward": roll_forward, "project": project}

    def run(session: SolutionSession, _: float) -> TestRun:
        if changed_since is not None:
            return session.call(review.run_changed_tests, changed_since, coverage=coverage, **options)
        if coverage:
            return session.call(runtime.run_tests_with_coverage, ref, tests, filter=filter, **options)
        return session.call(testing.run_tests, ref, tests, filter=filter, **options)

    return await respond(
        ctx,
        run,
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=testing.resolve_stack_trace)
async def resolve_stack_trace(
    text: Annotated[str, Field(description="A .NET stack trace: an exception's text, a log, a test failure.")],
    ctx: Context,
    limit: Annotated[int, Field(description="Most frames per answer; the cursor gets the rest.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(StackTrace)]:
    """Map every frame of a .NET stack trace to the solution's source: file, line and member (async
    methods, lambdas, local functions, constructors, accessors understood); others marked external."""
    return await respond(
        ctx, lambda s, t: s.run(testing.resolve_stack_trace, text, timeout=t), paged=True, limit=limit, cursor=cursor
    )
