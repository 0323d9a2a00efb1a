"""NuGet and documentation tools: search, versions, README, and XML documentation of framework,
package and solution symbols."""

from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import docs, nuget
from engine.views.docs import DocumentationView
from engine.views.nuget import PackageReadme, PackageSearch, PackageVersions

from .config import Settings
from .responses import answer, result_model
from .solution_state import SolutionState
from .tools import Cursor, Limit, documented_tool

ONLINE = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True)
LOOKS_UP = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

PackageId = Annotated[str, Field(description="The package id, e.g. Newtonsoft.Json.")]


def register(server: MCPServer, state: SolutionState, settings: Settings) -> None:
    """Add the NuGet and documentation tools to ``server``."""

    async def respond(ctx: Context, compute: Any, name: str, arguments: dict[str, Any], **paging: Any) -> Any:
        session = await state.loaded_or_none(ctx)
        paged = bool(paging)
        return await answer(session, settings, compute, tool=name, arguments=arguments, paged=paged, **paging)

    def directory(session: Any) -> Path:
        """Where NuGet.Config is looked up from: the solution's directory, else the server's."""
        return Path(session.root) if session is not None else Path.cwd()

    @documented_tool(server, ONLINE)
    async def search_nuget(
        query: Annotated[str, Field(description="Words or an id prefix.")],
        ctx: Context,
        prerelease: Annotated[bool, Field(description="Include pre-release versions.")] = False,
        skip: Annotated[int, Field(description="Results to skip.")] = 0,
        take: Annotated[int, Field(description="Results to return (1-100).")] = 20,
    ) -> Annotated[CallToolResult, result_model(PackageSearch)]:
        """Search the configured NuGet sources (NuGet.Config) for packages."""
        return await respond(
            ctx,
            lambda s: nuget.search_nuget(query, directory(s), prerelease, skip, take),
            "search_nuget",
            {"q": query, "p": prerelease, "s": skip, "t": take},
        )

    @documented_tool(server, ONLINE)
    async def nuget_versions(
        package_id: PackageId, ctx: Context, limit: Limit = 50, cursor: Cursor = None
    ) -> Annotated[CallToolResult, result_model(PackageVersions)]:
        """Every version of a package on the configured sources, newest first."""
        return await respond(
            ctx,
            lambda s: nuget.nuget_versions(package_id, directory(s)),
            "nuget_versions",
            {"p": package_id},
            limit=limit,
            cursor=cursor,
        )

    @documented_tool(server, ONLINE)
    async def nuget_readme(
        package_id: PackageId,
        ctx: Context,
        version: Annotated[str | None, Field(description="Default: newest stable.")] = None,
    ) -> Annotated[CallToolResult, result_model(PackageReadme)]:
        """A package's README, description, authors and license."""
        return await respond(
            ctx,
            lambda s: nuget.nuget_readme(package_id, directory(s), version),
            "nuget_readme",
            {"p": package_id, "v": version},
        )

    @documented_tool(server, LOOKS_UP)
    async def get_documentation(
        symbol: Annotated[str, Field(description="System.String.Split, Customer.GetById(int), or a documentation ID.")],
        ctx: Context,
        package_id: Annotated[str | None, Field(description="Look in this NuGet package's docs.")] = None,
        limit: Limit = 20,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(DocumentationView)]:
        """XML documentation (summary, params, returns, exceptions, remarks, examples) of a solution,
        framework or package symbol; each overload; inheritdoc followed."""
        return await respond(
            ctx,
            lambda s: docs.get_documentation(symbol, package_id, s, settings.timeout_seconds),
            "get_documentation",
            {"s": symbol, "p": package_id},
            limit=limit,
            cursor=cursor,
        )
