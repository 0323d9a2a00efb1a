"""The .NET SDKs and runtimes ``dotnet`` has, and a ``global.json`` that pins an SDK this machine does
not have: ``dotnet`` then starts no command ("A compatible .NET SDK was not found"). Said plainly
wherever it happens (a load, a build, a test run): which SDK is pinned, by which file, and which are
installed."""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

_REQUESTED_SDK = re.compile(r"Requested SDK version: (\S+)")
_GLOBAL_JSON = re.compile(r"global\.json file: (.+)")


def missing_sdk(output: str, dotnet: str) -> str:
    """Why ``dotnet`` did not start a command, when a ``global.json`` pins an SDK that is not installed:
    which is pinned, where, and which are installed; empty otherwise."""
    requested = _REQUESTED_SDK.search(output)
    if requested is None:
        return ""
    pinned_by = _GLOBAL_JSON.search(output)
    where = f" ({pinned_by.group(1).strip()})" if pinned_by else ""
    installed = ", ".join(installed_sdks(dotnet)) or "none"
    return (
        f"global.json{where} pins .NET SDK {requested.group(1)}, which is not installed (installed: {installed}): "
        "change its sdk version or rollForward, or install that SDK."
    )


def pinned_sdk_problem(directory: Path, dotnet: str) -> str:
    """``missing_sdk`` of what ``dotnet`` says when started in ``directory``."""
    try:
        completed = subprocess.run([dotnet, "--version"], cwd=directory, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return ""
    return missing_sdk(completed.stdout + completed.stderr, dotnet) if completed.returncode else ""


@functools.cache
def installed_sdks(dotnet: str) -> tuple[str, ...]:
    """The .NET SDK versions ``dotnet`` has, newest first."""
    return _listed(dotnet, "--list-sdks", "")


@functools.cache
def installed_runtimes(dotnet: str) -> tuple[str, ...]:
    """The versions of ``Microsoft.NETCore.App`` that ``dotnet`` has, newest first."""
    return _listed(dotnet, "--list-runtimes", "Microsoft.NETCore.App ")


def _listed(dotnet: str, flag: str, prefix: str) -> tuple[str, ...]:
    """The versions ``dotnet <flag>`` lists (of the lines starting with ``prefix``), newest first."""
    try:
        listed = subprocess.run([dotnet, flag], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    found = [line[len(prefix) :].split()[0] for line in listed.splitlines() if line.strip() and line.startswith(prefix)]
    return tuple(sorted(found, key=_version_key, reverse=True))


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 0 for part in re.split(r"[.-]", version)[:3])
