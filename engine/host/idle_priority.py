"""Background work at idle priority: the warm-up must never take the CPU or the disk from an answer.

An engine warms up for minutes after a load (compilations, the on-disk index, the call graph tests
reach). At normal priority that work shared the two cores equally with the next answer, or with another
program: on the 25-project solution a second session's first search took 8.7 s instead of 6.0 s while
an engine nobody used any more went on warming. The warm-up's threads therefore run at nice 19, under
``SCHED_IDLE`` and in the idle I/O class, which Linux applies per thread (a thread id is a process id to
these calls). A process these threads start inherits the same (MSBuild's evaluation host among them).
"""

from __future__ import annotations

import ctypes
import logging
import os
import platform
import threading

log = logging.getLogger("roslyn_tui.engine")

NICE = 19
_IOPRIO_SET = {"x86_64": 251, "aarch64": 30}
"""``ioprio_set``'s system call number (glibc has no wrapper)."""
_IOPRIO_WHO_PROCESS = 1
_IOPRIO_CLASS_IDLE = 3
_IOPRIO_CLASS_SHIFT = 13


def lower_this_thread() -> list[str]:
    """Put the calling thread at idle priority with what this OS has; returns what was applied
    (``nice 19``, ``SCHED_IDLE``, ``idle I/O``), for the log and the tests."""
    applied: list[str] = []
    thread = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, thread, NICE)
        applied.append(f"nice {NICE}")
    except (AttributeError, OSError):
        pass
    if hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(thread, os.SCHED_IDLE, os.sched_param(0))
            applied.append("SCHED_IDLE")
        except OSError:
            pass
    if _idle_io(thread):
        applied.append("idle I/O")
    log.debug("thread %d at idle priority: %s", thread, ", ".join(applied) or "nothing this OS offers")
    return applied


def _idle_io(thread: int) -> bool:
    number = _IOPRIO_SET.get(platform.machine())
    if number is None or platform.system() != "Linux":
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return False
    priority = _IOPRIO_CLASS_IDLE << _IOPRIO_CLASS_SHIFT
    return int(libc.syscall(number, _IOPRIO_WHO_PROCESS, thread, priority)) == 0
