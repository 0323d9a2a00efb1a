"""The stacks of a stuck run, taken before it is stopped: every .NET process of the run's session (the
test host, an app) that listens for diagnostics, read with ``dotnet-stack``; the build's own processes
(``dotnet test``, MSBuild) are left out, as their stacks say nothing of the code that hangs.

A confined app runs in PID and mount namespaces of its own: the runtime names its diagnostics socket by
the pid it sees (``NSpid``'s last) and puts it in its own ``TMPDIR`` (the run's scratch), so each
process's socket is looked for there, and ``dotnet-stack`` is pointed at it the same way."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ...errors import EngineError
from .tool import dotnet_stack, report

log = logging.getLogger("roslyn_tui")
_DRIVERS = ("MSBuild.dll", "vstest.console.dll", "VBCSCompiler", "/sdk/")
"""Parts of the command lines of processes that run the run, not the code it runs."""
_VERBS = ("test", "build", "run", "restore", "msbuild")
"""``dotnet <verb>``: the CLI driving the run."""


@dataclass(frozen=True)
class CapturedStacks:
    """What ``dotnet-stack`` printed for each process of a stuck run."""

    processes: tuple[tuple[int, str, str], ...]
    """(pid, command line, the report)."""
    installed: bool = False
    """dotnet-stack was installed for this (into the user cache)."""
    problem: str = ""
    """Why no stack could be read, when none was."""


def capture(group: int, dotnet: str) -> CapturedStacks:
    """The stacks of every .NET process in the session ``group`` that runs the user's code."""
    try:
        tool, installed = dotnet_stack(dotnet)
    except EngineError as error:
        return CapturedStacks((), problem=error.message)
    found = []
    problems = []
    for process in listening(group):
        try:
            found.append((process.pid, process.command, report(tool, process.seen_as, process.temp)))
        except (EngineError, OSError) as error:
            problems.append(str(error))
            log.info("stacks of %d: %s", process.pid, error)
    problem = "" if found else "; ".join(problems) or "no .NET process of the run was still running"
    return CapturedStacks(tuple(found), installed, problem)


@dataclass(frozen=True)
class Listening:
    """A process of a run whose runtime listens for diagnostics (a test host, an app, the REPL's worker)."""

    pid: int
    seen_as: int
    """The pid the process sees itself as (in its PID namespace): its socket's name has that one."""
    temp: str
    """Its ``TMPDIR``, where its socket is."""
    command: str


def listening(group: int) -> list[Listening]:
    """The processes of session ``group`` with a diagnostics socket, but the build's own."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if int(stat[stat.rindex(")") + 2 :].split()[3]) != group:
                continue
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            seen_as = _seen_as(entry)
            temp = _environment(entry).get("TMPDIR") or "/tmp"
        except (OSError, ValueError):
            continue
        command = " ".join(argv).strip()
        driver = any(part in command for part in _DRIVERS) or (len(argv) > 1 and argv[1] in _VERBS)
        if not driver and _has_socket(temp, seen_as):
            found.append(Listening(int(entry.name), seen_as, temp, command))
    return sorted(found, key=lambda p: p.pid)


def _seen_as(entry: Path) -> int:
    """The innermost of ``NSpid``: the pid in the process's own namespace."""
    for line in (entry / "status").read_text().splitlines():
        if line.startswith("NSpid:"):
            return int(line.split()[-1])
    return int(entry.name)


def _environment(entry: Path) -> dict[str, str]:
    pairs = (entry / "environ").read_bytes().decode(errors="replace").split("\0")
    return dict(pair.split("=", 1) for pair in pairs if "=" in pair)


def _has_socket(temp: str, pid: int) -> bool:
    try:
        return any(name.startswith(f"dotnet-diagnostic-{pid}-") for name in os.listdir(temp))
    except OSError:
        return False
