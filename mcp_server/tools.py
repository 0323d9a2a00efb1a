"""The MCP tools: parse arguments, call the engine, return the shared view. No logic of their own."""

import inspect
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine import EngineError, SymbolRef, queries
from engine.views.calls import CallHierarchy
from engine.views.definition import Definition
from engine.views.diagnostics import DiagnosticList
from engine.views.hierarchy import ImplementationList, OverrideList, TypeHierarchy
from engine.views.load import LoadSummary
from engine.views.members import MemberList
from engine.views.outline import ContainingMember, FileOutline
from engine.views.problems import ProblemList
from engine.views.project import NamespaceList, ProjectStructure
from engine.views.references import ReferenceList
from engine.views.source import SourceText, SymbolSource
from engine.views.symbol_info import SymbolInfo
from engine.views.symbols import SymbolList
from engine.workspace.early_answers import EARLY_QUERIES

from .config import Settings
from .progress import from_worker
from .responses import answer, result_model
from .solution_state import SolutionState

READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

Symbol = Annotated[
    str | None,
    Field(
        description="A name, qualified as needed, with a parameter list to pick an overload "
        "(Customer.GetById(int)), or a documentation ID (M:Shop.Customer.GetById(System.Int32)); "
        "or give file, line, column instead."
    ),
]
File = Annotated[str | None, Field(description="A .cs file, absolute or relative to the solution directory.")]
RequiredFile = Annotated[
    str, Field(description="A .cs file of the solution, absolute or relative to the solution directory.")
]
Line = Annotated[int | None, Field(description="1-based line of the symbol's position (with file, column).")]
Column = Annotated[int | None, Field(description="1-based column, with file and line.")]
Limit = Annotated[int, Field(description="Most items per answer; the cursor gets the rest.")]
Cursor = Annotated[str | None, Field(description="The cursor of the previous answer, for the next page.")]


def symbol_ref(symbol: str | None, file: str | None, line: int | None, column: int | None) -> SymbolRef:
    try:
        return SymbolRef(name=symbol, file=file, line=line, column=column)
    except EngineError as error:
        raise ToolError(error.describe()) from error


def documented_tool(server: MCPServer, annotations: ToolAnnotations) -> Any:
    """A decorator adding a function to ``server`` as a tool with these annotations."""

    def decorate(function: Any) -> Any:
        # The docstring is the description an assistant reads: send it without source indentation.
        return server.tool(description=inspect.cleandoc(function.__doc__ or ""), annotations=annotations)(function)

    return decorate


def register(
    server: MCPServer, state: SolutionState, settings: Settings, keep: Callable[[str], bool] = lambda _: True
) -> None:
    """Add the navigation tools to ``server`` (those whose name ``keep`` accepts)."""

    def read_only_tool(function: Any) -> Any:
        return documented_tool(server, READ_ONLY)(function) if keep(function.__name__) else function

    async def respond(
        ctx: Context, compute: Any, tool: str, arguments: dict[str, Any], **paging: Any
    ) -> CallToolResult:
        session = await state.ready(ctx, early=tool in EARLY_QUERIES)
        timeout = settings.timeout_seconds
        return await answer(
            session,
            settings,
            lambda s, *page: compute(s, timeout, *page),
            tool=tool,
            arguments=arguments,
            **paging,
        )

    @read_only_tool
    async def load_solution(
        path: Annotated[
            str,
            Field(
                description="Absolute path of a .sln, .slnx, .slnf (a filter) or .csproj file, a file-based app (app.cs), or a directory."
            ),
        ],
        ctx: Context,
        projects: Annotated[
            list[str] | None,
            Field(description="Only the projects matching these globs (names or paths); ['*'] widens to all."),
        ] = None,
    ) -> Annotated[CallToolResult, result_model(LoadSummary)]:
        """Load (or switch to) a C# solution. Call this first when no solution was given at start-up;
        it answers with the projects, their target frameworks and any load problems. A solution the user
        did not configure and that is not under ROSLYN_TRUSTED_ROOTS opens restricted (syntax only:
        search, outline, source), because loading it fully runs its build code."""
        try:
            session = state.start_requested(path, projects)
        except EngineError as error:
            raise ToolError(error.describe()) from error
        session = await state.switched(session, ctx)
        assert session.report is not None
        report = session.report
        return await answer(
            session,
            settings,
            lambda s: LoadSummary(str(s.root), report),
            tool="load_solution",
            arguments={"path": path},
        )

    @read_only_tool
    async def project_structure(
        ctx: Context, include_documents: Annotated[bool, Field(description="List each project's files too.")] = False
    ) -> Annotated[CallToolResult, result_model(ProjectStructure)]:
        """The solution's projects: target frameworks, output kind, project and package references (and
        files). Use it to get your bearings in an unfamiliar solution."""
        return await respond(
            ctx,
            lambda s, t: s.run(queries.project_structure, include_documents, s.report.diagnostics, timeout=t),
            "project_structure",
            {"d": include_documents},
        )

    @read_only_tool
    async def list_namespaces(ctx: Context) -> Annotated[CallToolResult, result_model(NamespaceList)]:
        """Namespaces declared in the solution with how many types each holds and in which projects."""
        return await respond(ctx, lambda s, t: s.run(queries.list_namespaces, timeout=t), "list_namespaces", {})

    @read_only_tool
    async def find_symbols(
        query: Annotated[
            str,
            Field(
                description="Part of a name, camel humps (GBI finds GetById) or a * ? pattern; qualify it to narrow (Logger.Write)."
            ),
        ],
        ctx: Context,
        kind: Annotated[
            str | None,
            Field(
                description="Only this kind: type, class, interface, record, struct, enum, method, property, field, event, ..."
            ),
        ] = None,
        project: Annotated[str | None, Field(description="Only declarations of this project.")] = None,
        include_metadata: Annotated[
            bool, Field(description="Also search public types of referenced assemblies.")
        ] = False,
        limit: Limit = 50,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(SymbolList)]:
        """Find declarations by name: types, methods, properties... ranked exact, prefix, camel humps,
        substring. Use it instead of grep to locate where something is declared."""
        args = {"query": query, "kind": kind, "project": project, "m": include_metadata}
        return await respond(
            ctx,
            lambda s, t: s.run(queries.find_symbols, query, kind, project, None, include_metadata, timeout=t),
            "find_symbols",
            args,
            paged=True,
            limit=limit,
            cursor=cursor,
        )

    @read_only_tool
    async def symbol_info(
        ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
    ) -> Annotated[CallToolResult, result_model(SymbolInfo)]:
        """Everything about one symbol: kind, C# signature, modifiers, containing type and namespace,
        XML documentation, base type and interfaces, parameters, and every declaration (all parts of a
        partial type). Use it to understand a symbol without opening files."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(ctx, lambda s, t: s.run(queries.symbol_info, ref, timeout=t), "symbol_info", {"r": ref})

    @read_only_tool
    async def type_members(
        ctx: Context,
        symbol: Symbol = None,
        file: File = None,
        line: Line = None,
        column: Column = None,
        include_inherited: Annotated[bool, Field(description="Also members inherited from base types.")] = False,
        kinds: Annotated[
            list[str] | None, Field(description="Only these member kinds (method, property, field, ...).")
        ] = None,
        limit: Limit = 100,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(MemberList)]:
        """The members of a type with their signatures; works for framework types too (System.String)."""
        ref = symbol_ref(symbol, file, line, column)
        args = {"r": ref, "i": include_inherited, "k": kinds}
        return await respond(
            ctx,
            lambda s, t: s.run(queries.type_members, ref, include_inherited, kinds, timeout=t),
            "type_members",
            args,
            paged=True,
            limit=limit,
            cursor=cursor,
        )

    @read_only_tool
    async def go_to_definition(
        ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
    ) -> Annotated[CallToolResult, result_model(Definition)]:
        """Where a symbol is declared: give a use site (file, line, column) to jump from a call or a
        property access to its declaration. A package's or the framework's symbol opens its source (the
        PDB's, else decompiled; read-only, said in the first line), with its signature and summary."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx, lambda s, t: s.run(queries.go_to_definition, ref, timeout=t), "go_to_definition", {"r": ref}
        )

    @read_only_tool
    async def find_references(
        ctx: Context,
        symbol: Symbol = None,
        file: File = None,
        line: Line = None,
        column: Column = None,
        include_declarations: Annotated[bool, Field(description="List the declarations too.")] = False,
        limit: Limit = 100,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(ReferenceList)]:
        """Every place a symbol is used, compiler-exact (no false hits from same-named symbols, overloads
        told apart, extension calls and target-typed new() included), each with read / write /
        read-write / invocation / object creation / type use / nameof and its containing member. Use it
        before changing a symbol instead of text search."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: s.run(queries.find_references, ref, include_declarations, timeout=t),
            "find_references",
            {"r": ref, "d": include_declarations},
            paged=True,
            limit=limit,
            cursor=cursor,
        )

    @read_only_tool
    async def find_implementations(
        ctx: Context,
        symbol: Symbol = None,
        file: File = None,
        line: Line = None,
        column: Column = None,
        limit: Limit = 100,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(ImplementationList)]:
        """What implements an interface or interface member, derives from a class, or overrides an
        abstract or virtual member; direct and transitive ones marked. Derived interfaces too."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: s.run(queries.find_implementations, ref, timeout=t),
            "find_implementations",
            {"r": ref},
            paged=True,
            limit=limit,
            cursor=cursor,
        )

    @read_only_tool
    async def type_hierarchy(
        ctx: Context,
        symbol: Symbol = None,
        file: File = None,
        line: Line = None,
        column: Column = None,
        direction: Annotated[str, Field(description="ancestors, descendants or both.")] = "both",
        depth: Annotated[int | None, Field(description="Levels of the derived tree (all when left out).")] = None,
        include_object: Annotated[bool, Field(description="Show System.Object at the end of the base chain.")] = False,
        include_overrides: Annotated[
            bool, Field(description="For each virtual or interface member, who overrides it.")
        ] = False,
    ) -> Annotated[CallToolResult, result_model(TypeHierarchy)]:
        """A type's base chain, its interfaces (direct and inherited, with where from) and its derived
        types as a tree; optionally the overrides of each member."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t: s.run(
                queries.type_hierarchy, ref, direction, depth, include_object, include_overrides, timeout=t
            ),
            "type_hierarchy",
            {"r": ref},
        )

    @read_only_tool
    async def find_overrides(
        ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
    ) -> Annotated[CallToolResult, result_model(OverrideList)]:
        """The overrides of a virtual or abstract member (direct and transitive), and what the member
        itself overrides."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx, lambda s, t: s.run(queries.find_overrides, ref, timeout=t), "find_overrides", {"r": ref}
        )

    @read_only_tool
    async def call_hierarchy(
        ctx: Context,
        symbol: Symbol = None,
        file: File = None,
        line: Line = None,
        column: Column = None,
        direction: Annotated[
            str, Field(description="incoming (callers), outgoing (what the body calls, reads, writes) or both.")
        ] = "incoming",
        depth: Annotated[int, Field(description="Levels to follow; cycles are marked, not followed.")] = 1,
        limit: Limit = 100,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(CallHierarchy)]:
        """Who calls a method (with each call site), or what its body calls, creates, reads and writes;
        several levels deep. Use it to trace the impact of a change or how a value flows."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx,
            lambda s, t, offset, limit: s.run(queries.call_hierarchy, ref, direction, depth, offset, limit, timeout=t),
            "call_hierarchy",
            {"r": ref, "d": direction, "n": depth},
            pages_itself=True,
            limit=limit,
            cursor=cursor,
        )

    @read_only_tool
    async def method_overloads(
        ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
    ) -> Annotated[CallToolResult, result_model(SymbolList)]:
        """All overloads of a method (or constructors of a type, as Type.Type), with their signatures.
        An overloaded name is fine here."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(
            ctx, lambda s, t: s.run(queries.method_overloads, ref, timeout=t), "method_overloads", {"r": ref}
        )

    @read_only_tool
    async def containing_member(
        file: RequiredFile,
        line: Annotated[int, Field(description="1-based line.")],
        column: Annotated[int, Field(description="1-based column.")],
        ctx: Context,
    ) -> Annotated[CallToolResult, result_model(ContainingMember)]:
        """The method, property or type whose declaration holds a position, with its line range."""
        return await respond(
            ctx, lambda s, t: s.run(queries.containing_member, file, line, column, timeout=t), "containing_member", {}
        )

    @read_only_tool
    async def file_outline(file: RequiredFile, ctx: Context) -> Annotated[CallToolResult, result_model(FileOutline)]:
        """The types (nested ones inside) and members declared in one file, with positions and line
        ranges: a table of contents before reading a large file."""
        return await respond(ctx, lambda s, t: s.run(queries.file_outline, file, timeout=t), "file_outline", {})

    @read_only_tool
    async def get_source(
        ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
    ) -> Annotated[CallToolResult, result_model(SymbolSource)]:
        """The source of one declaration with its doc comment and line numbers; every part of a partial
        type; for a package's or the framework's symbol, its library source or decompiled C#. Cheaper than
        reading the whole file."""
        ref = symbol_ref(symbol, file, line, column)
        return await respond(ctx, lambda s, t: s.run(queries.get_source, ref, timeout=t), "get_source", {"r": ref})

    @read_only_tool
    async def read_file(
        file: RequiredFile,
        ctx: Context,
        start: Annotated[int | None, Field(description="First line (1-based); the file's start when left out.")] = None,
        end: Annotated[int | None, Field(description="Last line (inclusive); the file's end when left out.")] = None,
    ) -> Annotated[CallToolResult, result_model(SourceText)]:
        """Lines of a solution file with line numbers, as the engine currently sees them."""
        return await respond(ctx, lambda s, t: s.run(queries.read_file, file, start, end, timeout=t), "read_file", {})

    @read_only_tool
    async def diagnostics(
        ctx: Context,
        file: File = None,
        project: Annotated[
            str | None, Field(description="Only this project (the whole solution when neither is given).")
        ] = None,
        severity: Annotated[
            str, Field(description="The least severe to include: error, warning, info or hidden.")
        ] = "warning",
        limit: Annotated[
            int | None, Field(description="The most items in this answer (default ROSLYN_MAX_DIAGNOSTICS).")
        ] = None,
        cursor: Cursor = None,
    ) -> Annotated[CallToolResult, result_model(DiagnosticList)]:
        """Compiler errors and warnings for a file, a project or the solution, errors first. Use it to
        check whether code compiles after an edit, without running a build."""
        hidden = settings.include_hidden_diagnostics
        progress = from_worker(ctx, "diagnostics")
        return await respond(
            ctx,
            lambda s, t: s.run(
                queries.diagnostics,
                file,
                project,
                severity,
                hidden,
                None,
                progress=progress,
                timeout=t if file else settings.build_timeout_seconds,
            ),
            "diagnostics",
            {"f": file, "p": project, "s": severity},
            paged=True,
            limit=limit or settings.max_diagnostics,
            cursor=cursor,
        )

    @read_only_tool
    async def workspace_problems(
        ctx: Context,
        compile: Annotated[
            bool, Field(description="Also compile every project for its errors (seconds on a large solution).")
        ] = True,
    ) -> Annotated[CallToolResult, result_model(ProblemList)]:
        """What stands between the solution and a clean build, in one list: restore, build and MSBuild
        load failures, failed updates, and each project with compile errors, each with what to do. Use it
        first when answers look incomplete, or before trusting a clean diagnostics list."""

        def problems(s: Any, t: float) -> Any:
            assert s.report is not None
            timeout = settings.build_timeout_seconds if compile else t
            return s.run(queries.workspace_problems, s.report.diagnostics, compile, timeout=timeout)

        return await respond(ctx, problems, "workspace_problems", {"c": compile})
