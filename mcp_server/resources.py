"""MCP resources: the same answers as the documentation, NuGet and REPL tools, addressed by URI for
clients that attach resources to a conversation."""

from typing import Any
from urllib.parse import unquote

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError

from engine import EngineError, docs, nuget, repl

from .config import Settings
from .paging import cut_text
from .solution_state import SolutionState


def register(server: MCPServer, state: SolutionState, settings: Settings) -> None:
    """Add the ``doc://``, ``nuget://`` and ``repl://`` resources to ``server``."""

    def session() -> Any:
        current = state.session
        return current if current is not None and current.is_loaded else None

    async def text(work: Any) -> str:
        try:
            view = await anyio.to_thread.run_sync(work)
        except EngineError as error:
            raise ResourceError(error.describe()) from error
        shown, was_cut = cut_text(view.render(), settings.response_budget)
        return shown + ("\n... cut: use the matching tool, which pages" if was_cut else "")

    def directory() -> Any:
        from pathlib import Path

        current = session()
        return Path(current.root) if current is not None else Path.cwd()

    @server.resource(
        "doc://{symbol}", name="documentation", mime_type="text/plain",
        description="XML documentation of a symbol (doc://System.String.Split), as get_documentation gives it.",
    )  # fmt: skip
    async def documentation(symbol: str) -> str:
        return await text(lambda: docs.get_documentation(unquote(symbol), None, session(), settings.timeout_seconds))

    @server.resource(
        "nuget://search?q={query}", name="nuget-search", mime_type="text/plain",
        description="NuGet packages matching a query, as search_nuget gives them.",
    )  # fmt: skip
    async def nuget_search(query: str) -> str:
        return await text(lambda: nuget.search_nuget(unquote(query), directory()))

    @server.resource(
        "nuget://packages/{package_id}/versions", name="nuget-versions", mime_type="text/plain",
        description="Every version of a NuGet package, newest first.",
    )  # fmt: skip
    async def nuget_versions(package_id: str) -> str:
        return await text(lambda: nuget.nuget_versions(package_id, directory()))

    @server.resource(
        "nuget://packages/{package_id}/readme", name="nuget-readme", mime_type="text/markdown",
        description="The README of a NuGet package's newest stable version.",
    )  # fmt: skip
    async def nuget_readme(package_id: str) -> str:
        return await text(lambda: nuget.nuget_readme(package_id, directory()))

    @server.resource(
        "repl://state", name="repl-state", mime_type="text/plain",
        description="The C# REPL: framework, limits, whether code may run, live contexts.",
    )  # fmt: skip
    async def repl_overview() -> str:
        return await text(lambda: repl.repl_info(session()))

    @server.resource(
        "repl://sessions/{context_id}/state", name="repl-context-state", mime_type="text/plain",
        description="One REPL context's variables, usings and packages.",
    )  # fmt: skip
    async def repl_context(context_id: str) -> str:
        return await text(lambda: repl.repl_state(context_id))
