"""The roslyn-tui engine: Roslyn on pythonnet, answering questions about a C# solution.

Front ends import from here only. Every value returned is a plain frozen dataclass; positions are
1-based.
"""

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
)
from .host.runtime import RuntimeInfo, ensure_runtime, find_dotnet, find_roslyn
from .models import LoadProgress, LoadReport, Location, ProjectSummary, WorkspaceDiagnostic
from .symbols.naming import SymbolRef
from .trust import Trust
from .workspace.session import SolutionSession
from .workspace.sessions import load_solution, open_session
from .workspace.snapshot import Snapshot

__all__ = [
    "AmbiguousSymbol",
    "BootstrapError",
    "DotnetNotFound",
    "EngineError",
    "FileNotInSolution",
    "InvalidArgument",
    "LoadProgress",
    "LoadReport",
    "Location",
    "NotTrusted",
    "OperationCancelled",
    "OperationTimedOut",
    "OutsideSolution",
    "PositionOutOfRange",
    "ProjectSummary",
    "RoslynNotFound",
    "RuntimeInfo",
    "RuntimeStartFailed",
    "SdkTooOld",
    "Snapshot",
    "SolutionNotFound",
    "SolutionSession",
    "SymbolNotFound",
    "SymbolRef",
    "Trust",
    "WorkspaceDiagnostic",
    "WorkspaceLoadFailed",
    "ensure_runtime",
    "find_dotnet",
    "find_roslyn",
    "load_solution",
    "open_session",
]
