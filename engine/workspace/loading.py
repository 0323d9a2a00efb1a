"""Open a solution into an MSBuildWorkspace: restore what was never restored, evaluate, keep the
solution boundary, and report every problem met on the way.

A restricted (untrusted) solution is opened without MSBuild instead (see ``engine.workspace.restricted``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import logging
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import EngineError, WorkspaceLoadFailed
from ..host.interop import Operation
from ..host.runtime import RuntimeInfo, ensure_runtime, preload_workspace_assemblies
from ..host.sdk_pin import pinned_sdk_problem
from ..models import LoadProgress, LoadReport, ProjectSummary, WorkspaceDiagnostic
from ..trust import Trust
from . import restore as restoring
from . import unopened
from .boundary import leave_out_outside_documents
from .file_apps.virtual_project import write_virtual_solution
from .focus import outside_as_metadata
from .restricted import open_restricted
from .shutdown import register_exit_handler
from .snapshot import Snapshot, display_name
from .solution_file import SolutionTarget, listed_projects, opened_file, project_paths
from .targets import is_outer_build_failure, outer_builds, without_outer_builds
from .warmup import during_load

log = logging.getLogger("roslyn_tui.engine")

ProgressCallback = Callable[[LoadProgress], None]

RESTORED_NOTE = "Ran dotnet restore"
BUILT_NOTE = "Built the source generator"


def lasting(report: LoadReport) -> LoadReport:
    """``report`` without the notes of what this load did once (a restore, a generator built): what the
    next start, opened from the project cache, says of the solution."""
    return dataclasses.replace(
        report, notes=tuple(n for n in report.notes if not n.startswith((RESTORED_NOTE, BUILT_NOTE)))
    )


@dataclass(frozen=True)
class Loaded:
    """What a load produced: the workspace, its first snapshot and the report."""

    runtime: RuntimeInfo
    workspace: Any
    snapshot: Snapshot
    report: LoadReport
    cached_records: str | None = None
    """The projects as the project cache gave them, when the load came from it (``project_cache.open_cached``)."""


def load_trusted(
    target: SolutionTarget,
    *,
    restore: bool,
    progress: ProgressCallback,
    timeout: float,
    opening: Callable[[], None] | None = None,
    warm: bool = True,
    warm_after: Callable[[], object] | None = None,
) -> Loaded:
    """Restore (when asked and needed), open with MSBuild, and leave out files outside the boundary.
    ``opening`` is called as soon as other threads may use .NET beside the load (see
    ``preload_workspace_assemblies``), before any restore; ``warm`` false leaves out the compiler's
    warm-up during the evaluation (an evaluation again, in a process warm already), which otherwise
    starts once ``warm_after`` returns."""
    started = time.monotonic()
    runtime = ensure_runtime(target.directory)
    register_exit_handler()
    if opening is not None:
        preload_workspace_assemblies()
        opening()
    notes = [target.note] if target.note else []
    diagnostics: list[WorkspaceDiagnostic] = []
    if target.apps:
        write_virtual_solution(target.apps, runtime.dotnet)
    projects = project_paths(target)
    total = len(projects)
    if restore and (restoring.needs_restore(projects) or restoring.unbuilt_generators(projects)):
        with restoring.preparing(target.directory):
            missing = restoring.needs_restore(projects)
            if missing:
                progress(LoadProgress("restore", target.path.name, 0, len(missing)))
                notes.append(f"{RESTORED_NOTE} ({len(missing)} of {total} projects had never been restored).")
                restored = itertools.count(1)

                def one_restored(name: str) -> None:
                    progress(LoadProgress("restore", name, min(next(restored), len(missing)), len(missing)))

                diagnostics.extend(restoring.restore(runtime.dotnet, opened_file(target), one_restored))
            generators = restoring.unbuilt_generators(projects)
            for number, generator in enumerate(generators):
                progress(LoadProgress("build", generator.stem, number, len(generators)))
                notes.append(f"{BUILT_NOTE} {generator.stem} (its output was missing).")
                built = functools.partial(_built, progress, generator.stem, number, len(generators))
                diagnostics.extend(restoring.build_generator(runtime.dotnet, generator, built))
    solution, workspace = open_workspace(target, runtime, progress, timeout, warm, warm_after)
    diagnostics = one_list(projects, diagnostics, workspace_diagnostics(workspace, solution, listed_projects(target)))
    solution, outside = served(solution, target, runtime)
    notes.extend(_outside_notes(outside))
    solution, focus_notes = outside_as_metadata(solution, target)
    notes.extend(focus_notes)
    snapshot = Snapshot(solution, target.directory, 1, target.path)
    summaries = project_summaries(snapshot)
    for project in snapshot.projects:
        targets = snapshot.targets_of(project)
        if len(targets) > 1:
            notes.append(
                f"{display_name(project)} targets {', '.join(targets)}: navigating "
                f"{snapshot.project_targets[project.Name]} (the newest plain .NET target)."
            )
    progress(LoadProgress("done", target.path.name, len(summaries), len(summaries)))
    report = LoadReport(
        solution_path=str(target.path),
        projects=summaries,
        diagnostics=tuple(diagnostics),
        seconds=round(time.monotonic() - started, 2),
        notes=tuple(notes),
    )
    return Loaded(runtime, workspace, snapshot, report)


def _built(progress: ProgressCallback, generator: str, number: int, total: int, project: str) -> None:
    """A project of a generator's build is done: said with the generator, the count unchanged."""
    progress(LoadProgress("build", f"{generator}, {project} built", number, total))


def load_restricted(target: SolutionTarget, trust: Trust, progress: ProgressCallback) -> Loaded:
    """Open without running anything from the solution (see ``engine.workspace.restricted``)."""
    started = time.monotonic()
    # `dotnet --version` in the solution's directory would honour its global.json, which may name an
    # SDK shipped inside the repository: start the runtime from a neutral directory instead.
    runtime = ensure_runtime(Path(tempfile.gettempdir()))
    register_exit_handler()
    solution, workspace, diagnostics = open_restricted(target, runtime)
    snapshot = Snapshot(solution, target.directory, 1, target.path)
    summaries = project_summaries(snapshot)
    progress(LoadProgress("done", target.path.name, len(summaries), len(summaries)))
    notes = [target.note] if target.note else []
    notes.append(trust.notice(target.directory))
    report = LoadReport(
        solution_path=str(target.path),
        projects=summaries,
        diagnostics=tuple(diagnostics),
        seconds=round(time.monotonic() - started, 2),
        notes=tuple(notes),
    )
    return Loaded(runtime, workspace, snapshot, report)


def open_workspace(
    target: SolutionTarget,
    runtime: RuntimeInfo,
    progress: ProgressCallback,
    timeout: float,
    warm: bool = True,
    warm_after: Callable[[], object] | None = None,
) -> tuple[Any, Any]:
    """A new MSBuildWorkspace with ``target`` opened in it: ``(solution, workspace)``. Another thread may
    use .NET meanwhile only once ``preload_workspace_assemblies`` has run (see there)."""
    workspace = new_workspace()
    if warm:
        during_load.start(workspace, runtime, warm_after)
    reporter = _progress_reporter(progress, len(project_paths(target)))
    operation = Operation(f"Loading {target.path.name}", timeout)
    opened = str(opened_file(target))
    try:
        if target.is_project:
            solution = operation.wait(workspace.OpenProjectAsync(opened, None, reporter, operation.token)).Solution
        else:
            solution = operation.wait(workspace.OpenSolutionAsync(opened, None, reporter, operation.token))
    except EngineError:
        workspace.Dispose()
        raise
    except Exception as error:
        details = "; ".join(d.Message for d in workspace.Diagnostics)[:800]
        workspace.Dispose()
        pinned = (
            pinned_sdk_problem(target.directory, str(runtime.dotnet.dotnet))
            if "SDK was not found" in str(error)
            else ""
        )
        if pinned:
            raise WorkspaceLoadFailed(
                f"MSBuild could not open {target.path.name}: {pinned}",
                "Fix that global.json, or install the SDK it pins.",
            ) from error
        raise WorkspaceLoadFailed(
            f"MSBuild could not open {target.path.name}: {error}" + (f" ({details})" if details else ""),
            "Check that 'dotnet build' works on it, and that the SDK it needs is installed.",
        ) from error
    return solution, workspace


def new_workspace() -> Any:
    """An empty MSBuildWorkspace with no global properties (its MEF composition: 0.6 s the first time)."""
    from Microsoft.CodeAnalysis.MSBuild import MSBuildWorkspace  # type: ignore[import-not-found]
    from System import String  # type: ignore[import-not-found]
    from System.Collections.Generic import Dictionary  # type: ignore[import-not-found]

    return MSBuildWorkspace.Create(Dictionary[String, String]())


def served(solution: Any, target: SolutionTarget, runtime: RuntimeInfo) -> tuple[Any, tuple[str, ...]]:
    """``solution`` as the engine serves it: without outer builds (``engine.workspace.targets``) and the
    documents outside the boundary; and those documents' paths."""
    solution = without_outer_builds(solution)
    return leave_out_outside_documents(solution, target.directory, runtime.dotnet.root)


def one_list(
    projects: list[Path], ran: list[WorkspaceDiagnostic], loaded: list[WorkspaceDiagnostic]
) -> list[WorkspaceDiagnostic]:
    """The load's problems, each once: what restore logged in each project (the same on every start),
    what this start's restore or generator builds said beyond that, and MSBuild's own, without its
    copies of restore's messages."""
    restored = [problem for project in projects for problem in restoring.logged(project)]

    def known(problem: WorkspaceDiagnostic) -> bool:
        return any(r.project == problem.project and r.message.split(": ", 1)[-1] in problem.message for r in restored)

    return [*restored, *(p for p in (*ran, *loaded) if not known(p))]


def workspace_diagnostics(workspace: Any, solution: Any, listed: list[Path] | None = None) -> list[WorkspaceDiagnostic]:
    """The workspace's load failures, each filed under the project its message names, with what to do
    where the message says which case it is; and the projects of ``listed`` (the solution file's) that
    are no C# project, named (``unopened``)."""
    listed = listed or []
    projects = [(str(p.FilePath or ""), display_name(p)) for p in solution.Projects]
    outer = {str(p.FilePath) for p in outer_builds(solution)}
    found = []
    for diagnostic in workspace.Diagnostics:
        message = str(diagnostic.Message)
        if is_outer_build_failure(message, outer) or unopened.said_better(message, listed):
            continue
        kind = str(diagnostic.Kind)
        severity = "warning" if kind == "Warning" or _is_nuget_warning(message) else "error"
        owner_path, owner = next(((path, name) for path, name in projects if path and path in message), ("", ""))
        if not owner:
            owner_path, owner = next(((path, name) for path, name in projects if f"{name}.csproj" in message), ("", ""))
        action = (unopened.action_for(message, owner_path) if severity == "error" else None) or _LOAD_ACTIONS[severity]
        found.append(WorkspaceDiagnostic(severity, owner, message, "load", action))
    return list(dict.fromkeys([*found, *unopened.left_out(listed, solution)]))


_LOAD_ACTIONS = {
    "error": "Check that 'dotnet build' evaluates the project; fix the project file, or install the SDK or restore"
    " the package the message names. The rest of the solution is loaded.",
    "warning": "Nothing blocks loading; 'dotnet restore' shows the same warning, and how to address it.",
}


def project_summaries(snapshot: Snapshot) -> tuple[ProjectSummary, ...]:
    return tuple(
        ProjectSummary(
            name=display_name(project),
            path=str(project.FilePath or ""),
            target_framework=snapshot.project_targets[project.Name],
            target_frameworks=tuple(snapshot.targets_of(project)),
            document_count=project.DocumentIds.Count,
        )
        for project in snapshot.projects
    )


# MSBuild reports some NuGet warnings (NU1603 version fallback, NU190x audit) as failures.
_NUGET_WARNINGS = ("was resolved instead", "has a known", "vulnerability", ": warning ")


def _is_nuget_warning(message: str) -> bool:
    return any(marker in message for marker in _NUGET_WARNINGS)


def _outside_notes(outside: tuple[str, ...]) -> list[str]:
    if not outside:
        return []
    shown = ", ".join(outside[:5]) + (f" and {len(outside) - 5} more" if len(outside) > 5 else "")
    return [f"Left out {len(outside)} file(s) outside the solution directory (never read or shown): {shown}."]


_progress_type: Any = None


def _progress_reporter(progress: ProgressCallback, total: int) -> Any:
    """An ``IProgress<ProjectLoadProgress>`` that forwards to ``progress`` as ``LoadProgress``."""
    global _progress_type
    if _progress_type is None:
        from Microsoft.CodeAnalysis.MSBuild import ProjectLoadProgress  # type: ignore[import-not-found]
        from System import IProgress  # type: ignore[import-not-found]

        class LoadProgressReporter(IProgress[ProjectLoadProgress]):  # type: ignore[misc]
            __namespace__ = "RoslynTui"

            def Report(self, value: Any) -> None:
                self.forward(value)

        _progress_type = LoadProgressReporter

    done: set[str] = set()

    def forward(value: Any) -> None:
        phase = str(value.Operation).lower()
        name = Path(str(value.FilePath)).stem
        if phase == "resolve":
            done.add(str(value.FilePath))
        try:
            progress(LoadProgress(phase, name, len(done), max(total, len(done))))
        except Exception:
            log.exception("progress callback failed")

    reporter = _progress_type()
    reporter.forward = forward
    return reporter
