"""The repl toolset: evaluate and validate C#, the contexts, packages loaded into them, and file-based
apps. Code runs in a worker process per context, never in the server; it needs a trusted solution or
ROSLYN_TUI_TRUST_REPL."""

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import AppExport, AppRun, ContextState, Evaluation, PackageLoad, ReplInfo, ReplReset, Validation, apps, repl

from ..responses import result_model
from .registry import READ_ONLY, respond, toolset

tool = toolset("repl")

RUNS_CODE = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=True)
ENDS = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)
WRITES_APP = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True)
LOADS = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=True)

Code = Annotated[
    str, Field(description="C# script: statements, an expression (no ';' to see its value), #r \"nuget: Id, Version\".")
]
ContextId = Annotated[
    str | None, Field(description="The context (variables, usings, packages persist in it). Default: default.")
]


@tool(serves=repl.evaluate_csharp, annotations=RUNS_CODE)
async def evaluate_csharp(
    code: Code,
    ctx: Context,
    context_id: ContextId = None,
    reference_solution: Annotated[
        bool | None,
        Field(
            description="Reference the loaded solution's projects (and their packages). Default: yes when one is loaded."
        ),
    ] = None,
) -> Annotated[CallToolResult, result_model(Evaluation)]:
    """Run C# in a REPL context (a separate process; 10 s and 512 MB limits): the value and its type,
    stdout/stderr, compile errors with line:column, exceptions."""
    return await respond(
        ctx,
        lambda s, timeout: repl.evaluate_csharp(code, context_id, s, reference_solution, timeout),
        needs_solution=False,
    )


@tool(serves=repl.validate_csharp, annotations=READ_ONLY)
async def validate_csharp(
    code: Code, ctx: Context, context_id: ContextId = None
) -> Annotated[CallToolResult, result_model(Validation)]:
    """Compile C# in a REPL context without running it: the errors and warnings with line:column."""
    return await respond(ctx, lambda s, _: repl.validate_csharp(code, context_id, s), needs_solution=False)


@tool(serves=repl.reset_repl, annotations=ENDS)
async def reset_repl(
    ctx: Context,
    context_id: Annotated[str | None, Field(description="The context to end. Default: every context.")] = None,
) -> Annotated[CallToolResult, result_model(ReplReset)]:
    """End a REPL context (or all): its variables, usings and packages go."""
    return await respond(ctx, lambda s, _: repl.reset_repl(context_id), needs_solution=False)


@tool(serves=repl.repl_info, annotations=READ_ONLY)
async def repl_info(ctx: Context) -> Annotated[CallToolResult, result_model(ReplInfo)]:
    """The REPL's framework, C# version, default usings, limits, whether code may run, and live contexts."""
    return await respond(ctx, lambda s, _: repl.repl_info(s), needs_solution=False)


@tool(serves=repl.repl_state, annotations=READ_ONLY)
async def repl_state(
    ctx: Context, context_id: ContextId = None
) -> Annotated[CallToolResult, result_model(ContextState)]:
    """A REPL context's variables (name, type, value), usings and packages."""
    return await respond(ctx, lambda s, _: repl.repl_state(context_id), needs_solution=False)


@tool(serves=repl.load_nuget_package, annotations=LOADS)
async def load_nuget_package(
    package_id: Annotated[str, Field(description="The package id, e.g. Newtonsoft.Json.")],
    ctx: Context,
    version: Annotated[str | None, Field(description="Exact version. Default: newest stable.")] = None,
    context_id: ContextId = None,
) -> Annotated[CallToolResult, result_model(PackageLoad)]:
    """Restore a NuGet package with its dependencies and reference it in a REPL context."""
    return await respond(
        ctx, lambda s, _: repl.load_nuget_package(package_id, version, context_id, s), needs_solution=False
    )


@tool(serves=apps.export_app, annotations=WRITES_APP)
async def export_app(
    path: Annotated[str, Field(description="The app's file, e.g. tools/report.cs (inside the solution's directory).")],
    ctx: Context,
    context_id: ContextId = None,
    overwrite: Annotated[bool, Field(description="Replace the file if it exists.")] = False,
) -> Annotated[CallToolResult, result_model(AppExport)]:
    """Write a REPL context's submissions as one file-based app (dotnet run app.cs: #:package lines, usings
    first, types last, trailing expressions printed) and check it with dotnet build (errors by submission)."""
    return await respond(ctx, lambda s, _: apps.export_app(path, context_id, s, overwrite), needs_solution=False)


@tool(serves=apps.run_app, annotations=RUNS_CODE)
async def run_app(
    path: Annotated[str, Field(description="A file-based app inside the solution's directory, e.g. tools/report.cs.")],
    ctx: Context,
    arguments: Annotated[list[str] | None, Field(description="Command-line arguments for the app.")] = None,
    timeout: Annotated[float | None, Field(description="Seconds before it is stopped. Default: 30.")] = None,
) -> Annotated[CallToolResult, result_model(AppRun)]:
    """Build and run a file-based app, confined as REPL code is: exit code, stdout and stderr."""
    return await respond(ctx, lambda s, _: apps.run_app(path, arguments, s, timeout), needs_solution=False)
