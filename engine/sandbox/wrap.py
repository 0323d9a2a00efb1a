"""A command wrapped in its confinement: the command line to start, its environment, and its own
scratch directory (and pids cgroup), removed when the run ends."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..host.cache import cache_dir
from .cgroup import make_group, remove_group
from .environment import allowlisted_environment
from .probe import NAMESPACES, Confinement, confinement
from .processes import owner_gone

_counter = itertools.count(1)

_INSIDE = r"""
set -e
scratch=$1; processes=$2; shift 2
mount --bind "$scratch" "$scratch"
while read -r _ _ _ _ point _; do
  point=$(printf '%b' "$point")  # mountinfo writes a space in a path as \040
  case "$point" in /proc|/proc/*|/dev|/dev/pts|/dev/pts/*|"$scratch") continue;; esac
  mount -o remount,bind,ro "$point" 2>/dev/null || {
    echo "confinement: $point could not be made read-only; nothing was run" >&2; exit 97; }
done < /proc/self/mountinfo
exec prlimit --nproc="$processes" -- "$@"
"""
"""Run as root of the new user namespace, before the command: the scratch directory stays writable (a
mount of its own), every other mount becomes read-only (the solution, the user's home, /tmp, /dev/shm),
then the process limit is set and the command takes the namespace's PID 1: when it ends, the kernel
ends every process left in the namespace."""

_JOIN_GROUP = 'echo $$ > "$0/cgroup.procs" && exec "$@"'
"""Run in the server's namespace: the wrapper joins the pids cgroup before anything is started."""


@dataclass
class Confined:
    command: list[str]
    environment: dict[str, str]
    scratch: Path
    confinement: Confinement
    network: bool
    group: Path | None = None
    _cleaned: bool = field(default=False, repr=False)

    @property
    def description(self) -> str:
        return self.confinement.describe(self.network)

    def cleanup(self) -> None:
        """Remove the scratch directory and the cgroup once the run's processes ended."""
        if self._cleaned:
            return
        self._cleaned = True
        if self.group is not None:
            deadline = time.monotonic() + 2
            while self.group.exists() and time.monotonic() < deadline:
                remove_group(self.group)  # busy while the namespace's last processes exit
                if self.group.exists():
                    time.sleep(0.02)
        shutil.rmtree(self.scratch, ignore_errors=True)


def confined(command: list[str], *, network: bool, processes: int, **environment: str) -> Confined:
    """``command`` to run confined (or, where no confinement is available, as it is) with its scratch
    directory made and an allowlisted environment plus ``environment``."""
    scratch = _new_scratch()
    env = allowlisted_environment(environment, scratch)
    found = confinement()
    if not found.active:
        return Confined(list(command), env, scratch, found, network=True)
    assert found.unshare is not None
    namespaces = [*NAMESPACES, *([] if network else ["--net"])]
    wrapped = [found.unshare, *namespaces, "sh", "-c", _INSIDE, "confined", str(scratch), str(processes), *command]
    group = make_group(processes) if found.process_limit == "cgroup" else None
    if group is not None:
        wrapped = ["sh", "-c", _JOIN_GROUP, str(group), *wrapped]
    return Confined(wrapped, env, scratch, found, network, group)


def _new_scratch() -> Path:
    top = cache_dir("scratch")
    _remove_stale(top)
    scratch = top / f"{os.getpid()}-{next(_counter)}"
    scratch.mkdir(parents=True, exist_ok=True)
    return scratch


@functools.cache
def _remove_stale(top: Path) -> None:
    """Scratch directories of servers that were killed before they could remove them: looked for once
    per process, not at every new worker."""
    with contextlib.suppress(OSError):
        for old in top.iterdir():
            if owner_gone(old.name):
                shutil.rmtree(old, ignore_errors=True)
