"""Keeping the engine's long-lived Python objects out of the cyclic collector's walks.

Once a solution is warm the process holds ~100k tracked Python objects (providers, declaration tables,
summaries) that live as long as it does. CPython's full collection walks all of them, ~40 ms a walk on
this kind of machine, and a query that builds 12,600 call sites sets off one or two: answers of the same
query varied from 20 to 180 ms in their Python part. Frozen objects (``gc.freeze``) are left out of the
walks; the rest is still collected as usual.

A frozen object is never freed as part of a reference cycle, so a published update thaws everything (the
snapshot it replaces may only be freed that way), and the heap is frozen again once updates have been
quiet for ``QUIET_SECONDS``.
"""

from __future__ import annotations

import gc
import threading

QUIET_SECONDS = 10.0

_lock = threading.Lock()
_timer: threading.Timer | None = None
_exiting = False


def freeze() -> None:
    """Collect what is garbage now, then freeze every object still alive."""
    with _lock:
        if _exiting:
            return
        gc.collect()
        gc.freeze()


def thaw_for_update() -> None:
    """Hand the frozen objects back to the collector; freeze again after ``QUIET_SECONDS`` without another update."""
    global _timer
    with _lock:
        gc.unfreeze()
        if _exiting:
            return
        if _timer is not None:
            _timer.cancel()
        _timer = threading.Timer(QUIET_SECONDS, freeze)
        _timer.name = "roslyn-tui-heap"
        _timer.daemon = True
        _timer.start()


def thaw_for_exit() -> None:
    """Stop freezing and thaw, before pythonnet shuts down: its shutdown then sees the heap as CPython left it."""
    global _timer, _exiting
    with _lock:
        _exiting = True
        if _timer is not None:
            _timer.cancel()
            _timer = None
        gc.unfreeze()
