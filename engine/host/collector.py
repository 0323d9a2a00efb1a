"""Python's cyclic garbage collection, on a thread of its own once .NET is in the process.

CPython collects on whichever thread allocates past a threshold, and the collection runs the finalizers
of what it frees. Some finalizers let go of the GIL: an SQLite statement's, a socket's (so an event
loop left unclosed), any ``__del__`` that waits. When the allocating thread was inside pythonnet making
a Python type for a .NET one, another thread took the GIL and waited on the runtime's lock the first
thread held, which waited for the GIL: the process hung. It was seen in CI (an event loop's ``__del__``
on the warm-up thread, the main thread listing diagnostics) and under gdb (``stmt_dealloc -> take_gil``
under ``PyType_Ready``); the script in ``tests/test_garbage_collection.py`` made it happen every time.

So the collector never runs on a thread that allocates: automatic collection is off, and this thread
does what it would have done, by the same thresholds, at a point where it holds nothing.
"""

from __future__ import annotations

import gc
import threading
import time

POLL_SECONDS = 0.05
# CPython defers a full collection until a quarter of the long-lived objects are new, a count it does
# not expose; at most one a second bounds their cost instead.
FULL_EVERY_SECONDS = 1.0

_lock = threading.Lock()
_thread: threading.Thread | None = None


def start() -> None:
    """Move collection to the collector thread (once per process; later calls do nothing)."""
    global _thread
    with _lock:
        if _thread is not None:
            return
        gc.disable()
        _thread = threading.Thread(target=_collect_forever, name="roslyn-tui-gc", daemon=True)
        _thread.start()


def _collect_forever() -> None:
    last_full = time.monotonic()
    while True:
        time.sleep(POLL_SECONDS)
        generation = due(gc.get_count(), gc.get_threshold())
        if generation == 2:
            if time.monotonic() - last_full < FULL_EVERY_SECONDS:
                generation = 1
            else:
                last_full = time.monotonic()
        if generation is not None:
            gc.collect(generation)


def due(counts: tuple[int, int, int], thresholds: tuple[int, ...]) -> int | None:
    """The oldest generation CPython would collect now, as ``collect_generations`` picks it: a
    generation is due when its count passed its threshold (a threshold of 0 turns collection off)."""
    if not thresholds or thresholds[0] == 0:
        return None
    for generation in (2, 1, 0):
        if counts[generation] > thresholds[generation]:
            return generation
    return None
