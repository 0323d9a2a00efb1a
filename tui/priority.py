"""Keys before background work: on Linux, every thread of the process but the event loop's runs at a
lower priority (a higher nice value), so the compiler, the analyzers, the index writer and the code
lenses, busy on every core, still leave the loop the CPU a key needs at once. Threads start all the time
(.NET's pool grows and shrinks), so the threads are looked at again every second. Child processes
started from a background thread (MSBuild's build host, a test run) inherit its niceness: they are
background work too."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path

BACKGROUND_NICENESS = 8
"""How much lower than the event loop the other threads run: CFS gives a nice-0 thread about ten times
the CPU of a nice-8 one when both want it, and still shares it fairly when the loop is idle."""
TASKS = Path("/proc/self/task")


class EventLoopFirst:
    """Call ``favour()`` from the event loop's thread, then ``again()`` every second or so."""

    def __init__(self) -> None:
        self.loop_thread = threading.get_native_id()
        self.lowered: set[int] = set()
        self.working = sys.platform.startswith("linux") and TASKS.is_dir()

    def again(self) -> None:
        """Lower the threads started since the last call."""
        if not self.working:
            return
        try:
            threads = {int(name) for name in os.listdir(TASKS)}
        except OSError:
            return
        self.lowered &= threads
        for thread in threads - self.lowered - {self.loop_thread}:
            with contextlib.suppress(OSError):  # it has ended since the listing
                # On Linux a thread ID given to setpriority is that one thread, not the process.
                niceness = max(os.getpriority(os.PRIO_PROCESS, thread), BACKGROUND_NICENESS)
                os.setpriority(os.PRIO_PROCESS, thread, niceness)
            self.lowered.add(thread)
