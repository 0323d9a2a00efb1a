"""The .NET diagnostics tools the runtime features use (``dotnet-stack``, ``dotnet-trace``): installed from
the feed into the user cache on first use (``dotnet tool install --tool-path``, nothing global), each at
the version named here, so a run says when it installed one."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from ..errors import EngineError
from ..host.cache import cache_dir
from ..sandbox import allowlisted_environment

VERSIONS = {"dotnet-stack": "10.0.750501", "dotnet-trace": "10.0.750501"}
"""The feed's newest when this was written; they read .NET 8 to 10 processes."""
_lock = threading.Lock()


def installed_tool(name: str, dotnet: str) -> tuple[Path, bool]:
    """The tool's path, and whether it was installed just now (the answer says so).

    Raises:
        EngineError: it could not be installed (no feed, no such version).
    """
    version = VERSIONS[name]
    folder = cache_dir("tools", f"{name}-{version}")
    tool = folder / name
    with _lock:
        if tool.exists():
            return tool, False
        done = subprocess.run(
            [dotnet, "tool", "install", name, "--version", version, "--tool-path", str(folder)],
            env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}),
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode or not tool.exists():
            raise EngineError(
                f"{name} {version} could not be installed: {(done.stderr or done.stdout).strip()[-400:]}",
                f"Check that the NuGet feed is reachable; {name} is needed once.",
            )
        return tool, True
