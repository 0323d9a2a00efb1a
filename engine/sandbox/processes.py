"""A process and everything it started, as /proc shows them."""

from __future__ import annotations

import os
from pathlib import Path

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
