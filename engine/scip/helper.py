"""The C# SCIP writer (``writer/``), built once against the hosted Roslyn and Google.Protobuf (from
NuGet) into the user cache, and loaded into this process."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..errors import EngineError
from ..host.csharp_build import QUIET, BuildFailed, built, load_built

SOURCE = Path(__file__).parent / "writer"

_lock = threading.Lock()
_loaded: dict[str, Any] = {}


class ScipWriterUnavailable(EngineError):
    """The SCIP writer could not be built."""


def index_file_class() -> Any:
    """The ``RoslynTuiScip.IndexFile`` class."""
    with _lock:
        if "class" in _loaded:
            return _loaded["class"]
        from ..host.runtime import ensure_runtime

        info = ensure_runtime()
        roslyn = info.roslyn
        framework = f"net{info.runtime_version.split('.')[0]}.0"
        command = ["build", "{src}", "-c", "Release", "-o", "{out}", f"-p:RoslynDir={roslyn.directory}/"]
        try:
            output = built(
                "scip-writer",
                SOURCE,
                [roslyn.version, str(roslyn.directory), framework],
                [[*command, f"-p:HostFramework={framework}", *QUIET]],
                info.dotnet.dotnet,
            )
        except BuildFailed as error:
            raise ScipWriterUnavailable(
                f"The SCIP writer could not be built: {error.message}",
                "Check that NuGet can restore Google.Protobuf (dotnet restore), then run again.",
            ) from error
        load_built(output, "Google.Protobuf.dll", "RoslynTuiScip.dll")
        from RoslynTuiScip import IndexFile  # type: ignore[import-not-found]

        _loaded["class"] = IndexFile
        return IndexFile
