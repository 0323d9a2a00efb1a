"""Which confinement this machine allows, found out once per process by trying it."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

from .cgroup import pids_hierarchy

NAMESPACES = ("--user", "--map-root-user", "--pid", "--fork", "--kill-child", "--mount", "--mount-proc")
"""unshare's options for every confined run; ``--net`` is added unless the network is allowed."""


@dataclass(frozen=True)
class Confinement:
    kind: str
    """``namespaces`` (Linux user, PID, mount and network namespaces via unshare) or ``none``."""
    unshare: str | None
    process_limit: str
    """How the number of processes is held: ``rlimit`` (RLIMIT_NPROC inside the namespace), ``cgroup``
    (a pids cgroup, where the server runs as root and RLIMIT_NPROC does not hold), or ``none``."""
    why_not: str = ""
    """When ``kind`` is ``none``: what is missing."""

    @property
    def active(self) -> bool:
        return self.kind == "namespaces"

    def describe(self, network: bool) -> str:
        """One line for repl_info, the REPL screen and the docs."""
        if not self.active:
            return (
                f"not confined ({self.why_not}): an allowlisted environment and time/memory limits only; "
                "the code can read and write what this user can and reach the network"
            )
        limit = {"rlimit": "a process limit", "cgroup": "a process limit (pids cgroup)"}.get(
            self.process_limit, "no process limit"
        )
        net = "network allowed (ROSLYN_REPL_NETWORK=1)" if network else "no network"
        return (
            f"confined (Linux namespaces): read-only file system except a scratch directory, {net}, "
            f"{limit}, every process ended with its context, an allowlisted environment"
        )


@functools.cache
def confinement() -> Confinement:
    """Tried once: ``unshare`` with every namespace a confined run uses, running ``true``."""
    if not sys.platform.startswith("linux"):
        return Confinement("none", None, "none", f"namespaces are Linux's; this is {sys.platform}")
    unshare = shutil.which("unshare")
    if unshare is None or shutil.which("prlimit") is None:
        return Confinement("none", None, "none", "util-linux's unshare and prlimit are not installed")
    try:
        trial = subprocess.run(
            [unshare, *NAMESPACES, "--net", "true"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return Confinement("none", None, "none", f"unshare could not run: {error}")
    if trial.returncode != 0:
        reason = trial.stderr.strip().splitlines()[-1] if trial.stderr.strip() else f"exit code {trial.returncode}"
        return Confinement("none", None, "none", f"user namespaces are not allowed here ({reason})")
    # RLIMIT_NPROC does not hold for root (the kernel exempts uid 0): there a pids cgroup does.
    limit = "rlimit" if os.geteuid() != 0 else "cgroup" if pids_hierarchy() is not None else "none"
    return Confinement("namespaces", unshare, limit)
