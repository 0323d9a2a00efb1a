"""Code health, read-only: unused symbols, complexity and the dependency graph."""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import Field

from engine import analysis
from engine.views.complexity import ComplexityList
from engine.views.dependencies import DependencyGraph
from engine.views.unused import UnusedList

from .config import Settings
from .responses import answer, paged_responder, result_model
from .solution_state import SolutionState
from .tools import READ_ONLY, Cursor, File, documented_tool

Project = Annotated[str | None, Field(description="Only this project (the whole solution when neither is given).")]


def register(server: MCPServer, state: SolutionState, settings: Settings) -> None:
    """Add find_unused, complexity and dependency_graph to ``server``."""

    respond = paged_responder(state, settings)

    @documented_tool(server, READ_ONLY)
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
            "find_unused",
            {"f": file, "p": project, "i": include_public},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, READ_ONLY)
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
            ctx,
            lambda s, t: s.run(analysis.complexity, file, project, timeout=t),
            "complexity",
            {"f": file, "p": project},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, READ_ONLY)
    async def dependency_graph(
        ctx: Context,
        level: Annotated[
            str, Field(description="project (project references) or namespace (names bound).")
        ] = "project",
        project: Annotated[
            str | None, Field(description="Namespace level: only what this project's code uses.")
        ] = None,
    ) -> Annotated[CallToolResult, result_model(DependencyGraph)]:
        """Which projects reference which, or which namespaces use which (with how often and a first
        use), with every cycle named. Use it to see a solution's layering or why two parts are tangled."""
        session = await state.ready(ctx)
        timeout = settings.timeout_seconds
        return await answer(
            session,
            settings,
            lambda s: s.run(analysis.dependency_graph, level, project, timeout=timeout),
            tool="dependency_graph",
            arguments={"l": level, "p": project},
        )
