"""The package sources NuGet itself would use from a directory: ``dotnet nuget list source``, which
reads the NuGet.Config files above that directory and the user's."""

from __future__ import annotations

import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from ..errors import NuGetUnavailable
from ..host.runtime import find_dotnet


@dataclass(frozen=True)
class Source:
    url: str
    """An http(s) service index, or a local folder."""

    @property
    def is_http(self) -> bool:
        return self.url.startswith(("http://", "https://"))


_cache: dict[str, tuple[Source, ...]] = {}
_lock = threading.Lock()


def configured_sources(directory: Path) -> tuple[Source, ...]:
    """The enabled sources for ``directory``, read once per directory."""
    key = str(directory)
    with _lock:
        if key in _cache:
            return _cache[key]
    dotnet = find_dotnet(directory).dotnet
    try:
        done = subprocess.run(
            [str(dotnet), "nuget", "list", "source", "--format", "Short"],
            cwd=directory,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise NuGetUnavailable(
            f"Could not list the NuGet sources: {error}.", "Check that dotnet runs: dotnet nuget list source."
        ) from error
    enabled = tuple(
        Source(line.split(None, 1)[1].strip())
        for line in done.stdout.splitlines()
        if line.startswith("E") and len(line.split(None, 1)) == 2
    )
    if not enabled:
        raise NuGetUnavailable(
            f"No NuGet source is enabled for {directory}.",
            "Add one: dotnet nuget add source https://api.nuget.org/v3/index.json -n nuget.org",
        )
    with _lock:
        _cache[key] = enabled
    return enabled
