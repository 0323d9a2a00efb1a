"""The C# SCIP writer (``writer/``), built once against the hosted Roslyn and Google.Protobuf (from
NuGet) into the user cache, and loaded into this process."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..errors import EngineError
from ..host.csharp_build import BuildFailed, built_against_roslyn, load_built

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
        try:
            output = built_against_roslyn("scip-writer", SOURCE)
        except BuildFailed as error:
            raise ScipWriterUnavailable(
                f"The SCIP writer could not be built: {error.message}",
                "Check that NuGet can restore Google.Protobuf (dotnet restore), then run again.",
            ) from error
        load_built(output, "Google.Protobuf.dll", "RoslynTuiScip.dll")
        from RoslynTuiScip import IndexFile  # type: ignore[import-not-found]

        _loaded["class"] = IndexFile
        return IndexFile
