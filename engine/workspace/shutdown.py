"""Stop every session's background threads before pythonnet shuts the runtime down.

A thread still inside a .NET call when the runtime unloads aborts the whole process.
"""

from __future__ import annotations

import atexit
import threading
import time
import weakref
from typing import Protocol

from ..host import memory_trim, python_heap
from ..host.interop import cancel_all


class Stoppable(Protocol):
    """A file watcher, as far as stopping it goes."""

    def stop(self) -> None: ...

    def join(self, timeout: float) -> None: ...


_warmers: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
_watchers: weakref.WeakSet[Stoppable] = weakref.WeakSet()
"""Every warm-up thread and file watcher started in this process, closed sessions' included."""
_registered = False


def track_warmer(thread: threading.Thread) -> None:
    _warmers.add(thread)


def track_watcher(watcher: Stoppable) -> None:
    _watchers.add(watcher)


def register_exit_handler() -> None:
    """Call once the runtime has started: atexit runs handlers last-in first-out, so registering after
    pythonnet's own handler puts ours before its shutdown."""
    global _registered
    if not _registered:
        atexit.register(_stop_background_work)
        _registered = True


def _stop_background_work() -> None:
    """Cancel every operation, stop the watchers, and wait for the threads.

    The warm-up stops at its next step once cancelled; one step (composing the providers) can take a
    few seconds, hence the long wait.
    """
    cancel_all()
    watchers = list(_watchers)
    for watcher in watchers:
        watcher.stop()
    deadline = time.monotonic() + 20
    for thread in list(_warmers):
        if thread.is_alive():
            thread.join(max(0.0, deadline - time.monotonic()))
    for watcher in watchers:
        watcher.join(max(0.0, deadline - time.monotonic()))
    memory_trim.stop(max(0.0, deadline - time.monotonic()))
    python_heap.thaw_for_exit()
