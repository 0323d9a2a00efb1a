"""Waiting on .NET tasks from Python without deadlocks, with timeouts and cancellation.

``task.Result`` holds the GIL while it blocks, so a task that calls back into Python (a progress
report, an assembly-resolve hook) hangs forever. ``task.Wait(ms)`` is a method call, which
releases the GIL: we wait in short slices, checking the deadline and cancellation between them.
"""

from __future__ import annotations

import threading
import time
import weakref
from typing import Any

from ..errors import OperationCancelled, OperationTimedOut

_SLICE_MS = 50
_live: weakref.WeakSet[Operation] = weakref.WeakSet()


class Operation:
    """One engine operation: a deadline, and a cancellation token Roslyn can observe.

    Args:
        what: words naming the operation, used in timeout messages.
        timeout: seconds until the operation gives up; ``None`` waits forever.
    """

    def __init__(self, what: str, timeout: float | None) -> None:
        from System.Threading import CancellationTokenSource  # type: ignore[import-not-found]

        self.what = what
        self.timeout = timeout
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self._source = CancellationTokenSource()
        self._cancelled = threading.Event()
        self.thread = threading.get_ident()
        """The thread that started it: ``cancel_thread`` stops every operation a worker thread runs."""
        _live.add(self)

    @property
    def token(self) -> Any:
        return self._source.Token

    def cancel(self) -> None:
        """Ask the operation to stop; any thread may call it."""
        self._cancelled.set()
        self._source.Cancel()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self) -> None:
        """Raise if the operation was cancelled or ran past its deadline."""
        if self._cancelled.is_set():
            raise OperationCancelled(f"{self.what} was cancelled.", "Run it again when you need it.")
        if self.deadline is not None and time.monotonic() > self.deadline:
            self._source.Cancel()
            raise OperationTimedOut(
                f"{self.what} ran past its {self.timeout:g} s limit and was stopped.",
                "Narrow the request (a smaller scope, a lower limit or depth), or raise the timeout.",
            )

    def pause(self, seconds: float) -> None:
        """Sleep ``seconds``, or raise as soon as the operation is cancelled meanwhile."""
        self._cancelled.wait(seconds)
        self.check()

    def idle(self, seconds: float) -> None:
        """Sleep ``seconds`` that do not count against the deadline (waiting for somebody to serve, not
        working); raise as soon as the operation is cancelled meanwhile."""
        self._cancelled.wait(seconds)
        if self.deadline is not None:
            self.deadline += seconds
        self.check()

    def wait(self, task: Any) -> Any:
        """Wait for a .NET ``Task`` and return its result (``None`` for a plain ``Task``)."""
        from System import AggregateException  # type: ignore[import-not-found]

        try:
            while not task.Wait(_SLICE_MS):
                self.check()
        except AggregateException as error:
            self.check()
            raise _unwrap(error) from None
        except Exception:
            self.check()
            raise
        self.check()
        return task.Result if hasattr(task, "Result") else None


def _unwrap(error: Any) -> Exception:
    inner = error.InnerException if error.InnerException is not None else error
    from System import OperationCanceledException  # type: ignore[import-not-found]

    if isinstance(inner, OperationCanceledException):
        return OperationCancelled("The operation was cancelled.", "Run it again when you need it.")
    return RuntimeError(f"{inner.GetType().Name}: {inner.Message}")


def run(what: str, timeout: float | None, task_factory: Any) -> Any:
    """Start a task with a fresh operation's token and wait for it."""
    operation = Operation(what, timeout)
    return operation.wait(task_factory(operation.token))


def cancel_thread(thread: int | None) -> None:
    """Cancel every operation still running that ``thread`` started (a request the client cancelled)."""
    for operation in list(_live):
        if operation.thread == thread:
            operation.cancel()


def cancel_all() -> None:
    """Cancel every operation still running (used at interpreter exit, before the runtime goes)."""
    for operation in list(_live):
        operation.cancel()
