"""Whether anybody is waiting on this process's answers.

A shared engine whose last front end has gone stays up for the next one (``ROSLYN_ENGINE_IDLE_SECONDS``).
Meanwhile it does only what the next start needs, the on-disk index, and then nothing: the warm-up's
other steps wait here until a front end attaches again. An engine in a front end's own process, or one
serving HTTP (whose clients are never attached), is always attended.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..host.interop import Operation

_lock = threading.Lock()
_attended: Callable[[], bool] = lambda: True  # noqa: E731

POLL_SECONDS = 0.5


def attended_when(predicate: Callable[[], bool]) -> None:
    """From now on, this process is attended while ``predicate()`` is true (the shared engine's count
    of attached front ends)."""
    global _attended
    with _lock:
        _attended = predicate


def attended() -> bool:
    """Whether a front end is there to ask."""
    with _lock:
        predicate = _attended
    return bool(predicate())


def wait_attended(operation: Operation) -> None:
    """Return once a front end is there (at once when one is); raises if ``operation`` is cancelled
    meanwhile. The time waited does not count against its deadline."""
    while not attended():
        operation.idle(POLL_SECONDS)
