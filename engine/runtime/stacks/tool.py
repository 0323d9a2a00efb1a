"""``dotnet-stack``, the .NET diagnostics tool that prints every managed thread's stack of a running
process: installed from the feed into the user cache on first use (``dotnet tool install --tool-path``,
nothing global), then run on a process of a confined run."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from ...errors import EngineError
from ...host.cache import cache_dir
from ...sandbox import allowlisted_environment

VERSION = "10.0.750501"
"""The version installed: the feed's newest when this was written (an older one reads .NET 10 processes too)."""
_lock = threading.Lock()


def dotnet_stack(dotnet: str) -> tuple[Path, bool]:
    """The tool's path, and whether it was installed just now (the answer says so).

    Raises:
        EngineError: it could not be installed (no feed, no such version).
    """
    folder = cache_dir("tools", f"dotnet-stack-{VERSION}")
    tool = folder / "dotnet-stack"
    with _lock:
        if tool.exists():
            return tool, False
        done = subprocess.run(
            [dotnet, "tool", "install", "dotnet-stack", "--version", VERSION, "--tool-path", str(folder)],
            env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}),
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode or not tool.exists():
            raise EngineError(
                f"dotnet-stack {VERSION} could not be installed: {(done.stderr or done.stdout).strip()[-400:]}",
                "Check that the NuGet feed is reachable; the stacks of a stuck run need it once.",
            )
        return tool, True


def report(tool: Path, pid: int, seconds: float = 30.0) -> str:
    """``dotnet-stack report -p PID``: every managed thread's stack, the innermost frame first."""
    done = subprocess.run(
        [str(tool), "report", "-p", str(pid)],
        env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1"}),
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
