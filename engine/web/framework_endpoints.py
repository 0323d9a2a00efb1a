"""Endpoints the framework maps for a call of the app's: ``MapOpenApi``, ``MapStaticAssets`` (one row for
the build's manifest, and the development fallback a build manifest brings), ``MapRazorComponents`` with
its render modes, ``MapHub``'s negotiation, ``MapHealthChecks`` and the ``MapFallback*`` family. Each is
what ASP.NET Core's own code maps for that call (held to the built app's ``EndpointDataSource`` in the
fixture's test), at the app's call.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..models import Location
from ..views.endpoints import ANY, Endpoint
from .routes import combined

MAPS = (
    "MapRazorPages",
    "MapOpenApi",
    "MapStaticAssets",
    "MapRazorComponents",
    "MapHealthChecks",
    "MapFallback",
    "MapFallbackToFile",
    "MapFallbackToPage",
    "MapFallbackToController",
)
OPEN_API_PATTERN = "/openapi/{documentName}.json"
"""``MapOpenApi``'s default pattern (``OpenApiConstants.DefaultOpenApiRoute``)."""
FALLBACK_PATTERN = "{*path:nonfile}"
"""What ``MapFallback`` and its kin match without a pattern: any path that does not look like a file."""
DEVELOPMENT_FALLBACK = "{**path:file}"
"""What ``MapStaticAssets`` adds for a build's manifest (not a publish's): files changed since the build."""
BLAZOR_HUB = ("/_blazor", "/_blazor/negotiate", "/_blazor/disconnect/", "/_blazor/initializers/")
"""``AddInteractiveServerRenderMode``: the circuit's hub, its negotiation, and the two endpoints Blazor
Server's script calls (``ComponentEndpointRouteBuilderExtensions.MapBlazorHub``)."""
_VERSIONED = re.compile(r"/Pages/V(\d+)/")
_AREA = re.compile(r"^/Areas/([^/]+)/Pages/(.+)$")
OPAQUE_REDIRECT = "/_framework/opaque-redirect"
RESOURCE_COLLECTION = "/_framework/resource-collection.js"
RESOURCE_COLLECTION_ENDPOINTS = 6
"""``ResourceCollectionUrlEndpoint``: the script, fingerprinted and not, each plain, gzip and negotiated."""


@dataclass(frozen=True)
class Call:
    """One ``Map...`` call of the app's, as the walk read it."""

    name: str
    pattern: str | None
    """Its constant pattern argument, when it has one."""
    chained: tuple[str, ...]
    """The calls chained on it (``AddInteractiveServerRenderMode``)."""
    place: Location
    handler: str
    authorization: str
    project: str
    output: Path | None
    """The project's output assembly: its folder holds the static assets' manifest."""
    compilation: Any = None


def framework_endpoints(call: Call) -> list[Endpoint]:
    def row(methods: tuple[str, ...], route: str, kind: str, handler: str = "", count: int = 1) -> Endpoint:
        return Endpoint(
            methods, route, kind, handler or call.handler, call.place, call.authorization, call.project, count
        )

    name = call.name
    if name == "MapRazorPages":  # the project's own pages are read from its files (pages.py)
        return [row(ANY, route, "Razor Page", handler) for route, handler in library_pages(call.compilation)]
    if name == "MapOpenApi":
        return [row(("GET",), combined(call.pattern or OPEN_API_PATTERN), "OpenAPI document", "MapOpenApi")]
    if name == "MapHealthChecks":
        return [row(ANY, combined(call.pattern or "/"), "health checks", "MapHealthChecks")]
    if name.startswith("MapFallback"):
        return [row(ANY, call.pattern or FALLBACK_PATTERN, "fallback")]
    if name == "MapStaticAssets":
        return _static_assets(call, row)
    if name == "MapRazorComponents":
        found = [row(("GET",), OPAQUE_REDIRECT, "Blazor", "Blazor opaque redirection")]
        found.append(row(ANY, RESOURCE_COLLECTION, "Blazor", "the resource collection", RESOURCE_COLLECTION_ENDPOINTS))
        if "AddInteractiveServerRenderMode" in call.chained:
            found += [row(ANY, route, "hub", "Blazor Server's circuit hub") for route in BLAZOR_HUB]
        return found
    return []


def library_pages(compilation: Any) -> list[tuple[str, str]]:
    """Razor Pages a referenced Razor class library compiled (Identity's UI): ``(route, page)`` from its
    ``[RazorCompiledItem]`` attributes. ``/Areas/{area}/Pages/{page}.cshtml`` is served at
    ``/{area}/{page}``, an ``Index`` also at its folder. Identity's UI ships each page for two Bootstrap
    versions (``Pages/V4``, ``Pages/V5``) and serves the newest (its default ``UIFramework``)."""
    if compilation is None:
        return []
    found: list[tuple[str, str]] = []
    for assembly in compilation.SourceModule.ReferencedAssemblySymbols:
        pages = [
            str(attribute.ConstructorArguments[2].Value)
            for attribute in assembly.GetAttributes()
            if attribute.AttributeClass is not None
            and str(attribute.AttributeClass.Name) == "RazorCompiledItemAttribute"
            and attribute.ConstructorArguments.Length == 3
            and str(attribute.ConstructorArguments[1].Value) == "mvc.1.0.razor-page"
        ]
        versions = {match.group(1) for page in pages if (match := _VERSIONED.search(page))}
        newest = max(versions, key=int) if versions else None
        for page in pages:
            versioned = _VERSIONED.search(page)
            if versioned and versioned.group(1) != newest:
                continue
            page = _VERSIONED.sub("/Pages/", page)
            area = _AREA.match(page)
            relative = f"/{area.group(1)}/{area.group(2)}" if area else page.removeprefix("/Pages")
            relative = relative.removesuffix(".cshtml")
            routes = [relative]
            if relative.endswith("/Index"):
                routes.insert(0, relative[: -len("/Index")] or "/")
            found += [(combined(route), f"{assembly.Identity.Name}: {page}") for route in routes]
    return found


def hub_negotiation(hub: Endpoint) -> Endpoint:
    """The negotiation SignalR maps beside every hub."""
    return Endpoint(
        ANY,
        combined(hub.route, "negotiate"),
        hub.kind,
        f"{hub.handler} (negotiation)",
        hub.location,
        hub.authorization,
        hub.project,
    )


def _static_assets(call: Call, row: Any) -> list[Endpoint]:
    """One row for the manifest's endpoints (each file, each encoding), read from the build's output."""
    manifest = _manifest(call)
    if manifest is None:
        return [row(("GET", "HEAD"), "(static assets: build the project to list them)", "static assets", "", 0)]
    try:
        read = json.loads(manifest.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return [row(("GET", "HEAD"), f"(static assets: {manifest.name} unreadable)", "static assets", "", 0)]
    endpoints = read.get("Endpoints") or []
    found = [
        row(("GET", "HEAD"), f"({len(endpoints):,} static assets)", "static assets", manifest.name, len(endpoints))
    ]
    if read.get("ManifestType") == "Build":
        found.append(row(("GET", "HEAD"), DEVELOPMENT_FALLBACK, "fallback", "static files changed since the build"))
    return found


def _manifest(call: Call) -> Path | None:
    if call.output is None:
        return None
    # The argument is a manifest's path, relative to the app's folder (AppContext.BaseDirectory).
    named = call.pattern or f"{call.output.stem}.staticwebassets.endpoints.json"
    path = call.output.parent / named
    return path if path.is_file() else None
