"""The nuget toolset: package search, versions and READMEs from the configured sources, and the XML
documentation of framework, package and solution symbols."""

from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import DocumentationView, PackageReadme, PackageSearch, PackageVersions, docs, nuget

from ..responses import result_model
from .arguments import Cursor, Limit
from .registry import READ_ONLY, respond, toolset

tool = toolset("nuget")

ONLINE = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True)

PackageId = Annotated[str, Field(description="The package id, e.g. Newtonsoft.Json.")]


def directory(session: Any) -> Path:
    """Where NuGet.Config is looked up from: the solution's directory, else the server's."""
    return Path(session.root) if session is not None else Path.cwd()


@tool(serves=nuget.search_nuget, annotations=ONLINE)
async def search_nuget(
    query: Annotated[str, Field(description="Words or an id prefix.")],
    ctx: Context,
    prerelease: Annotated[bool, Field(description="Include pre-release versions.")] = False,
    skip: Annotated[int, Field(description="Results to skip.")] = 0,
    take: Annotated[int, Field(description="Results to return (1-100).")] = 20,
) -> Annotated[CallToolResult, result_model(PackageSearch)]:
    """Search the configured NuGet sources (NuGet.Config) for packages."""
    return await respond(
        ctx, lambda s, _: nuget.search_nuget(query, directory(s), prerelease, skip, take), needs_solution=False
    )


@tool(serves=nuget.nuget_versions, annotations=ONLINE)
async def nuget_versions(
    package_id: PackageId, ctx: Context, limit: Limit = 50, cursor: Cursor = None
) -> Annotated[CallToolResult, result_model(PackageVersions)]:
    """Every version of a package on the configured sources, newest first."""
    return await respond(
        ctx,
        lambda s, _: nuget.nuget_versions(package_id, directory(s)),
        paged=True,
        limit=limit,
        cursor=cursor,
        needs_solution=False,
    )


@tool(serves=nuget.nuget_readme, annotations=ONLINE)
async def nuget_readme(
    package_id: PackageId,
    ctx: Context,
    version: Annotated[str | None, Field(description="Default: newest stable.")] = None,
) -> Annotated[CallToolResult, result_model(PackageReadme)]:
    """A package's README, description, authors and license."""
    return await respond(ctx, lambda s, _: nuget.nuget_readme(package_id, directory(s), version), needs_solution=False)


@tool(serves=docs.get_documentation, annotations=READ_ONLY)
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
        lambda s, timeout: docs.get_documentation(symbol, package_id, s, timeout),
        paged=True,
        limit=limit,
        cursor=cursor,
        needs_solution=False,
    )
