"""Open a solution with MSBuildWorkspace, report progress and problems, and keep it current.

One ``SolutionSession`` per solution path per process (``open_session``), shared by every caller.
"""

from __future__ import annotations

import atexit
import dataclasses
import logging
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..errors import EngineError, NotTrusted, WorkspaceLoadFailed
from ..host import memory_trim, python_heap
from ..host.interop import Operation, cancel_all
from ..host.runtime import RuntimeInfo, ensure_runtime
from ..index import NOTE, WARMING_NOTE, EarlyIndex, NotInIndex, write_index
from ..models import LoadProgress, LoadReport, ProjectSummary, WorkspaceDiagnostic
from ..symbols.declarations import DECLARATIONS_MEMO
from ..trust import NAMED_BY_USER, Trust
from . import restore as restoring
from .boundary import leave_out_outside_documents
from .project_reload import reload_projects
from .restricted import open_restricted
from .snapshot import Snapshot, display_name
from .solution_file import SolutionTarget, project_paths, resolve_target
from .warmup import during_load
from .warmup.compile_order import compile_ahead
from .warmup.syntax_indexes import build_syntax_indexes

log = logging.getLogger("roslyn_tui.engine")

ProgressCallback = Callable[[LoadProgress], None]
T = TypeVar("T")

DEFAULT_LOAD_TIMEOUT = 900.0
DEFAULT_QUERY_TIMEOUT = 60.0
PREFERRED_FILES = 8

# What a restricted (untrusted) solution can answer: syntax and declarations, nothing that needs the
# project system's references, analyzers or generators to be right.
RESTRICTED_QUERIES = frozenset(
    {
        "project_structure",
        "list_namespaces",
        "find_symbols",
        "symbol_info",
        "file_outline",
        "containing_member",
        "get_source",
        "read_file",
    }
)


class SolutionSession:
    """A loaded solution: its current snapshot, its load report, and its file watcher.

    Args:
        target: the solution or project file to open.
        trust: whether code from the solution may run (MSBuild, analyzers, generators); an untrusted
            solution opens restricted, as a syntax-only view.
        restore: run ``dotnet restore`` first when a project was never restored.
        watch: apply file changes on disk as they happen.
    """

    def __init__(
        self, target: SolutionTarget, *, trust: Trust = NAMED_BY_USER, restore: bool = True, watch: bool = True
    ) -> None:
        self.target = target
        self.trust = trust
        self.restore = restore
        self.watch = watch
        self.runtime: RuntimeInfo | None = None
        self.report: LoadReport | None = None
        self.error: EngineError | None = None
        self._failed_update: WorkspaceDiagnostic | None = None
        """The report's notice that the last file change could not be applied; a good update clears it."""
        self._snapshot: Snapshot | None = None
        self._workspace: Any = None
        self._load_lock = threading.Lock()
        self._update_lock = threading.RLock()
        self._loaded = threading.Event()
        self._watcher: Any = None
        self._listeners: list[Callable[[Snapshot], None]] = []
        self._warmer: threading.Thread | None = None
        self._early: EarlyIndex | None = None
        self._early_opened = False
        self.closed = False
        """Set by ``close``: a closed session is never shared again."""
        self._early_lock = threading.Lock()
        self._editing_warm = threading.Event()
        self._activity = threading.Lock()
        self._queries = 0
        self._last_query = 0.0
        self._warmed_at = 0.0
        self._preferred: list[str] = []
        """Files a user opened, the latest first: the warm-up compiles their projects before the rest."""

    @property
    def root(self) -> Path:
        return self.target.directory

    # -- loading --------------------------------------------------------------------------------

    def load(self, progress: ProgressCallback | None = None, timeout: float = DEFAULT_LOAD_TIMEOUT) -> LoadReport:
        """Load the solution (once; later calls return the first report or raise its error)."""
        with self._load_lock:
            if self.report is not None:
                return self.report
            if self.error is not None:
                raise self.error
            try:
                self.report = self._load(progress or (lambda _: None), timeout)
            except EngineError as error:
                self.error = error
                raise
            finally:
                self._loaded.set()
            if self.watch:
                self._start_watcher()
            self._warmer = threading.Thread(target=self._warm, name="roslyn-tui-warm", daemon=True)
            _warmers.add(self._warmer)
            self._warmer.start()
            return self.report

    def _warm(self) -> None:
        """Build in the background what the first queries would otherwise pay for: every compilation,
        Roslyn's syntax indexes, the editing providers and analyzers, then the on-disk index."""
        snapshot = self._snapshot
        if snapshot is None:
            return
        operation = Operation("Warming compilations", DEFAULT_LOAD_TIMEOUT)
        try:
            compile_ahead(snapshot, operation, self._preferred_paths)
            if not self.restricted:
                build_syntax_indexes(snapshot, operation, lambda: self.yield_to_queries(operation))
                # The first code action or diagnostics list would otherwise pay seconds for these; on two
                # cores they would also slow the first navigation queries, so they wait for a quiet moment.
                from ..editing.actions import warm_up
                from ..editing.analyzers import ide_analyzers
                from ..editing.providers import csharp_providers

                self.yield_to_queries(operation)
                csharp_providers(snapshot.solution.Workspace.Services.HostServices, operation)
                self.yield_to_queries(operation)
                ide_analyzers(operation)
                self.yield_to_queries(operation)
                warm_up(snapshot, operation)
                self._editing_warm.set()
                # The next start answers search, definition and outlines from this before it has loaded.
                write_index(self, operation)
            self._retire_early_index()
            python_heap.freeze()
        except Exception:  # warming is an optimisation: a failure here shows up in the real query
            log.debug("warming stopped", exc_info=True)
        finally:
            self._editing_warm.set()
            with self._activity:
                self._warmed_at = time.monotonic()
            memory_trim.start(_idle_seconds)

    def wait_editing_warm(self, timeout: float | None = None) -> None:
        """Block until the warm-up's code action listing is done (or failed).

        An edit computed while that listing walks syntax on the warm-up thread deadlocked inside
        pythonnet (rename on the main thread, reproducible in tests/test_editing.py); editing waits
        for it instead, at most ``timeout`` seconds. The cause found since (gdb): an unclosed SQLite
        connection of the index freed by the cycle collector inside pythonnet's type creation, its
        statement's dealloc letting go of the GIL (see ``index.store._connected``). Connections are
        closed now; the wait stays, as other objects may free themselves the same way.
        """
        if self._warmer is not None:
            self._editing_warm.wait(timeout)

    def wait_warm(self, timeout: float | None = None) -> None:
        """Block until the background warm-up (compilations, editing providers) has finished."""
        if self._warmer is not None:
            self._warmer.join(timeout)

    def wait_loaded(self, timeout: float | None = None) -> LoadReport:
        """Block until a load started elsewhere finishes; raise its error if it failed."""
        if not self._loaded.wait(timeout):
            raise WorkspaceLoadFailed(
                f"{self.target.path.name} is still loading after {timeout:g} s.", "Try again in a moment."
            )
        if self.error is not None:
            raise self.error
        assert self.report is not None
        return self.report

    @property
    def is_loaded(self) -> bool:
        return self.report is not None

    @property
    def restricted(self) -> bool:
        return not self.trust.trusted

    def _load(self, progress: ProgressCallback, timeout: float) -> LoadReport:
        if self.restricted:
            return self._load_restricted(progress)
        started = time.monotonic()
        self.runtime = ensure_runtime(self.root)
        _register_exit_handler()
        notes = [self.target.note] if self.target.note else []
        diagnostics: list[WorkspaceDiagnostic] = []
        projects = project_paths(self.target)
        total = len(projects)
        if self.restore:
            missing = restoring.needs_restore(projects)
            if missing:
                progress(LoadProgress("restore", self.target.path.name, 0, total))
                notes.append(f"Ran dotnet restore ({len(missing)} of {total} projects had never been restored).")
                failure = restoring.restore(self.runtime.dotnet, self.target.path)
                if failure:
                    diagnostics.append(failure)
            for generator in restoring.unbuilt_generators(projects):
                progress(LoadProgress("build", generator.stem, 0, total))
                notes.append(f"Built the source generator {generator.stem} (its output was missing).")
                failure = restoring.build_generator(self.runtime.dotnet, generator)
                if failure:
                    diagnostics.append(failure)
        solution, workspace = self._open(progress, total, timeout)
        diagnostics.extend(_workspace_diagnostics(workspace, solution))
        solution, outside = self._within_boundary(solution)
        notes.extend(_outside_notes(outside))
        self._workspace = workspace
        self._snapshot = Snapshot(solution, self.root, 1)
        summaries = tuple(_summaries(self._snapshot))
        for project in self._snapshot.projects:
            targets = self._snapshot.targets_of(project)
            if len(targets) > 1:
                notes.append(
                    f"{display_name(project)} targets {', '.join(targets)}: navigating "
                    f"{self._snapshot.project_targets[project.Name]} (the newest plain .NET target)."
                )
        progress(LoadProgress("done", self.target.path.name, len(summaries), len(summaries)))
        return LoadReport(
            solution_path=str(self.target.path),
            projects=summaries,
            diagnostics=tuple(diagnostics),
            seconds=round(time.monotonic() - started, 2),
            notes=tuple(notes),
        )

    def _load_restricted(self, progress: ProgressCallback) -> LoadReport:
        """Open without running anything from the solution (see ``engine.restricted``)."""
        started = time.monotonic()
        # `dotnet --version` in the solution's directory would honour its global.json, which may name an
        # SDK shipped inside the repository: start the runtime from a neutral directory instead.
        self.runtime = ensure_runtime(Path(tempfile.gettempdir()))
        _register_exit_handler()
        solution, workspace, diagnostics = open_restricted(self.target, self.runtime)
        self._workspace = workspace
        self._snapshot = Snapshot(solution, self.root, 1)
        summaries = tuple(_summaries(self._snapshot))
        progress(LoadProgress("done", self.target.path.name, len(summaries), len(summaries)))
        notes = [self.target.note] if self.target.note else []
        notes.append(self.trust.notice(self.root))
        return LoadReport(
            solution_path=str(self.target.path),
            projects=summaries,
            diagnostics=tuple(diagnostics),
            seconds=round(time.monotonic() - started, 2),
            notes=tuple(notes),
        )

    def _within_boundary(self, solution: Any) -> tuple[Any, tuple[str, ...]]:
        assert self.runtime is not None
        return leave_out_outside_documents(solution, self.root, self.runtime.dotnet.root)

    def _open(self, progress: ProgressCallback, total: int, timeout: float) -> tuple[Any, Any]:
        from Microsoft.CodeAnalysis.MSBuild import MSBuildWorkspace  # type: ignore[import-not-found]
        from System import String  # type: ignore[import-not-found]
        from System.Collections.Generic import Dictionary  # type: ignore[import-not-found]

        workspace = MSBuildWorkspace.Create(Dictionary[String, String]())
        assert self.runtime is not None
        during_load.start(workspace, self.runtime)
        reporter = _progress_reporter(progress, total)
        operation = Operation(f"Loading {self.target.path.name}", timeout)
        try:
            if self.target.is_project:
                project = operation.wait(
                    workspace.OpenProjectAsync(str(self.target.path), None, reporter, operation.token)
                )
                solution = project.Solution
            else:
                solution = operation.wait(
                    workspace.OpenSolutionAsync(str(self.target.path), None, reporter, operation.token)
                )
        except EngineError:
            workspace.Dispose()
            raise
        except Exception as error:
            details = "; ".join(d.Message for d in workspace.Diagnostics)[:800]
            workspace.Dispose()
            raise WorkspaceLoadFailed(
                f"MSBuild could not open {self.target.path.name}: {error}" + (f" ({details})" if details else ""),
                "Check that 'dotnet build' works on it, and that the SDK it needs is installed.",
            ) from error
        return solution, workspace

    # -- reading --------------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The current snapshot; hold on to it for the length of one query."""
        if self._snapshot is None:
            self.wait_loaded()
        assert self._snapshot is not None
        return self._snapshot

    def run(
        self, query: Callable[..., T], *args: Any, timeout: float | None = DEFAULT_QUERY_TIMEOUT, **kwargs: Any
    ) -> T:
        """Run ``query(snapshot, operation, *args, **kwargs)`` on the current snapshot, with a timeout.

        While the solution loads, and after until the compiler has built its declarations, symbol search,
        go to definition by name and file outlines are answered from the on-disk index of the last load
        when it can answer them exactly."""
        early = self.early_answer(query, *args, **kwargs)
        if early is not None:
            return early  # type: ignore[no-any-return]
        _, work = self.start(query, *args, timeout=timeout, **kwargs)
        with self._activity:
            self._queries += 1
        try:
            return work()
        finally:
            with self._activity:
                self._queries -= 1
                self._last_query = time.monotonic()

    def idle_seconds(self) -> float:
        """Seconds since the last query or the warm-up ended; 0 while either runs."""
        with self._activity:
            if self._queries or (self._warmer is not None and self._warmer.is_alive()):
                return 0.0
            return time.monotonic() - max(self._last_query, self._warmed_at)

    def prefer(self, path: str) -> None:
        """A user opened ``path``: compile its project (and what it references) before the others."""
        with self._activity:
            self._preferred = [path, *(p for p in self._preferred if p != path)][:PREFERRED_FILES]

    def _preferred_paths(self) -> list[str]:
        with self._activity:
            return list(self._preferred)

    def yield_to_queries(self, operation: Operation, quiet: float = 0.5) -> None:
        """Wait while queries run (and until ``quiet`` seconds after the last): background work such as
        writing the index must not take the CPU from the answer a user waits for."""
        while True:
            operation.check()
            with self._activity:
                idle = self._queries == 0 and time.monotonic() - self._last_query >= quiet
            if idle:
                return
            time.sleep(0.05)

    def early_index(self) -> EarlyIndex | None:
        """The on-disk index of the last load of this solution (opened once), or ``None``."""
        with self._early_lock:
            if not self._early_opened:
                self._early_opened = True
                if not self.restricted:
                    self._early = EarlyIndex.open(self.target.path, self.root)
            return self._early

    def early_answer(self, query: Callable[..., Any], *args: Any, **kwargs: Any) -> Any | None:
        """The index's answer to ``query`` while it may answer, or ``None`` when only the live solution can."""
        name = getattr(query, "__name__", "")
        if name not in EARLY_QUERIES:
            return None
        if not self._index_may_answer():
            self._retire_early_index()
            return None
        index = self.early_index()
        if index is None:
            return None
        note = WARMING_NOTE if self.is_loaded else NOTE
        try:
            if name == "go_to_definition":
                return index.go_to_definition(args[0].name if args else kwargs["ref"].name, note=note)
            return getattr(index, name)(*args, note=note, **kwargs)
        except NotInIndex:
            return None

    def _retire_early_index(self) -> None:
        """Let the index go once it may never answer again (tens of MB of rows at 25 projects)."""
        if not self._index_may_answer():
            with self._early_lock:
                self._early_opened = True
                self._early = None

    def _index_may_answer(self) -> bool:
        """While loading, and after it until the declarations of the loaded snapshot are built (the live
        answer would wait seconds for every compilation) as long as no file changed since the load."""
        if not self.is_loaded:
            return True
        snapshot = self._snapshot
        return snapshot is not None and snapshot.version == 1 and not snapshot.has_memo(DECLARATIONS_MEMO)

    def start(
        self, query: Callable[..., T], *args: Any, timeout: float | None = DEFAULT_QUERY_TIMEOUT, **kwargs: Any
    ) -> tuple[Operation, Callable[[], T]]:
        """Like ``run`` but returns the operation first, so another thread can cancel it."""
        name = getattr(query, "__name__", "query")
        self.require_trust(name)
        operation = Operation(name.replace("_", " "), timeout)
        return operation, lambda: query(self.snapshot(), operation, *args, **kwargs)

    def require_trust(self, what: str) -> None:
        """Raise ``NotTrusted`` when the solution is restricted and ``what`` needs more than syntax."""
        if self.restricted and what not in RESTRICTED_QUERIES:
            raise NotTrusted(
                f"{what.replace('_', ' ')} needs the full compiler view of {self.target.path.name}, which runs "
                "MSBuild and the solution's analyzers and generators; it is open restricted because it is not "
                "trusted.",
                self.trust.notice(self.root).split(". ", 1)[1],
            )

    # -- updating -------------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[Snapshot], None]) -> None:
        """Call ``listener(snapshot)`` after every published update (on the watcher's thread)."""
        self._listeners.append(listener)

    def publish(self, change: Callable[[Snapshot], Snapshot | None]) -> Snapshot:
        """Apply ``change`` to the current snapshot and publish its result atomically."""
        with self._update_lock:
            current = self.snapshot()
            updated = change(current)
            if updated is None or updated is current:
                return current
            self._snapshot = updated
        self._notify(updated)
        return updated

    def reload(self, timeout: float = DEFAULT_LOAD_TIMEOUT) -> LoadReport:
        """Load the whole solution again in a new workspace; queries see the old one until it is done."""
        with self._update_lock:
            if self.restricted:
                assert self.runtime is not None
                solution, workspace, problems = open_restricted(self.target, self.runtime)
                diagnostics = tuple(problems)
            else:
                solution, workspace = self._open(lambda _: None, len(project_paths(self.target)), timeout)
                diagnostics = tuple(_workspace_diagnostics(workspace, solution))
                solution, _ = self._within_boundary(solution)
            old_workspace, self._workspace = self._workspace, workspace
            self._swap(solution, diagnostics)
            if old_workspace is not None:
                old_workspace.Dispose()
        assert self.report is not None
        return self.report

    def reload_projects(self, project_files: list[Path], timeout: float = DEFAULT_LOAD_TIMEOUT) -> None:
        """Evaluate only ``project_files`` again (restoring them first); the rest of the solution stays."""
        if self.restricted:  # no evaluation without trust: read the project files again instead
            self.reload(timeout)
            return
        with self._update_lock:
            current = self.snapshot()
            assert self.runtime is not None
            diagnostics = [d for d in (restoring.restore(self.runtime.dotnet, p) for p in project_files) if d]
            operation = Operation(f"Reloading {', '.join(p.name for p in project_files)}", timeout)
            solution = reload_projects(self._workspace, current.solution, project_files, operation)
            _refuse_emptied(current.solution, solution, project_files, diagnostics)
            solution, _ = self._within_boundary(solution)
            previous = self.report.diagnostics if self.report else ()
            self._swap(solution, (*previous, *diagnostics))

    def record_failed_update(self, paths: list[str], error: Exception) -> None:
        """Say, in the load report, that an update failed and the last good solution is still served."""
        if self.report is None:
            return
        names = ", ".join(Path(p).name for p in paths[:3]) + (" and more" if len(paths) > 3 else "")
        reason = error.describe() if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"
        problem = WorkspaceDiagnostic(
            "error",
            "",
            f"Updating after {names} changed failed ({reason}); still answering from the last good solution. "
            "Fix the file; the next change reloads it.",
        )
        kept = tuple(d for d in self.report.diagnostics if d is not self._failed_update)
        self._failed_update = problem
        self.report = dataclasses.replace(self.report, diagnostics=(*kept, problem))

    def _swap(self, solution: Any, diagnostics: tuple[WorkspaceDiagnostic, ...]) -> None:
        diagnostics = tuple(d for d in diagnostics if d is not self._failed_update)
        self._failed_update = None
        previous = self._snapshot
        self._snapshot = Snapshot(solution, self.root, previous.version + 1 if previous else 1)
        self._retire_early_index()
        if self.report is not None:
            self.report = dataclasses.replace(
                self.report, projects=tuple(_summaries(self._snapshot)), diagnostics=diagnostics
            )
        self._notify(self._snapshot)

    def _notify(self, snapshot: Snapshot) -> None:
        python_heap.thaw_for_update()
        for listener in list(self._listeners):
            try:
                listener(snapshot)
            except Exception:  # a broken listener must not stop freshness for the others
                log.exception("snapshot listener failed")

    def _start_watcher(self) -> None:
        from .watcher import SolutionWatcher

        self._watcher = SolutionWatcher(self)
        self._watcher.start()
        _watchers.add(self._watcher)

    def close(self) -> None:
        self.closed = True  # the next open_session of this solution makes a new session
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher.join(2)
        if self._warmer is not None:
            self._warmer.join(2)
        if self._workspace is not None:
            self._workspace.Dispose()
            self._workspace = None


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


def _workspace_diagnostics(workspace: Any, solution: Any) -> list[WorkspaceDiagnostic]:
    projects = [(str(p.FilePath or ""), display_name(p)) for p in solution.Projects]
    found = []
    for diagnostic in workspace.Diagnostics:
        message = str(diagnostic.Message)
        kind = str(diagnostic.Kind)
        severity = "warning" if kind == "Warning" or _is_nuget_warning(message) else "error"
        owner = next((name for path, name in projects if path and path in message), "")
        if not owner:
            owner = next((name for _, name in projects if f"{name}.csproj" in message), "")
        found.append(WorkspaceDiagnostic(severity, owner, message))
    return list(dict.fromkeys(found))


# MSBuild reports some NuGet warnings (NU1603 version fallback, NU190x audit) as failures.
_NUGET_WARNINGS = ("was resolved instead", "has a known", "vulnerability", ": warning ")


def _is_nuget_warning(message: str) -> bool:
    return any(marker in message for marker in _NUGET_WARNINGS)


def _summaries(snapshot: Snapshot) -> list[ProjectSummary]:
    return [
        ProjectSummary(
            name=display_name(project),
            path=str(project.FilePath or ""),
            target_framework=snapshot.project_targets[project.Name],
            target_frameworks=tuple(snapshot.targets_of(project)),
            document_count=project.DocumentIds.Count,
        )
        for project in snapshot.projects
    ]


_sessions: dict[Path, SolutionSession] = {}
_sessions_lock = threading.Lock()


_exit_handler_registered = False


def _register_exit_handler() -> None:
    # atexit runs handlers last-in first-out: registering after the runtime started puts ours
    # before pythonnet's shutdown.
    global _exit_handler_registered
    if not _exit_handler_registered:
        atexit.register(_stop_background_work)
        _exit_handler_registered = True


def _stop_background_work() -> None:
    """Stop watcher and warm-up threads before pythonnet shuts the runtime down.

    A thread still inside a .NET call when the runtime unloads aborts the whole process. Registered
    after pythonnet's own exit handler, so it runs first. The warm-up stops at its next step once
    cancelled; one step (composing the providers) can take a few seconds, hence the long wait.
    """
    cancel_all()
    watchers = list(_watchers)
    for watcher in watchers:
        watcher.stop()
    deadline = time.monotonic() + 20
    for thread in [*_warmers, *(watcher._thread for watcher in watchers)]:
        if thread.is_alive():
            thread.join(max(0.0, deadline - time.monotonic()))
    memory_trim.stop(max(0.0, deadline - time.monotonic()))
    python_heap.thaw_for_exit()


def _idle_seconds() -> float:
    """Seconds since any open session last ran a query (the memory trimmer's clock)."""
    with _sessions_lock:
        sessions = list(_sessions.values())
    return min((session.idle_seconds() for session in sessions), default=float("inf"))


_warmers: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
_watchers: weakref.WeakSet[Any] = weakref.WeakSet()
"""Every warm-up thread and file watcher started in this process, closed sessions' included."""


def close_session(session: SolutionSession) -> None:
    """Forget ``session`` and release its workspace, watcher and caches."""
    with _sessions_lock:
        if _sessions.get(session.target.path) is session:
            del _sessions[session.target.path]
    session.close()


def open_session(
    path: str | Path, *, trust: Trust = NAMED_BY_USER, restore: bool = True, watch: bool = True
) -> SolutionSession:
    """The shared session for ``path`` (created, not yet loaded, on first use).

    A session opened restricted is replaced when the same solution is later opened trusted.
    """
    target = resolve_target(path)
    with _sessions_lock:
        session = _sessions.get(target.path)
        if session is None or session.closed or session.error is not None or session.trust.trusted != trust.trusted:
            if session is not None:
                session.close()
            session = SolutionSession(target, trust=trust, restore=restore, watch=watch)
            _sessions[target.path] = session
        return session


EARLY_QUERIES = {"find_symbols", "go_to_definition", "file_outline"}
"""Queries the on-disk index may answer before the solution has loaded."""


def load_solution(
    path: str | Path,
    progress: ProgressCallback | None = None,
    *,
    trust: Trust = NAMED_BY_USER,
    restore: bool = True,
    watch: bool = True,
) -> SolutionSession:
    """Open and load ``path`` (or return the already loaded shared session).

    ``trust`` defaults to the user's own act of naming the path; pass ``trust.decide(path)`` for a
    path that came from anywhere else.
    """
    session = open_session(path, trust=trust, restore=restore, watch=watch)
    session.load(progress)
    return session
