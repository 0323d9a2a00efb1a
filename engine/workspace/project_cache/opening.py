"""Opening a solution from its project cache: a way of loading that needs no BuildHost."""

from __future__ import annotations

import dataclasses
import time

from ...errors import EngineError
from ...host.runtime import ensure_runtime, preload_workspace_assemblies
from ...models import LoadProgress
from ...native import helpers_for_speed
from ..loading import Loaded, ProgressCallback, new_workspace, project_summaries
from ..reloads import reevaluate
from ..shutdown import register_exit_handler
from ..snapshot import Snapshot
from ..solution_file import SolutionTarget, opened_file
from .refresh import OPENED_NOTE, STALE_NOTE
from .store import read


def open_cached(target: SolutionTarget, progress: ProgressCallback, timeout: float) -> Loaded | None:
    """The solution made from the project cache of its last load , the projects
    whose inputs changed since evaluated again with MSBuild, alone; ``None`` when it must be loaded."""
    started = time.monotonic()
    runtime = ensure_runtime(target.directory)
    cached = read(target, runtime)
    native = helpers_for_speed() if cached is not None else None
    if cached is None or native is None:
        return None
    register_exit_handler()
    # The evaluation that follows in the background runs beside the queries.
    preload_workspace_assemblies()
    workspace = new_workspace()
    solution = native.ProjectCache.Build(workspace, cached.records, str(opened_file(target)))
    records, diagnostics, notes = cached.records, cached.report.diagnostics, cached.report.notes
    if cached.stale:
        progress(LoadProgress("evaluate", target.path.name, 0, len(cached.stale)))
        try:
            solution, problems = reevaluate(workspace, solution, list(cached.stale), target, runtime, timeout)
        except EngineError:  # a project MSBuild cannot read now: the whole load reports it
            workspace.Dispose()
            return None
        names = {path.stem for path in cached.stale}
        diagnostics = (*(d for d in diagnostics if d.project not in names), *problems)
        notes = (*notes, STALE_NOTE.format(names=", ".join(sorted(names))))
        records = native.ProjectCache.Describe(solution) or records
    snapshot = Snapshot(solution, target.directory, 1, target.path)
    progress(LoadProgress("done", target.path.name, len(snapshot.projects), len(snapshot.projects)))
    seconds = round(time.monotonic() - started, 2)
    report = dataclasses.replace(
        cached.report,
        projects=project_summaries(snapshot),
        diagnostics=tuple(diagnostics),
        seconds=seconds,
        notes=(*notes, OPENED_NOTE.format(seconds=seconds)),
    )
    return Loaded(runtime, workspace, snapshot, report, records)
