"""A pids cgroup per confined run, for a server running as root, where the kernel does not enforce
RLIMIT_NPROC. Only cgroup v1's pids hierarchy (or v2's root, whose children may use pids) is used: a
delegated v2 subtree is the service manager's to arrange."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
from pathlib import Path

from .processes import owner_gone

_V1 = Path("/sys/fs/cgroup/pids")
_V2 = Path("/sys/fs/cgroup")
_PREFIX = "roslyn-tui-"
_counter = itertools.count(1)


def pids_hierarchy() -> Path | None:
    """Where this process may make pids cgroups, or ``None``."""
    if (_V1 / "cgroup.procs").exists() and os.access(_V1, os.W_OK):
        return _V1
    controllers = _V2 / "cgroup.subtree_control"
    with contextlib.suppress(OSError):
        if "pids" in controllers.read_text().split() and os.access(_V2, os.W_OK):
            return _V2
    return None


def make_group(limit: int) -> Path | None:
    """A new pids cgroup allowing ``limit`` tasks (threads count), or ``None`` when none can be made."""
    top = pids_hierarchy()
    if top is None:
        return None
    _remove_stale(top)
    group = top / f"{_PREFIX}{os.getpid()}-{next(_counter)}"
    try:
        group.mkdir()
        (group / "pids.max").write_text(str(limit))
    except OSError:
        remove_group(group)
        return None
    return group


def remove_group(group: Path | None) -> None:
    """Remove an emptied cgroup (its processes ended)."""
    if group is not None:
        with contextlib.suppress(OSError):
            group.rmdir()


@functools.cache
def _remove_stale(top: Path) -> None:
    """Groups left by servers that were killed (empty once their processes ended): looked for once
    per process, not at every new worker."""
    with contextlib.suppress(OSError):
        for group in top.glob(f"{_PREFIX}*"):
            if owner_gone(group.name[len(_PREFIX) :]):
                remove_group(group)
