"""One loaded solution: its current snapshot, its load report, its watcher, and the queries run on it.

Sessions are shared per solution path and process: get one from ``engine.workspace.sessions``.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from shared_engine.session import LOAD_TIMEOUT_SECONDS, QUERY_TIMEOUT_SECONDS

from ..errors import EngineError, NotTrusted, WorkspaceLoadFailed
from ..host import idle_priority, python_heap
from ..host.interop import Operation, cancel_thread
from ..host.runtime import RuntimeInfo
from ..models import LoadReport, WorkspaceDiagnostic
from ..trust import NAMED_BY_USER, Trust
from . import loading, reloads, shutdown
from . import project_cache as project_caching
from .declared import Declaration, declaration
from .early_answers import EarlyAnswers
from .hooks import EarlySource
from .loading import ProgressCallback
from .snapshot import DECLARATIONS_MEMO, Snapshot
from .solution_file import SolutionTarget
from .syntax_view import SyntaxView
from .watcher import SolutionWatcher

log = logging.getLogger("roslyn_tui.engine")

T = TypeVar("T")
P = TypeVar("P")

DEFAULT_LOAD_TIMEOUT = LOAD_TIMEOUT_SECONDS
DEFAULT_QUERY_TIMEOUT = QUERY_TIMEOUT_SECONDS
PREFERRED_FILES = 8
FIRST_SYNTAX_ANSWER_PATIENCE = 4.0
"""Seconds the compiler's warm-up during a first start's load waits for the first answer from syntax."""
CATCH_UP_SECONDS = 120.0
"""How long a query waits for the file changes the watcher heard (a branch switch: files and projects) to
be applied, so that it answers from the files as they are, not as they were."""
REFRESH_DELAY = 2.0
"""Seconds after a start from the project cache before MSBuild evaluates again (the first question's)."""
REFRESH_PATIENCE = 20.0
"""Seconds the evaluation after a start from the project cache gives way to queries before it starts anyway."""

WarmUp = Callable[["SolutionSession", Operation], None]
"""Background work after a load (``warmup.after_load.warm_up_after_load`` for sessions of ``open_session``)."""


class SolutionSession:
    """A loaded solution: its current snapshot, its load report, and its file watcher.

    Args:
        target: the solution or project file to open.
        trust: whether code from the solution may run (MSBuild, analyzers, generators); an untrusted
            solution opens restricted, as a syntax-only view.
        restore: run ``dotnet restore`` first when a project was never restored.
        watch: apply file changes on disk as they happen.
        warm_up: what to build in the background once loaded; ``None`` builds nothing ahead.
        project_cache: open from the project cache of the last load when it still matches, MSBuild
            evaluating again in the background (``engine.workspace.project_cache``); and write it after a load.
    """

    def __init__(
        self,
        target: SolutionTarget,
        *,
        trust: Trust = NAMED_BY_USER,
        restore: bool = True,
        watch: bool = True,
        warm_up: WarmUp | None = None,
        project_cache: bool = True,
    ) -> None:
        self.target = target
        self.trust = trust
        self.restore = restore
        self.watch = watch
        self.runtime: RuntimeInfo | None = None
        self.report: LoadReport | None = None
        self.error: EngineError | None = None
        self.closed = False
        """Set by ``close``: a closed session is never shared again."""
        self.editing_warm = threading.Event()
        """Set once the warm-up's code action listing is done (or failed); see ``wait_editing_warm``."""
        self._warm_up = warm_up
        self._use_cache = project_cache and project_caching.enabled() and trust.trusted and not target.apps
        self._cached_records: str | None = None
        """The projects as the cache said, when this session was opened from it (until MSBuild has re-evaluated)."""
        self._refresher: threading.Thread | None = None
        self._refreshing: Operation | None = None
        self._failed_update: WorkspaceDiagnostic | None = None
        """The report's notice that the last file change could not be applied; a good update clears it."""
        self._snapshot: Snapshot | None = None
        self._workspace: Any = None
        self._load_lock = threading.Lock()
        self._update_lock = threading.RLock()
        self._loaded = threading.Event()
        self._watcher: SolutionWatcher | None = None
        self._listeners: list[Callable[[Snapshot], None]] = []
        self._warmer: threading.Thread | None = None
        self._parts: dict[type, Any] = {}
        self._parts_lock = threading.Lock()
        self._early = EarlyAnswers(target.path, target.directory, enabled=trust.trusted)
        self._syntax = SyntaxView(target)
        self._activity = threading.Lock()
        self._queries = 0
        self._last_query = 0.0
        self._warmed_at = 0.0
        self._preferred: list[str] = []
        """Files a user opened, the latest first: the warm-up compiles their projects before the rest."""

    def part(self, kind: type[P]) -> P:
        """This session's ``kind``, a feature's state kept per session (the index writer), made with
        ``kind()`` on first use."""
        with self._parts_lock:
            found = self._parts.get(kind)
            if found is None:
                found = self._parts[kind] = kind()
            return found  # type: ignore[no-any-return]

    @property
    def root(self) -> Path:
        return self.target.directory

    @property
    def is_loaded(self) -> bool:
        return self.report is not None

    @property
    def restricted(self) -> bool:
        return not self.trust.trusted

    # -- loading --------------------------------------------------------------------------------

    def load(self, progress: ProgressCallback | None = None, timeout: float = DEFAULT_LOAD_TIMEOUT) -> LoadReport:
        """Load the solution (once; later calls return the first report or raise its error)."""
        with self._load_lock:
            if self.report is not None:
                return self.report
            if self.error is not None:
                raise self.error
            # Opened first (a fraction of a second): the first search need not open it while it waits.
            # Without one (a first start), searches are answered from syntax while MSBuild works.
            from_syntax = self._first_start()
            if from_syntax:
                self._syntax.expect()
            try:
                cached = (
                    project_caching.open_cached(self.target, progress or (lambda _: None), timeout)
                    if self._use_cache
                    else None
                )
                if cached is not None:
                    loaded = cached
                elif self.restricted:
                    loaded = loading.load_restricted(self.target, self.trust, progress or (lambda _: None))
                else:
                    loaded = loading.load_trusted(
                        self.target,
                        restore=self.restore,
                        progress=progress or (lambda _: None),
                        timeout=timeout,
                        opening=self._syntax.start if from_syntax else None,
                        # The first search from syntax pays the compiler's first run itself: the
                        # warm-up would only share the cores with it.
                        warm_after=self._wait_first_syntax_answer if from_syntax else None,
                    )
                self.runtime, self._workspace, self._snapshot = loaded.runtime, loaded.workspace, loaded.snapshot
                self.report = loaded.report
                self._cached_records = loaded.cached_records
            except EngineError as error:
                self.error = error
                raise
            finally:
                self._loaded.set()
                self._syntax.retire()
            if self.watch:
                self._watcher = SolutionWatcher(self)
                self._watcher.start()
                shutdown.track_watcher(self._watcher)
            if self._cached_records is not None:
                self._refresher = threading.Thread(target=self._refresh, name="roslyn-tui-evaluate", daemon=True)
            self._warmer = threading.Thread(target=self._warm, name="roslyn-tui-warm", daemon=True)
            for thread in (self._warmer, self._refresher):
                if thread is not None:
                    shutdown.track_warmer(thread)
                    thread.start()
            return self.report

    # -- the project cache ----------------------------------------------------------------------

    def _save_project_cache(self, records: str | None, report: LoadReport) -> None:
        """Write the cache of this load, for the next start (nothing when a project cannot be written down)."""
        if records is None or self.runtime is None:
            return
        try:
            project_caching.write(self.target, self.runtime, records, loading.lasting(report))
        except OSError:
            log.warning("could not write the project cache of %s", self.target.path.name, exc_info=True)

    def _refresh(self) -> None:
        """Evaluate with MSBuild what was opened from the cache, once the first answers are out, and swap in
        the projects whose evaluation changed (``engine.workspace.project_cache.refresh``)."""
        idle_priority.lower_this_thread()  # and MSBuild's evaluation, which this thread starts
        operation = self._refreshing = Operation("Evaluating the projects again", DEFAULT_LOAD_TIMEOUT)
        try:
            # The first question usually comes a moment after the load: leave it the cores.
            operation.pause(REFRESH_DELAY)
            self.yield_to_queries(operation, quiet=1.0, patience=REFRESH_PATIENCE)
            assert self._cached_records is not None
            evaluation = project_caching.evaluate_again(
                self.target, self._cached_records, restore=self.restore, timeout=DEFAULT_LOAD_TIMEOUT
            )
            if self.closed:
                evaluation.loaded.workspace.Dispose()
                return
            self._take(evaluation)
        except Exception as error:  # the cached solution keeps answering; the report says what went wrong
            if operation.cancelled or self.closed:  # the process or the session is closing: BuildHost was stopped
                return
            log.warning("evaluating %s again failed", self.target.path.name, exc_info=True)
            if self.report is not None:
                problem = WorkspaceDiagnostic(
                    "warning",
                    "",
                    f"Opened from the project cache; evaluating the projects again with MSBuild failed ({error}).",
                    "load",
                    "The cached projects are served; reload the solution to evaluate again.",
                )
                self.report = dataclasses.replace(self.report, diagnostics=(*self.report.diagnostics, problem))
        finally:
            self._cached_records = None

    def _take(self, evaluation: project_caching.Evaluation) -> None:
        """Publish what MSBuild's evaluation changed, say so in the report, and write the cache anew."""
        fresh = evaluation.loaded
        with self._update_lock:
            if evaluation.records is None:
                old_workspace, self._workspace = self._workspace, fresh.workspace
                self._swap(fresh.snapshot.solution, fresh.report.diagnostics)
                old_workspace.Dispose()
            else:
                if evaluation.changed:
                    solution = evaluation.brought_up_to_date(self._workspace, self.snapshot().solution)
                    self._swap(solution, fresh.report.diagnostics)
                fresh.workspace.Dispose()
            assert self.report is not None
            self.report = dataclasses.replace(
                self.report,
                diagnostics=fresh.report.diagnostics,
                notes=(*fresh.report.notes, project_caching.note(evaluation.changed)),
            )
        if evaluation.records is not None:
            self._save_project_cache(evaluation.records, fresh.report)

    def _wait_first_syntax_answer(self) -> None:
        self._syntax.wait_first_answer(FIRST_SYNTAX_ANSWER_PATIENCE)

    def _warm(self) -> None:
        idle_priority.lower_this_thread()
        try:
            if self._use_cache and self._refresher is None and self._snapshot is not None and self.report is not None:
                self._save_project_cache(project_caching.described(self._snapshot.solution), self.report)
            if self._warm_up is not None and self._snapshot is not None:
                self._warm_up(self, Operation("Warming compilations", DEFAULT_LOAD_TIMEOUT))
            self._retire_early_index()
            python_heap.freeze()
        except Exception:  # warming is an optimisation: a failure here shows up in the real query
            log.debug("warming stopped", exc_info=True)
        finally:
            self.editing_warm.set()
            with self._activity:
                self._warmed_at = time.monotonic()

    def wait_editing_warm(self, timeout: float | None = None) -> None:
        """Block until the warm-up's code action listing is done (or failed).

        An edit computed while that listing walks syntax on the warm-up thread deadlocked inside
        pythonnet (rename on the main thread, reproducible in tests/test_editing.py); editing waits
        for it instead, at most ``timeout`` seconds. The cause found since (gdb): an unclosed SQLite
        connection of the index freed by the cycle collector inside pythonnet's type creation, its
        statement's dealloc letting go of the GIL (see ``index.store._connected``). Any finalizer could do
        the same (an unclosed event loop's did, in CI), so collection now runs on a thread of its own
        (``engine.host.collector``); the wait is kept as a second guard.
        """
        if self._warmer is not None:
            self.editing_warm.wait(timeout)

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

    # -- reading --------------------------------------------------------------------------------

    def version(self) -> int:
        """The current snapshot's version (``shared_engine.session.Session.version``)."""
        return self.snapshot().version

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
        when it can answer them exactly (``engine.workspace.early_answers``)."""
        early = self.early_answer(query, *args, **kwargs)
        if early is not None:
            return early  # type: ignore[no-any-return]
        if not self.is_loaded:
            from_syntax = self._syntax.answer(query, args, kwargs, self._loaded)
            if from_syntax is not None:
                return from_syntax  # type: ignore[no-any-return]
        _, work = self.start(query, *args, timeout=timeout, **kwargs)
        with self._activity:
            self._queries += 1
        try:
            return work()
        finally:
            with self._activity:
                self._queries -= 1
                self._last_query = time.monotonic()

    def call(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(self, *args, **kwargs)`` where this session lives: here, at once. A front end calls
        engine functions that take the session this way, so the same code runs them in a shared engine
        (``shared_engine.remote.RemoteSession.call``)."""
        return function(self, *args, **kwargs)

    def call_plain(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` where this session lives (here, at once): the REPL's state is
        the process's own, as in a shared engine it is the engine's."""
        return function(*args, **kwargs)

    def stop(self, thread: int) -> None:
        """Stop what ``thread`` asked and still runs: here, every operation that thread started."""
        cancel_thread(thread)

    def start(
        self, query: Callable[..., T], *args: Any, timeout: float | None = DEFAULT_QUERY_TIMEOUT, **kwargs: Any
    ) -> tuple[Operation, Callable[[], T]]:
        """Like ``run`` but returns the operation first, so another thread can cancel it."""
        declared = declaration(query)
        self.require_trust(declared)
        if self._watcher is not None and not self._watcher.caught_up(CATCH_UP_SECONDS):
            log.warning(
                "%s answers before the file changes heard %.0f s ago are applied", declared.name, CATCH_UP_SECONDS
            )
        if self._snapshot is None:
            # Before the load, the runtime an operation needs may not have started (a query asked while
            # the index answers searches): the query waits for the load anyway.
            self.wait_loaded()
        operation = Operation(declared.name.replace("_", " "), timeout)
        return operation, lambda: query(self.snapshot(), operation, *args, **kwargs)

    def require_trust(self, what: Declaration | Callable[..., Any]) -> None:
        """Raise ``NotTrusted`` when the solution is restricted and ``what`` (a query, or its declaration)
        needs more than syntax: its declaration does not say ``restricted``."""
        if not isinstance(what, Declaration):
            what = declaration(what)
        if self.restricted and not what.restricted:
            raise NotTrusted(
                f"{what.name.replace('_', ' ')} needs the full compiler view of {self.target.path.name}, which runs "
                "MSBuild and the solution's analyzers and generators; it is open restricted because it is not "
                "trusted.",
                self.trust.notice(self.root).split(". ", 1)[1],
            )

    def answers_before_load(self) -> bool:
        """Whether search, go to definition by name and outlines are answered while the solution loads:
        from the last load's index, else (a first start) from syntax alone."""
        return (not self.restricted and self.early_index() is not None) or self._first_start()

    def answer_from_syntax_soon(self) -> None:
        """On a first start, begin the syntax view now rather than when the load starts: a front end calls
        this before its own imports, so the runtime starts and the files are parsed meanwhile."""
        if self._first_start():
            self._syntax.expect()
            self._syntax.start()

    def _first_start(self) -> bool:
        """No index of a last load of this trusted solution: the syntax view answers while MSBuild loads
        (not for file-based apps, whose load is their one file)."""
        return not self.restricted and not self.target.apps and self._early.source() is None

    def early_index(self) -> EarlySource | None:
        """The record of the last load of this solution that answers before the load (the on-disk index,
        opened once), or ``None``."""
        return self._early.source()

    def early_answer(self, query: Callable[..., Any], *args: Any, **kwargs: Any) -> Any | None:
        """The index's answer to ``query`` while it may answer, or ``None`` when only the live solution can."""
        return self._early.answer(query, args, kwargs, may_answer=self._index_may_answer(), loaded=self.is_loaded)

    def _retire_early_index(self) -> None:
        if not self._index_may_answer():
            self._early.retire()

    def _index_may_answer(self) -> bool:
        """While loading, and after it until the declarations of the loaded snapshot are built, as long as
        no file changed since the load."""
        if not self.is_loaded:
            return True
        snapshot = self._snapshot
        return snapshot is not None and snapshot.version == 1 and not snapshot.has_memo(DECLARATIONS_MEMO)

    # -- sharing the cores ----------------------------------------------------------------------

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

    def preferred_paths(self) -> list[str]:
        with self._activity:
            return list(self._preferred)

    def yield_to_queries(
        self,
        operation: Operation,
        quiet: float = 0.5,
        patience: float | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        """Wait while queries run (and until ``quiet`` seconds after the last): background work such as
        writing the index must not take the CPU from the answer a user waits for. With ``patience``,
        wait at most that long; with ``stop``, no longer once it is true."""
        began = time.monotonic()
        while True:
            operation.check()
            with self._activity:
                now = time.monotonic()
                idle = self._queries == 0 and now - self._last_query >= quiet
            if idle or (patience is not None and now - began >= patience) or (stop is not None and stop()):
                return
            time.sleep(0.05)

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
            assert self.runtime is not None
            solution, workspace, diagnostics = reloads.reopen(self.target, self.runtime, self.restricted, timeout)
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
            assert self.runtime is not None
            solution, diagnostics = reloads.reevaluate(
                self._workspace, self.snapshot().solution, project_files, self.target, self.runtime, timeout
            )
            # The reloaded projects' problems are the new ones; the others' stay.
            reloaded = {path.stem for path in project_files}
            previous = tuple(d for d in (self.report.diagnostics if self.report else ()) if d.project not in reloaded)
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
            f"Updating after {names} changed failed ({reason}); still answering from the last good solution.",
            "update",
            "Fix the file; the next change reloads it.",
        )
        kept = tuple(d for d in self.report.diagnostics if d is not self._failed_update)
        self._failed_update = problem
        self.report = dataclasses.replace(self.report, diagnostics=(*kept, problem))

    def _swap(self, solution: Any, diagnostics: tuple[WorkspaceDiagnostic, ...]) -> None:
        diagnostics = tuple(d for d in diagnostics if d is not self._failed_update)
        self._failed_update = None
        previous = self._snapshot
        self._snapshot = Snapshot(solution, self.root, previous.version + 1 if previous else 1, self.target.path)
        self._retire_early_index()
        if self.report is not None:
            self.report = dataclasses.replace(
                self.report, projects=loading.project_summaries(self._snapshot), diagnostics=diagnostics
            )
        self._notify(self._snapshot)

    def _notify(self, snapshot: Snapshot) -> None:
        python_heap.thaw_for_update()
        for listener in list(self._listeners):
            try:
                listener(snapshot)
            except Exception:  # a broken listener must not stop freshness for the others
                log.exception("snapshot listener failed")

    def close(self) -> None:
        self.closed = True  # the next open_session of this solution makes a new session
        if self._refreshing is not None:
            self._refreshing.cancel()
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher.join(2)
        for thread in (self._warmer, self._refresher):
            if thread is not None:
                thread.join(2)
        if self._workspace is not None:
            self._workspace.Dispose()
            self._workspace = None
