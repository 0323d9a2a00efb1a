"""The process tree under this one: what ``dotnet restore``, ``dotnet build`` and MSBuild's BuildHost
leave running, so a front end can end them all when it stops; but not a shared engine it started, which
serves the front ends that come later and leaves by itself once idle (``ROSLYN_ENGINE_IDLE_SECONDS``)."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from engine_host.launch import PACKAGE as ENGINE_PACKAGE


def descendants(pid: int | None = None, spared: Callable[[int], bool] = lambda _: False) -> list[int]:
    """Every process below ``pid`` (this process by default), children first, from ``/proc``; a process
    ``spared`` says to keep is left out with everything below it."""
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
        children = [child for parent in frontier for child in parents.get(parent, []) if not spared(child)]
        found.extend(children)
        frontier = children
    return found


def end_descendants(grace: float = 1.0) -> None:
    """Ask every descendant to stop (SIGTERM), then kill what is left after ``grace`` seconds; a shared
    engine this process started, and what runs under it, are not this process's to end."""
    victims = descendants(spared=is_shared_engine)
    for pid in victims:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(_alive(pid) for pid in victims):
        time.sleep(0.05)
    for pid in victims + descendants(spared=is_shared_engine):  # anything started meanwhile too
        _signal(pid, signal.SIGKILL)


def is_shared_engine(pid: int) -> bool:
    """Whether ``pid`` runs ``python -m engine_host``: a solution's shared engine."""
    try:
        line = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return any(pair == (b"-m", ENGINE_PACKAGE.encode()) for pair in itertools.pairwise(line))


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
