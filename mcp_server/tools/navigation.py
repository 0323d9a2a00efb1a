"""The navigation toolset: symbols, references, hierarchies, outlines, source, diagnostics; and the
two tools every server offers (``load_solution``, ``workspace_problems``)."""

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from engine import (
    CallHierarchy,
    ContainingMember,
    Definition,
    DiagnosticList,
    FileOutline,
    ImplementationList,
    LoadSummary,
    MemberList,
    NamespaceList,
    OverrideList,
    ProblemList,
    ProjectStructure,
    ReferenceList,
    SolutionList,
    SourceText,
    SymbolInfo,
    SymbolList,
    SymbolSource,
    TypeHierarchy,
    queries,
)

from ..progress import from_worker
from ..responses import result_model
from .arguments import Column, Cursor, File, Limit, Line, RequiredFile, Symbol, symbol_ref
from .registry import respond, settings_of, state_of, toolset

tool = toolset("navigation")


@tool()
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
    """Load a C# solution and make it current; those loaded before stay (a tool's solution= names
    one). Answers with the projects, their targets and load problems. One not configured and not
    under ROSLYN_TRUSTED_ROOTS opens restricted (syntax only), as loading it runs its build code."""
    state = state_of(ctx)
    session = await state.add(path, ctx, projects)
    assert session.report is not None
    report = session.report
    also = tuple(str(s.target.path.name) for s in state.sessions if s is not session)
    return await respond(ctx, lambda s, _: LoadSummary(str(s.root), report, also=also), on=session)


@tool()
async def solutions(ctx: Context) -> Annotated[CallToolResult, result_model(SolutionList)]:
    """The solutions loaded and which is current: it answers a call with no solution= unless the
    file, symbol or project named is only in another."""
    listing = state_of(ctx).listing()
    return await respond(ctx, lambda _s, _t: listing, needs_solution=False, waits=False)


@tool(serves=queries.project_structure)
async def project_structure(
    ctx: Context, include_documents: Annotated[bool, Field(description="List each project's files too.")] = False
) -> Annotated[CallToolResult, result_model(ProjectStructure)]:
    """The solution's projects: target frameworks, output kind, project and package references (and
    files). Use it to get your bearings in an unfamiliar solution."""
    return await respond(
        ctx, lambda s, t: s.run(queries.project_structure, include_documents, s.report.diagnostics, timeout=t)
    )


@tool(serves=queries.list_namespaces)
async def list_namespaces(ctx: Context) -> Annotated[CallToolResult, result_model(NamespaceList)]:
    """Namespaces declared in the solution with how many types each holds and in which projects."""
    return await respond(ctx, lambda s, t: s.run(queries.list_namespaces, timeout=t))


@tool(serves=queries.find_symbols)
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
    include_metadata: Annotated[bool, Field(description="Also search public types of referenced assemblies.")] = False,
    limit: Limit = 50,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, result_model(SymbolList)]:
    """Find declarations by name: types, methods, properties... ranked exact, prefix, camel humps,
    substring. Use it instead of grep to locate where something is declared."""
    return await respond(
        ctx,
        lambda s, t: s.run(queries.find_symbols, query, kind, project, None, include_metadata, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=queries.symbol_info)
async def symbol_info(
    ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
) -> Annotated[CallToolResult, result_model(SymbolInfo)]:
    """Everything about one symbol: kind, C# signature, modifiers, containing type and namespace,
    XML documentation, base type and interfaces, parameters, and every declaration (all parts of a
    partial type). Use it to understand a symbol without opening files."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(ctx, lambda s, t: s.run(queries.symbol_info, ref, timeout=t))


@tool(serves=queries.type_members)
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
    return await respond(
        ctx,
        lambda s, t: s.run(queries.type_members, ref, include_inherited, kinds, timeout=t),
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=queries.go_to_definition)
async def go_to_definition(
    ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
) -> Annotated[CallToolResult, result_model(Definition)]:
    """Where a symbol is declared: give a use site (file, line, column) to jump from a call or a
    property access to its declaration. A package's or the framework's symbol opens its source (the
    PDB's, else decompiled; read-only, said in the first line), with its signature and summary."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(ctx, lambda s, t: s.run(queries.go_to_definition, ref, timeout=t))


@tool(serves=queries.find_references)
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
        paged=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=queries.find_implementations)
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
        ctx, lambda s, t: s.run(queries.find_implementations, ref, timeout=t), paged=True, limit=limit, cursor=cursor
    )


@tool(serves=queries.type_hierarchy)
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
        lambda s, t: s.run(queries.type_hierarchy, ref, direction, depth, include_object, include_overrides, timeout=t),
    )


@tool(serves=queries.find_overrides)
async def find_overrides(
    ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
) -> Annotated[CallToolResult, result_model(OverrideList)]:
    """The overrides of a virtual or abstract member (direct and transitive), and what the member
    itself overrides."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(ctx, lambda s, t: s.run(queries.find_overrides, ref, timeout=t))


@tool(serves=queries.call_hierarchy)
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
        pages_itself=True,
        limit=limit,
        cursor=cursor,
    )


@tool(serves=queries.method_overloads)
async def method_overloads(
    ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
) -> Annotated[CallToolResult, result_model(SymbolList)]:
    """All overloads of a method (or constructors of a type, as Type.Type), with their signatures.
    An overloaded name is fine here."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(ctx, lambda s, t: s.run(queries.method_overloads, ref, timeout=t))


@tool(serves=queries.containing_member)
async def containing_member(
    file: RequiredFile,
    line: Annotated[int, Field(description="1-based line.")],
    column: Annotated[int, Field(description="1-based column.")],
    ctx: Context,
) -> Annotated[CallToolResult, result_model(ContainingMember)]:
    """The method, property or type whose declaration holds a position, with its line range."""
    return await respond(ctx, lambda s, t: s.run(queries.containing_member, file, line, column, timeout=t))


@tool(serves=queries.file_outline)
async def file_outline(file: RequiredFile, ctx: Context) -> Annotated[CallToolResult, result_model(FileOutline)]:
    """The types (nested ones inside) and members declared in one file, with positions and line
    ranges: a table of contents before reading a large file."""
    return await respond(ctx, lambda s, t: s.run(queries.file_outline, file, timeout=t))


@tool(serves=queries.get_source)
async def get_source(
    ctx: Context, symbol: Symbol = None, file: File = None, line: Line = None, column: Column = None
) -> Annotated[CallToolResult, result_model(SymbolSource)]:
    """The source of one declaration with its doc comment and line numbers; every part of a partial
    type; for a package's or the framework's symbol, its library source or decompiled C#. Cheaper than
    reading the whole file."""
    ref = symbol_ref(symbol, file, line, column)
    return await respond(ctx, lambda s, t: s.run(queries.get_source, ref, timeout=t))


@tool(serves=queries.read_file)
async def read_file(
    file: RequiredFile,
    ctx: Context,
    start: Annotated[int | None, Field(description="First line (1-based); the file's start when left out.")] = None,
    end: Annotated[int | None, Field(description="Last line (inclusive); the file's end when left out.")] = None,
) -> Annotated[CallToolResult, result_model(SourceText)]:
    """Lines of a solution file with line numbers, as the engine currently sees them."""
    return await respond(ctx, lambda s, t: s.run(queries.read_file, file, start, end, timeout=t))


@tool(serves=queries.diagnostics)
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
    hidden = settings_of(ctx).include_hidden_diagnostics
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
            timeout=t if file else settings_of(ctx).build_timeout_seconds,
        ),
        paged=True,
        limit=limit or settings_of(ctx).max_diagnostics,
        cursor=cursor,
    )


@tool(serves=queries.workspace_problems)
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
        timeout = settings_of(ctx).build_timeout_seconds if compile else t
        return s.run(queries.workspace_problems, s.report.diagnostics, compile, timeout=timeout)

    return await respond(ctx, problems)
