"""Plain, frozen values the engine hands to its callers. No .NET object ever leaves ``engine/``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Location:
    """A span in a file; lines and columns are 1-based, the end is exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def relative(self, root: Path | str) -> str:
        """``relative/path.cs:line:col``, the form every text view prints."""
        return f"{relative_path(self.path, root)}:{self.line}:{self.column}"


def relative_path(path: str, root: Path | str) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return path


@dataclass(frozen=True)
class LoadProgress:
    """One step of loading, for progress bars."""

    phase: str
    """``restore``, ``evaluate``, ``build``, ``resolve``, ``compile`` or ``done``."""
    project: str
    index: int
    """Projects finished so far (0 while the first is loading)."""
    total: int


@dataclass(frozen=True)
class WorkspaceDiagnostic:
    """A problem MSBuild or Roslyn met while loading (not a compiler diagnostic)."""

    severity: str
    """``error`` or ``warning``."""
    project: str
    message: str


@dataclass(frozen=True)
class ProjectSummary:
    name: str
    path: str
    target_framework: str
    """The target used for navigation; see ``target_frameworks`` for all of them."""
    target_frameworks: tuple[str, ...]
    document_count: int
    language: str = "C#"


@dataclass(frozen=True)
class LoadReport:
    """What opening a solution did."""

    solution_path: str
    projects: tuple[ProjectSummary, ...]
    diagnostics: tuple[WorkspaceDiagnostic, ...]
    seconds: float
    notes: tuple[str, ...] = field(default_factory=tuple)
    """Choices the engine made that a user should hear of (which solution, which target, restore)."""
