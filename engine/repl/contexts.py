"""The REPL's contexts: each one a worker process holding its script state, with a spare worker
started ahead so a new context answers at once. Contexts idle too long are ended."""

from __future__ import annotations

import atexit
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument, OperationCancelled, ReplLimitHit, ReplUnavailable
from ..host.runtime import find_dotnet
from .limits import ReplLimits
from .worker_build import worker_assembly
from .worker_process import WorkerProcess

_CONTEXT_ID = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_SWEEP_SECONDS = 30.0


@dataclass
class Context:
    id: str
    worker: WorkerProcess
    created: float = field(default_factory=time.time)
    used: float = field(default_factory=time.time)
    submissions: int = 0
    solution_stamp: str | None = None
    solution_projects: tuple[str, ...] = ()
    """The project files whose assemblies the context references (those that compiled)."""
    packages: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """``Id Version`` -> the assembly paths referenced for it."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    history: list[Submitted] = field(default_factory=list)
    """Each submission that compiled and ran without an exception, in order: what an exported app holds."""


@dataclass(frozen=True)
class Submitted:
    code: str
    """As the user wrote it (``#:package`` lines included)."""
    packages: tuple[str, ...]
    """``Id@Version`` of each package its directives restored."""


class Contexts:
    """Every live context of this process."""

    def __init__(self, limits: ReplLimits | None = None) -> None:
        self.limits = limits or ReplLimits.from_environment()
        self._contexts: dict[str, Context] = {}
        self._lock = threading.Lock()
        self._spare: WorkerProcess | None = None
        self._spare_lock = threading.Lock()
        self._filling = False
        self._sweeper: threading.Thread | None = None
        self._closed = False
        self.info: dict[str, Any] | None = None
        """What the worker says about itself (framework, language version...), once known."""

    # -- contexts -------------------------------------------------------------------------------

    def get(self, context_id: str, cwd: Path) -> tuple[Context, bool]:
        """The context named ``context_id``, started when new; (context, whether it is new)."""
        check_id(context_id)
        self.sweep()
        with self._lock:
            context = self._contexts.get(context_id)
            if context is not None and context.worker.alive:
                return context, False
        worker = self._take_worker(cwd)
        context = Context(context_id, worker)
        with self._lock:
            self._contexts[context_id] = context
        self._ensure_sweeper()
        return context, True

    def find(self, context_id: str) -> Context | None:
        with self._lock:
            return self._contexts.get(context_id)

    def live(self) -> list[Context]:
        with self._lock:
            return [c for c in self._contexts.values() if c.worker.alive]

    def end(self, context_id: str | None) -> list[str]:
        """End one context (or all with ``None``); the ids ended."""
        with self._lock:
            ids = list(self._contexts) if context_id is None else [context_id] if context_id in self._contexts else []
            ended = [self._contexts.pop(i) for i in ids]
        for context in ended:
            context.worker.kill()
        return ids

    def ask(
        self,
        context: Context,
        request: dict[str, Any],
        *,
        limited: bool,
        cancelled: Any = None,
        before_kill: Callable[[], None] | None = None,
    ) -> dict[str, Any]:
        """One request to a context's worker; a worker killed or dead ends its context."""
        try:
            answer = context.worker.ask(request, limited=limited, cancelled=cancelled, before_kill=before_kill)
        except (ReplLimitHit, ReplUnavailable, OperationCancelled):
            with self._lock:
                if self._contexts.get(context.id) is context:
                    del self._contexts[context.id]
            context.worker.kill()
            raise
        context.used = time.time()
        return answer

    def sweep(self) -> None:
        """End contexts idle past the limit, and forget dead ones."""
        horizon = time.time() - self.limits.idle_minutes * 60
        with self._lock:
            stale = [c for c in self._contexts.values() if c.used < horizon or not c.worker.alive]
            for context in stale:
                del self._contexts[context.id]
        for context in stale:
            if not context.lock.locked():
                context.worker.kill()

    # -- workers --------------------------------------------------------------------------------

    def prepare(self) -> None:
        """Start a spare worker in the background (building the worker first if needed), unless one is
        ready or starting. Called after an answer, so the spare never competes with it for the CPU."""
        with self._spare_lock:
            if self._closed or self._filling or (self._spare is not None and self._spare.alive):
                return
            self._filling = True
        threading.Thread(target=self._fill_spare, name="repl-spare", daemon=True).start()

    @property
    def spare_ready(self) -> bool:
        """A warm worker is waiting for the next new context (none is half-started)."""
        with self._spare_lock:
            return not self._filling and self._spare is not None and self._spare.alive

    def discard_spare(self) -> None:
        """End the spare worker, so the next new context starts its own (the benchmark's cold case)."""
        with self._spare_lock:
            spare, self._spare = self._spare, None
        if spare is not None:
            spare.kill()

    def prepare_now(self) -> None:
        """Start the spare and wait until it is ready (so ``info`` is known)."""
        with self._spare_lock:
            if self._filling or (self._spare is not None and self._spare.alive):
                return
            self._filling = True
        self._fill_spare()

    def _take_worker(self, cwd: Path) -> WorkerProcess:
        with self._spare_lock:
            spare, self._spare = self._spare, None
        worker = spare if spare is not None and spare.alive else self._start_worker()
        worker.ask({"op": "cwd", "path": str(cwd)}, limited=False)
        return worker

    def _fill_spare(self) -> None:
        try:
            worker = self._start_worker()
            worker.ask({"op": "warm"}, limited=False)
        except ReplUnavailable:
            with self._spare_lock:
                self._filling = False
            return  # the next evaluation starts its own worker and reports the failure
        with self._spare_lock:
            self._filling = False
            if self._spare is None and not self._closed:
                self._spare = worker
                return
        worker.kill()

    def _start_worker(self) -> WorkerProcess:
        dotnet = find_dotnet().dotnet
        worker = WorkerProcess(dotnet, worker_assembly(dotnet), self.limits, Path.cwd())
        if self.info is None:
            self.info = worker.ask({"op": "info"}, limited=False)
        return worker

    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or not self._sweeper.is_alive():
            self._sweeper = threading.Thread(target=self._sweep_forever, name="repl-sweeper", daemon=True)
            self._sweeper.start()

    def _sweep_forever(self) -> None:
        while not self._closed:
            time.sleep(_SWEEP_SECONDS)
            self.sweep()

    def close(self) -> None:
        """End every context and the spare (at exit)."""
        self._closed = True
        self.end(None)
        with self._spare_lock:
            spare, self._spare = self._spare, None
        if spare is not None:
            spare.kill()


def check_id(context_id: str) -> None:
    if not _CONTEXT_ID.match(context_id):
        raise InvalidArgument(
            f"{context_id[:80]!r} is not a context id.", "Use 1-64 letters, digits, '.', '_' or '-' (or leave it out)."
        )


_shared: Contexts | None = None
_shared_lock = threading.Lock()


def shared() -> Contexts:
    """The contexts of this process (both front ends hold one REPL)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Contexts()
            atexit.register(_shared.close)
        return _shared
