"""The process tree under this one: what ``dotnet restore``, ``dotnet build`` and MSBuild's BuildHost
leave running, so a front end can end them all when it stops."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from pathlib import Path


def descendants(pid: int | None = None) -> list[int]:
    """Every process below ``pid`` (this process by default), children first, from ``/proc``."""
    root = os.getpid() if pid is None else pid
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile, or not readable
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    frontier = [root]
    while frontier:
        children = [child for parent in frontier for child in parents.get(parent, [])]
        found.extend(children)
        frontier = children
    return found


def end_descendants(grace: float = 1.0) -> None:
    """Ask every descendant to stop (SIGTERM), then kill what is left after ``grace`` seconds."""
    victims = descendants()
    for pid in victims:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(_alive(pid) for pid in victims):
        time.sleep(0.05)
    for pid in victims + descendants():  # anything started meanwhile too
        _signal(pid, signal.SIGKILL)


_exiting = threading.Event()


def exiting() -> bool:
    """Whether the process is ending (``exit_now``): a load or evaluation that fails now failed because
    its children were ended, which is not worth a warning."""
    return _exiting.is_set()


def exit_now(status: int = 0) -> None:
    """End every child process, then this one, without unloading the .NET runtime.

    Unloading a runtime with threads still inside Roslyn can take many seconds, or abort; a front
    end that is done has nothing left to flush but its standard streams.
    """
    from .interop import cancel_all

    _exiting.set()
    try:
        # First, so that work still running (an evaluation whose BuildHost is about to be ended) knows
        # it is being stopped rather than failing.
        cancel_all()
        end_descendants(grace=0.5)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _signal(pid: int, which: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, which)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
