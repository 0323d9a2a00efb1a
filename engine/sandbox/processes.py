"""A process and everything it started, as /proc shows them."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

_PAGE = os.sysconf("SC_PAGE_SIZE")


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (those that left the tree by double-forking into a PID
    namespace's init are still below the confined run's first process)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            tasks = list(Path(f"/proc/{current}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                pending.extend(int(child) for child in (task / "children").read_text().split())
            except (OSError, ValueError):
                continue
    return found


def resident_bytes(pid: int) -> int:
    """The resident memory of ``pid`` and its descendants."""
    total = 0
    for member in descendants(pid):
        try:
            with open(f"/proc/{member}/statm") as statm:
                total += int(statm.read().split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            continue
    return total


def end_group(process: subprocess.Popen[Any]) -> None:
    """End ``process`` and everything in its process group at once (a confined run's namespace goes
    with its first process), and reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def owner_gone(name: str) -> bool:
    """Whether ``name`` (``<pid>-...``, a scratch directory's or a cgroup's) belongs to a process of
    another server that no longer runs: left behind by a server that was killed."""
    pid = name.split("-")[0]
    return pid.isdigit() and int(pid) != os.getpid() and not Path(f"/proc/{pid}").exists()
