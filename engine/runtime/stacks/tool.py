"""``dotnet-stack``, the .NET diagnostics tool that prints every managed thread's stack of a running
process: installed from the feed into the user cache on first use (``dotnet tool install --tool-path``,
nothing global), then run on a process of a confined run."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ...errors import EngineError
from ...sandbox import allowlisted_environment
from ..tools import installed_tool


def dotnet_stack(dotnet: str) -> tuple[Path, bool]:
    """The tool's path, and whether it was installed just now."""
    return installed_tool("dotnet-stack", dotnet)


def report(tool: Path, pid: int, temp: str | None = None, seconds: float = 30.0) -> str:
    """``dotnet-stack report -p PID``: every managed thread's stack, the innermost frame first. ``pid``
    and ``temp`` are the process's own view (its namespace's pid, its ``TMPDIR``): the tool finds the
    process's diagnostics socket by them."""
    settings = {"DOTNET_CLI_TELEMETRY_OPTOUT": "1", **({"TMPDIR": temp} if temp else {})}
    done = subprocess.run(
        [str(tool), "report", "-p", str(pid)],
        env=allowlisted_environment(settings),
        capture_output=True,
        text=True,
        timeout=seconds,
    )
    if done.returncode:
        raise EngineError(
            f"dotnet-stack could not read process {pid}: {(done.stderr or done.stdout).strip()[-300:]}",
            "The process may have ended already.",
        )
    return done.stdout
