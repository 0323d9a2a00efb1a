"""Loading again what changed: the whole solution in a new workspace, or some projects in the current one.

Each returns the new solution aside; the session publishes it in one step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import WorkspaceLoadFailed
from ..host.interop import Operation
from ..host.runtime import RuntimeInfo
from ..models import WorkspaceDiagnostic
from . import restore as restoring
from .loading import one_list, open_workspace, served, workspace_diagnostics
from .project_reload import reload_projects
from .restricted import open_restricted
from .solution_file import SolutionTarget, listed_projects, project_paths


def reopen(
    target: SolutionTarget, runtime: RuntimeInfo, restricted: bool, timeout: float
) -> tuple[Any, Any, tuple[WorkspaceDiagnostic, ...]]:
    """``(solution, workspace, problems)`` of ``target`` opened again in a new workspace."""
    if restricted:
        solution, workspace, problems = open_restricted(target, runtime)
        return solution, workspace, tuple(problems)
    solution, workspace = open_workspace(target, runtime, lambda _: None, timeout)
    listed = listed_projects(target)
    diagnostics = tuple(one_list(project_paths(target), [], workspace_diagnostics(workspace, solution, listed)))
    solution, _ = served(solution, target, runtime)
    return solution, workspace, diagnostics


def reevaluate(
    workspace: Any,
    solution: Any,
    project_files: list[Path],
    target: SolutionTarget,
    runtime: RuntimeInfo,
    timeout: float,
) -> tuple[Any, list[WorkspaceDiagnostic]]:
    """``solution`` with ``project_files`` restored and evaluated again, and the problems met."""
    diagnostics = one_list(project_files, _restored(project_files, target, runtime), [])
    operation = Operation(f"Reloading {', '.join(p.name for p in project_files)}", timeout)
    reloaded = reload_projects(workspace, solution, project_files, operation)
    _refuse_emptied(solution, reloaded, project_files, diagnostics)
    reloaded, _ = served(reloaded, target, runtime)
    return reloaded, diagnostics


def _restored(project_files: list[Path], target: SolutionTarget, runtime: RuntimeInfo) -> list[WorkspaceDiagnostic]:
    """Restore ``project_files``: one by one when a single one changed, else the whole solution in one
    ``dotnet restore`` (a process each cost 1.5 s apiece for six projects a central version touched;
    the projects already up to date cost next to nothing). The problems are the reloaded projects'."""
    if len(project_files) == 1 or target.path.suffix.lower() not in (".sln", ".slnx"):
        return [d for p in project_files for d in restoring.restore(runtime.dotnet, p)]
    names = {p.stem for p in project_files}
    return [d for d in restoring.restore(runtime.dotnet, target.path) if d.project in names or not d.project]


def _refuse_emptied(before: Any, after: Any, project_files: list[Path], problems: list[WorkspaceDiagnostic]) -> None:
    """Raise when a project that had documents came back from MSBuild with none: its file could not be
    read (invalid XML, a missing import). Publishing that would throw away a working project."""

    def documents(solution: Any) -> dict[str, int]:
        return {str(p.FilePath): p.DocumentIds.Count for p in solution.Projects if p.FilePath}

    old, new = documents(before), documents(after)
    emptied = [f for f in project_files if old.get(str(f), 0) > 0 and new.get(str(f), 0) == 0]
    if emptied:
        details = "; ".join(d.message for d in problems)[:600]
        raise WorkspaceLoadFailed(
            f"MSBuild could not evaluate {', '.join(f.name for f in emptied)} again"
            + (f": {details}" if details else "."),
            "Fix the project file; until then its last good version is used.",
        )
