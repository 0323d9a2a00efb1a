"""The REPL tools: evaluate and validate C#, the contexts, packages loaded into them. Code runs in a
worker process per context, never in the server; it needs a trusted solution or ROSLYN_TUI_TRUST_REPL."""

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import repl
from engine.apps import export, run
from engine.views.apps import AppExport, AppRun
from engine.views.repl import ContextState, Evaluation, PackageLoad, ReplInfo, ReplReset, Validation

from .config import Settings
from .responses import answer, result_model
from .solution_state import SolutionState
from .tools import documented_tool

RUNS_CODE = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=True)
INSPECTS = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
ENDS = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)
WRITES_APP = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True)
LOADS = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=True)

Code = Annotated[
    str, Field(description="C# script: statements, an expression (no ';' to see its value), #r \"nuget: Id, Version\".")
]
ContextId = Annotated[
    str | None, Field(description="The context (variables, usings, packages persist in it). Default: default.")
]


def register(server: MCPServer, state: SolutionState, settings: Settings) -> None:
    """Add the REPL tools to ``server``."""

    async def respond(ctx: Context, compute: Any, name: str, arguments: dict[str, Any]) -> CallToolResult:
        session = await state.loaded_or_none(ctx)
        return await answer(session, settings, compute, tool=name, arguments=arguments)

    @documented_tool(server, RUNS_CODE)
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
            lambda s: repl.evaluate_csharp(code, context_id, s, reference_solution, settings.timeout_seconds),
            "evaluate_csharp",
            {"c": code, "x": context_id, "r": reference_solution},
        )

    @documented_tool(server, INSPECTS)
    async def validate_csharp(
        code: Code, ctx: Context, context_id: ContextId = None
    ) -> Annotated[CallToolResult, result_model(Validation)]:
        """Compile C# in a REPL context without running it: the errors and warnings with line:column."""
        return await respond(
            ctx, lambda s: repl.validate_csharp(code, context_id, s), "validate_csharp", {"c": code, "x": context_id}
        )

    @documented_tool(server, ENDS)
    async def reset_repl(
        ctx: Context,
        context_id: Annotated[str | None, Field(description="The context to end. Default: every context.")] = None,
    ) -> Annotated[CallToolResult, result_model(ReplReset)]:
        """End a REPL context (or all): its variables, usings and packages go."""
        return await respond(ctx, lambda s: repl.reset_repl(context_id), "reset_repl", {"x": context_id})

    @documented_tool(server, INSPECTS)
    async def repl_info(ctx: Context) -> Annotated[CallToolResult, result_model(ReplInfo)]:
        """The REPL's framework, C# version, default usings, limits, whether code may run, and live contexts."""
        return await respond(ctx, lambda s: repl.repl_info(s), "repl_info", {})

    @documented_tool(server, INSPECTS)
    async def repl_state(
        ctx: Context, context_id: ContextId = None
    ) -> Annotated[CallToolResult, result_model(ContextState)]:
        """A REPL context's variables (name, type, value), usings and packages."""
        return await respond(ctx, lambda s: repl.repl_state(context_id), "repl_state", {"x": context_id})

    @documented_tool(server, LOADS)
    async def load_nuget_package(
        package_id: Annotated[str, Field(description="The package id, e.g. Newtonsoft.Json.")],
        ctx: Context,
        version: Annotated[str | None, Field(description="Exact version. Default: newest stable.")] = None,
        context_id: ContextId = None,
    ) -> Annotated[CallToolResult, result_model(PackageLoad)]:
        """Restore a NuGet package with its dependencies and reference it in a REPL context."""
        return await respond(
            ctx,
            lambda s: repl.load_nuget_package(package_id, version, context_id, s),
            "load_nuget_package",
            {"p": package_id, "v": version, "x": context_id},
        )

    @documented_tool(server, WRITES_APP)
    async def export_app(
        path: Annotated[
            str, Field(description="The app's file, e.g. tools/report.cs (inside the solution's directory).")
        ],
        ctx: Context,
        context_id: ContextId = None,
        overwrite: Annotated[bool, Field(description="Replace the file if it exists.")] = False,
    ) -> Annotated[CallToolResult, result_model(AppExport)]:
        """Write a REPL context's submissions as one file-based app (dotnet run app.cs: #:package lines, usings
        first, types last, trailing expressions printed) and check it with dotnet build (errors by submission)."""
        return await respond(
            ctx,
            lambda s: export.export_app(path, context_id, s, overwrite),
            "export_app",
            {"p": path, "x": context_id, "o": overwrite},
        )

    @documented_tool(server, RUNS_CODE)
    async def run_app(
        path: Annotated[
            str, Field(description="A file-based app inside the solution's directory, e.g. tools/report.cs.")
        ],
        ctx: Context,
        arguments: Annotated[list[str] | None, Field(description="Command-line arguments for the app.")] = None,
        timeout: Annotated[float | None, Field(description="Seconds before it is stopped. Default: 30.")] = None,
    ) -> Annotated[CallToolResult, result_model(AppRun)]:
        """Build and run a file-based app, confined as REPL code is: exit code, stdout and stderr."""
        return await respond(
            ctx,
            lambda s: run.run_app(path, arguments, s, timeout),
            "run_app",
            {"p": path, "a": arguments, "t": timeout},
        )
