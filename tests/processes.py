"""Waiting for a run's process instead of for a fixed time: a test that stops a deadlocked run stops it
once its test host is up, not after a guess long enough for the slowest machine."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path


def running(*parts: str) -> bool:
    """Whether a process runs whose command line holds each of ``parts``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if all(part in command for part in parts):
            return True
    return False


def held_for(seconds: float, condition: Callable[[], bool]) -> Callable[[], bool]:
    """A check that turns true once ``condition`` has been true for ``seconds`` (a test host that has
    run that long has reached its deadlock)."""
    since: list[float] = []

    def check() -> bool:
        if not since and condition():
            since.append(time.monotonic())
        return bool(since) and time.monotonic() - since[0] >= seconds

    return check


def host_of_the_tests(root: Path) -> tuple[str, str]:
    """What the command line of the test host of the solution at ``root`` holds."""
    return ("testhost", str(root))


def at_rest(*parts: str, quiet: float = 2.0) -> Callable[[], bool]:
    """A check that turns true once a process whose command line holds each of ``parts`` has run for
    three seconds and spent next to no CPU for the last ``quiet`` of them: a run that has reached its
    deadlock. Running for a fixed time is not enough: a slow machine is still starting the test host
    then, and its stacks would not show the threads at their locks yet."""
    samples: list[tuple[float, float]] = []

    def check() -> bool:
        if not running(*parts):
            samples.clear()
            return False
        now = time.monotonic()
        samples.append((now, cpu_seconds(*parts)))
        then = [cpu for at, cpu in samples if now - at >= quiet]
        return now - samples[0][0] >= 3 and bool(then) and samples[-1][1] - then[-1] < 0.05

    return check


def cpu_seconds(*parts: str, under: int | None = None) -> float:
    """The CPU time (user and system) of the processes whose command line holds each of ``parts``;
    with ``under``, only those descended from that process (another test's runs left out)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stats[int(entry.name)] = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue

    def descends(pid: int) -> bool:
        seen = set()
        while pid in stats and pid not in seen:
            seen.add(pid)
            if pid == under:
                return True
            pid = int(stats[pid][1])  # the parent (field 4 of stat)
        return False

    total = 0.0
    for pid, fields in stats.items():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if all(part in command for part in parts) and (under is None or descends(pid)):
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime (fields 14 and 15 of stat)
    return total
