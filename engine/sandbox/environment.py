"""The environment a child process gets: an allowlist, never the front end's own (where an assistant's
API keys live)."""

from __future__ import annotations

import os
from pathlib import Path

PASSED_THROUGH = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "USER", "TERM")
PASSED_PREFIXES = ("DOTNET_", "NUGET_", "MSBUILD")


def allowlisted_environment(extra: dict[str, str], scratch: Path | None = None) -> dict[str, str]:
    """``extra`` and what ``dotnet`` needs to find itself, its packages and a locale; with ``scratch``, HOME and TMPDIR
    point into it (the run's own writable place) instead of the user's."""
    kept = {
        name: value for name, value in os.environ.items() if name in PASSED_THROUGH or name.startswith(PASSED_PREFIXES)
    }
    if scratch is not None:
        home, tmp = scratch / "home", scratch / "tmp"
        home.mkdir(parents=True, exist_ok=True)
        tmp.mkdir(parents=True, exist_ok=True)
        kept.update(HOME=str(home), TMPDIR=str(tmp), DOTNET_CLI_HOME=str(home))
        # NuGet restores happen in the server; a run finds packages where the server's user keeps them.
        kept.setdefault("NUGET_PACKAGES", os.environ.get("NUGET_PACKAGES") or str(Path.home() / ".nuget" / "packages"))
    return {**kept, **extra}
