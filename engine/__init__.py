"""The roslyn-tui engine: Roslyn on pythonnet, answering questions about a C# solution.

Front ends import from here only. Every value returned is a plain frozen dataclass; positions are
1-based.
"""

# Every feature registers its hooks (warm-up steps, answers before the load, steps at exit) with the
# workspace when imported: importing the engine makes a session whole.
from . import diagnostics, editing, external, index, testing, web

# isort: split
# Errors: every failure a front end is told about is an ``EngineError``.
from .errors import (
    AmbiguousSymbol,
    BootstrapError,
    DotnetNotFound,
    EngineError,
    FileNotInSolution,
    InvalidArgument,
    NotTrusted,
    OperationCancelled,
    OperationTimedOut,
    OutsideSolution,
    PositionOutOfRange,
    RoslynNotFound,
    RuntimeStartFailed,
    SdkTooOld,
    SolutionNotFound,
    SymbolNotFound,
    WorkspaceLoadFailed,
    WriteRejected,
)

# isort: split
# Sessions and loading: what a path names, whether the solution is trusted, the session over it, and
# which files are its own.
from .external.library import is_library_file
from .trust import NAMED_BY_USER, Trust, decide, grant, restricted_notice
from .workspace.boundary import check_inside
from .workspace.declared import Declaration, declaration, query
from .workspace.focus import incomplete
from .workspace.session import SolutionSession
from .workspace.sessions import close_session, load_solution, open_session, prepare_first_answers
from .workspace.snapshot import Snapshot
from .workspace.solution_file import PROJECT_SUFFIXES, SOLUTION_SUFFIXES, resolve_target, whole_solution
from .workspace.text_files import decode

# isort: split
# Value types and the views front ends render (each view's ``render()`` is its plain text).
from .models import (
    LoadProgress,
    LoadReport,
    Location,
    ProjectSummary,
    SymbolSummary,
    WorkspaceDiagnostic,
    generated_since,
    generator_of,
    relative_path,
    remember_all_generated,
)
from .symbols.naming import SymbolRef
from .views.apps import AppExport, AppRun
from .views.build import BuildReport
from .views.calls import CallHierarchy, CallNode, site_label
from .views.classification import SemanticClasses
from .views.code_view import CodeLens, CodeLenses, InlayHint, InlayHints
from .views.complexity import ComplexityList
from .views.coverage import CoverageReport
from .views.data_model import DataModel
from .views.definition import Definition
from .views.dependencies import DependencyGraph
from .views.diagnostics import DiagnosticList
from .views.docs import DocumentationView
from .views.edits import CodeActionItem, CodeActionList, EditPreview
from .views.endpoints import Endpoint, EndpointList
from .views.hang import HangReport
from .views.hierarchy import HierarchyNode, ImplementationList, OverrideList, TypeHierarchy
from .views.load import LoadSummary
from .views.members import MemberList
from .views.nuget import PackageReadme, PackageSearch, PackageVersions
from .views.outline import ContainingMember, FileOutline, OutlineNode
from .views.packages import PackageItem, PackageList
from .views.paging import page
from .views.problems import ProblemList, headline
from .views.profile import FlameNode, ProfileReport
from .views.project import NamespaceList, ProjectStructure
from .views.project_overview import ProjectOverview, ProjectProperty
from .views.references import ReferenceList
from .views.repl import ContextState, Evaluation, PackageLoad, ReplInfo, ReplReset, Validation, diagnostic_lines
from .views.review import ChangeReview, SymbolChange, SymbolDiff, SymbolHistory
from .views.services import ServiceMap
from .views.solutions import LoadedSolution, SolutionList
from .views.source import SourceText, SymbolSource
from .views.stack_trace import StackTrace
from .views.symbol_info import SymbolInfo
from .views.symbols import SymbolList, symbol_line
from .views.tests import TestRun, TestsReaching
from .views.text import plural, targets, where
from .views.unused import UnusedList

# isort: split
# The features, used as namespaces (``queries.find_symbols``), and the few functions front ends call
# by name.
from . import analysis, apps, code_view, docs, nuget, project_edits, queries, repl, review, runtime, symbol_edits
from .apps.export import export_app
from .editing.approval import ApprovalNeeded, PendingWrite, rejected_write, set_write_approver
from .queries import find_symbols
from .queries.problems import compile_problems
from .repl import consent
from .repl.submission import is_complete

# isort: split
# Process-level helpers: the .NET runtime, the user cache, the sandbox, and leaving.
from .host.cache import cache_dir
from .host.interop import cancel_thread
from .host.processes import exit_now, exiting
from .host.runtime import RuntimeInfo, ensure_runtime, find_dotnet, find_roslyn
from .sandbox import confinement
from .workspace.sessions import finish_sessions

__all__ = [
    "NAMED_BY_USER",
    "PROJECT_SUFFIXES",
    "SOLUTION_SUFFIXES",
    "AmbiguousSymbol",
    "AppExport",
    "AppRun",
    "ApprovalNeeded",
    "BootstrapError",
    "BuildReport",
    "CallHierarchy",
    "CallNode",
    "ChangeReview",
    "CodeActionItem",
    "CodeActionList",
    "CodeLens",
    "CodeLenses",
    "ComplexityList",
    "ContainingMember",
    "ContextState",
    "CoverageReport",
    "DataModel",
    "Declaration",
    "Definition",
    "DependencyGraph",
    "DiagnosticList",
    "DocumentationView",
    "DotnetNotFound",
    "EditPreview",
    "Endpoint",
    "EndpointList",
    "EngineError",
    "Evaluation",
    "FileNotInSolution",
    "FileOutline",
    "FlameNode",
    "HangReport",
    "HierarchyNode",
    "ImplementationList",
    "InlayHint",
    "InlayHints",
    "InvalidArgument",
    "LoadProgress",
    "LoadReport",
    "LoadSummary",
    "LoadedSolution",
    "Location",
    "MemberList",
    "NamespaceList",
    "NotTrusted",
    "OperationCancelled",
    "OperationTimedOut",
    "OutlineNode",
    "OutsideSolution",
    "OverrideList",
    "PackageItem",
    "PackageList",
    "PackageLoad",
    "PackageReadme",
    "PackageSearch",
    "PackageVersions",
    "PendingWrite",
    "PositionOutOfRange",
    "ProblemList",
    "ProfileReport",
    "ProjectOverview",
    "ProjectProperty",
    "ProjectStructure",
    "ProjectSummary",
    "ReferenceList",
    "ReplInfo",
    "ReplReset",
    "RoslynNotFound",
    "RuntimeInfo",
    "RuntimeStartFailed",
    "SdkTooOld",
    "SemanticClasses",
    "ServiceMap",
    "Snapshot",
    "SolutionList",
    "SolutionNotFound",
    "SolutionSession",
    "SourceText",
    "StackTrace",
    "SymbolChange",
    "SymbolDiff",
    "SymbolHistory",
    "SymbolInfo",
    "SymbolList",
    "SymbolNotFound",
    "SymbolRef",
    "SymbolSource",
    "SymbolSummary",
    "TestRun",
    "TestsReaching",
    "Trust",
    "TypeHierarchy",
    "UnusedList",
    "Validation",
    "WorkspaceDiagnostic",
    "WorkspaceLoadFailed",
    "WriteRejected",
    "analysis",
    "apps",
    "cache_dir",
    "cancel_thread",
    "check_inside",
    "close_session",
    "code_view",
    "compile_problems",
    "confinement",
    "consent",
    "decide",
    "declaration",
    "decode",
    "diagnostic_lines",
    "diagnostics",
    "docs",
    "editing",
    "ensure_runtime",
    "exit_now",
    "exiting",
    "export_app",
    "external",
    "find_dotnet",
    "find_roslyn",
    "find_symbols",
    "finish_sessions",
    "generated_since",
    "generator_of",
    "grant",
    "headline",
    "incomplete",
    "index",
    "is_complete",
    "is_library_file",
    "load_solution",
    "nuget",
    "open_session",
    "page",
    "plural",
    "prepare_first_answers",
    "project_edits",
    "queries",
    "query",
    "rejected_write",
    "relative_path",
    "remember_all_generated",
    "repl",
    "resolve_target",
    "restricted_notice",
    "review",
    "runtime",
    "set_write_approver",
    "site_label",
    "symbol_edits",
    "symbol_line",
    "targets",
    "testing",
    "web",
    "where",
    "whole_solution",
]
