"""The web toolset: the map of a web application, read from its code (the app never runs)."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import DataModel, EndpointList, ServiceMap, web

from ..responses import result_model
from .arguments import Cursor, Limit
from .registry import respond, toolset

tool = toolset("web")


@tool(serves=web.endpoints)
async def endpoints(
    ctx: Context,
    project: Annotated[str | None, Field(description="Only this project's endpoints.")] = None,
    route: Annotated[
        str | None, Field(description="Only routes containing this text, or matching a * pattern (/api/*).")
    ] = None,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EndpointList)]:
    """Which URL runs which code: every HTTP endpoint of the solution's web projects, with its methods,
    full route (MapGroup prefixes and controller routes combined), handler and its place, and the
    authorization attached. Minimal APIs, controllers, Razor Pages, Blazor @page components, SignalR
    hubs and gRPC services."""
    return await respond(
        ctx, lambda s, t: s.run(web.endpoints, project, route, timeout=t), paged=True, limit=limit, cursor=cursor
    )


@tool(serves=web.service_registrations)
async def service_registrations(
    ctx: Context,
    project: Annotated[str | None, Field(description="Only this project's registrations.")] = None,
    service: Annotated[
        str | None, Field(description="Only services or implementations whose name contains this.")
    ] = None,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ServiceMap)]:
    """Dependency injection as the code sets it up: every registration (lifetime, service,
    implementation, the call and where; inside the solution's own Add... extension methods too), who
    consumes each (constructors, minimal API handlers, @inject), and what cannot work: dependencies
    nothing registers, singletons holding scoped or transient services. Problems come first."""
    return await respond(
        ctx,
        lambda s, t: s.run(web.service_registrations, project, service, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=web.data_model)
async def data_model(
    ctx: Context,
    context: Annotated[str | None, Field(description="Only the EF Core contexts whose name contains this.")] = None,
    project: Annotated[str | None, Field(description="Only this project's contexts.")] = None,
    provider: Annotated[
        str | None,
        Field(
            description="Store types for this provider (SQL Server, SQLite, PostgreSQL) instead of the one the "
            "code uses (UseSqlServer, UseSqlite, UseNpgsql)."
        ),
    ] = None,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(DataModel)]:
    """Which tables the code maps to: each EF Core context's entities with their table, key, columns
    and foreign keys (many-to-one, one-to-one, owned, many-to-many join), and where each is configured
    (attribute, Fluent API or EF Core's conventions). Read from the code as EF Core would build the
    model, each column with its store type for the app's provider; Fluent calls this reading does not
    follow are named as problems, first."""
    return await respond(
        ctx,
        lambda s, t: s.run(web.data_model, context, project, provider, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )
