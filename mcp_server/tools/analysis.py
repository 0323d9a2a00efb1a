"""The analysis toolset, read-only: unused symbols, complexity and the dependency graph."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import ComplexityList, DependencyGraph, UnusedList, analysis

from ..responses import result_model
from .arguments import Cursor, File
from .registry import respond, toolset

tool = toolset("analysis")

Project = Annotated[str | None, Field(description="Only this project (the whole solution when neither is given).")]


@tool(serves=analysis.find_unused)
async def find_unused(
    ctx: Context,
    file: File = None,
    project: Project = None,
    include_public: Annotated[bool, Field(description="Also public and protected symbols.")] = False,
    limit: Annotated[int, Field(description="Most symbols per answer; the cursor gets the rest.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(UnusedList)]:
    """Private and internal types and members nothing in the solution refers to (dead code), by file,
    counted by project and kind. Skips what is used by contract: overrides, interface implementations,
    entry points, tests, serializer- and reflection-marked members, generated code. Check with
    find_references before deleting."""
    return await respond(
        ctx,
        lambda s, t: s.run(analysis.find_unused, file, project, include_public, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=analysis.complexity)
async def complexity(
    ctx: Context,
    file: File = None,
    project: Project = None,
    limit: Annotated[int, Field(description="Most members per answer, worst first.")] = 20,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ComplexityList)]:
    """The most complex methods and properties, worst first: cognitive complexity (how hard to read),
    cyclomatic complexity (paths to test) and lines. Use it to find what to simplify or test first."""
    return await respond(
        ctx, lambda s, t: s.run(analysis.complexity, file, project, timeout=t), paged=True, limit=limit, cursor=cursor
    )


@tool(serves=analysis.dependency_graph)
async def dependency_graph(
    ctx: Context,
    level: Annotated[str, Field(description="project (project references) or namespace (names bound).")] = "project",
    project: Annotated[str | None, Field(description="Namespace level: only what this project's code uses.")] = None,
) -> Annotated[CallToolResult, result_model(DependencyGraph)]:
    """Which projects reference which, or which namespaces use which (with how often and a first
    use), with every cycle named. Use it to see a solution's layering or why two parts are tangled."""
    return await respond(ctx, lambda s, t: s.run(analysis.dependency_graph, level, project, timeout=t))
