"""The projects toolset: packages, project references, target frameworks and properties, edited as
code is: a preview (the diff of every MSBuild file touched, nothing else in them changed), written
with ``apply=true``, then the touched projects restored and evaluated again in place, and the answer
says what that changed (restore, versions resolved, compiler errors added and gone). ``undo_edit``
takes an applied one back."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import EditPreview, PackageList, ProjectOverview, SolutionSession, project_edits

from ..responses import result_model
from .arguments import WRITES, Apply, Cursor, DiffLimit, PreviewToken
from .registry import READ_ONLY, respond, toolset

tool = toolset("projects")

Project = Annotated[str, Field(description="The project, by name (Shop.Core) or by its .csproj path.")]
Package = Annotated[str, Field(description="The NuGet package id, e.g. Newtonsoft.Json.")]
Reference = Annotated[str, Field(description="The project to reference, by name or .csproj path.")]


@tool(serves=project_edits.project_overview, annotations=READ_ONLY)
async def project_overview(
    project: Project,
    ctx: Context,
    outdated: Annotated[bool, Field(description="Also ask the feed for each package's newest version.")] = False,
    limit: Annotated[int, Field(description="Most packages per answer.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(ProjectOverview)]:
    """One project as the terminal app's Project view shows it: target frameworks, the projects it
    references, its packages, and the key properties (Nullable, LangVersion, OutputType...) with the
    MSBuild file that sets each."""

    def run(session: SolutionSession, _: float) -> ProjectOverview:
        return session.call(project_edits.project_overview, project, outdated)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor)


@tool(serves=project_edits.list_packages, annotations=READ_ONLY)
async def list_packages(
    project: Project,
    ctx: Context,
    outdated: Annotated[
        bool, Field(description="Also ask the feed: the newest version of each, and what it says of the one in use.")
    ] = False,
    limit: Annotated[int, Field(description="Most packages per answer.")] = 100,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(PackageList)]:
    """A project's package references as restore saw them: the version asked for, the file that asks
    (the project, Directory.Build.props, central versions), the version chosen per target framework;
    with outdated=true the newest on the feed, deprecated or vulnerable versions marked where the
    feed says so."""

    def run(session: SolutionSession, _: float) -> PackageList:
        return session.call(project_edits.list_packages, project, outdated)

    return await respond(ctx, run, paged=True, limit=limit, cursor=cursor)


@tool(serves=project_edits.add_package, annotations=WRITES)
async def add_package(
    project: Project,
    package: Package,
    ctx: Context,
    version: Annotated[str | None, Field(description="The version (default: the newest stable on the feed).")] = None,
    framework: Annotated[
        str | None, Field(description="Only for this target framework of a multi-targeted project (net8.0).")
    ] = None,
    version_override: Annotated[
        bool, Field(description="Under central package management: a VersionOverride in the project instead.")
    ] = False,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Add a package reference, or move an existing one to another version, where MSBuild reads it:
    the project, or under central package management Directory.Packages.props (the project keeps a
    reference without version). One that Directory.Build.props already brings is named, not added."""
    return await respond(
        ctx,
        lambda s, t: s.call(
            project_edits.add_package,
            project,
            package,
            version,
            framework,
            version_override,
            apply,
            preview_token,
            timeout=t,
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=project_edits.remove_package, annotations=WRITES)
async def remove_package(
    project: Project,
    package: Package,
    ctx: Context,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Remove a package reference from a project (every conditional group); its central version too
    when no other project uses it."""
    return await respond(
        ctx,
        lambda s, t: s.call(project_edits.remove_package, project, package, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=project_edits.add_project_reference, annotations=WRITES)
async def add_project_reference(
    project: Project,
    reference: Reference,
    ctx: Context,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Make a project reference another; a reference that would make a cycle, or whose target
    frameworks the project cannot use, is a problem named in the preview and never written."""
    return await respond(
        ctx,
        lambda s, t: s.call(project_edits.add_project_reference, project, reference, apply, preview_token, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=project_edits.remove_project_reference, annotations=WRITES)
async def remove_project_reference(
    project: Project,
    reference: Reference,
    ctx: Context,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Remove a project reference; applied, the answer names the compiler errors that brings."""
    return await respond(
        ctx,
        lambda s, t: s.call(
            project_edits.remove_project_reference, project, reference, apply, preview_token, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=project_edits.set_target_frameworks, annotations=WRITES)
async def set_target_frameworks(
    project: Project,
    target_frameworks: Annotated[
        list[str], Field(description='The frameworks, e.g. ["net10.0"] or ["net8.0", "net10.0"].')
    ],
    ctx: Context,
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Change a project's target frameworks (TargetFramework for one, TargetFrameworks for several);
    the preview names the errors each new target adds (compiled in memory), as applying then does."""
    return await respond(
        ctx,
        lambda s, t: s.call(
            project_edits.set_target_frameworks, project, target_frameworks, apply, preview_token, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=project_edits.set_project_property, annotations=WRITES)
async def set_project_property(
    project: Project,
    name: Annotated[str, Field(description="The MSBuild property: Nullable, LangVersion, TreatWarningsAsErrors...")],
    ctx: Context,
    value: Annotated[str | None, Field(description="Its value; leave it out to remove the property.")] = None,
    where: Annotated[
        str, Field(description="'project' (its .csproj) or 'directory' (the nearest Directory.Build.props).")
    ] = "project",
    apply: Apply = False,
    preview_token: PreviewToken = None,
    limit: DiffLimit = 200,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(EditPreview)]:
    """Set or remove an MSBuild property in the project or in Directory.Build.props (every project
    under it); applied, the answer names the compiler errors added and gone."""
    return await respond(
        ctx,
        lambda s, t: s.call(
            project_edits.set_project_property, project, name, value, where, apply, preview_token, timeout=t
        ),
        paged=True,
        limit=limit,
        cursor=cursor,
    )
