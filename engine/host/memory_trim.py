"""Giving the memory of a burst of queries back to the system once the process is idle.

The .NET GC keeps the memory a burst of queries grew into committed for the next burst, and it only
decommits during later collections, which an idle process does not have: after the benchmark's queries on
25 projects the engine held 1.19 GB resident with 0.54 GB of live objects, and stayed there. A full
collection in aggressive mode compacts and decommits what is free (1.19 -> 0.99 GB in 0.5 s on two cores).
It blocks every .NET thread, so it runs only after ``IDLE_SECONDS`` without a query, and only when the heap
has grown by ``GROWTH_BYTES`` since the last trim: an idle process pays for it once per burst.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("roslyn_tui")

IDLE_SECONDS: float | None = 5.0
"""Quiet time before a trim; ``None`` turns the trimmer off (bench/perf_engine.py trims when it measures,
so a trim never lands in the other program's timed turn)."""
GROWTH_BYTES = 64 * 1024 * 1024

_lock = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()
_committed_after_trim = 0
trims = 0
"""Trims made in this process."""


def start(idle_seconds: Callable[[], float]) -> None:
    """Watch ``idle_seconds`` (seconds since the process last ran a query, 0 while one runs) from a
    background thread, once per process."""
    global _thread
    with _lock:
        if IDLE_SECONDS is None or _thread is not None or _stop.is_set():
            return
        _thread = threading.Thread(target=_watch, args=(idle_seconds,), name="roslyn-tui-trim", daemon=True)
        _thread.start()


def stop(timeout: float) -> None:
    """Stop the trimmer before the runtime shuts down (a thread inside a collection then would abort)."""
    _stop.set()
    if _thread is not None:
        _thread.join(timeout)


def trim() -> int:
    """Collect everything now, compacting and decommitting what is free; returns the bytes still committed."""
    from System import GC, GCCollectionMode  # type: ignore[import-not-found]

    global _committed_after_trim, trims
    GC.Collect(2, GCCollectionMode.Aggressive, True, True)
    _committed_after_trim = int(GC.GetGCMemoryInfo().TotalCommittedBytes)
    trims += 1
    return _committed_after_trim


def _watch(idle_seconds: Callable[[], float]) -> None:
    from System import GC  # type: ignore[import-not-found]

    while not _stop.wait(1.0):
        try:
            if IDLE_SECONDS is None or idle_seconds() < IDLE_SECONDS:
                continue
            # The figures of the last collection: none since the last trim means nothing grew.
            if GC.GetGCMemoryInfo().TotalCommittedBytes - _committed_after_trim > GROWTH_BYTES:
                trim()
        except Exception:  # trimming is an optimisation: never let it take the process down
            log.debug("memory trim failed", exc_info=True)
