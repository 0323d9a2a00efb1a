"""The stacks of a stuck run, taken before it is stopped: every .NET process of the run's session (the
test host, an app) that listens for diagnostics, read with ``dotnet-stack``; the build's own processes
(``dotnet test``, MSBuild) are left out, as their stacks say nothing of the code that hangs."""

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
    for pid, command in _processes(group):
        try:
            found.append((pid, command, report(tool, pid)))
        except (EngineError, OSError) as error:
            problems.append(str(error))
            log.info("stacks of %d: %s", pid, error)
    problem = "" if found else "; ".join(problems) or "no .NET process of the run was still running"
    return CapturedStacks(tuple(found), installed, problem)


def _processes(group: int) -> list[tuple[int, str]]:
    """The processes of session ``group`` with a diagnostics socket, but the build's own."""
    sockets = {name.split("-")[2] for name in os.listdir(_temp()) if name.startswith("dotnet-diagnostic-")}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or entry.name not in sockets:
            continue
        try:
            stat = (entry / "stat").read_text()
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        session = int(stat[stat.rindex(")") + 2 :].split()[3])
        command = " ".join(argv).strip()
        driver = any(part in command for part in _DRIVERS) or (len(argv) > 1 and argv[1] in _VERBS)
        if session == group and not driver:
            found.append((int(entry.name), command))
    return sorted(found)


def _temp() -> str:
    return os.environ.get("TMPDIR") or "/tmp"
