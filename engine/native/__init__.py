"""The engine's C# helpers (``*.cs`` here): hot query paths that walk many Roslyn objects, done in
one call across the pythonnet boundary instead of one per item. Built once against the hosted
Roslyn into the user cache and loaded into this process; when they cannot be built, the queries
fall back to their Python walk (slower, same answers; a test keeps the two in step)."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any

from ..host.csharp_build import BuildFailed, built_against_roslyn, load_built

SOURCE = Path(__file__).parent
DISABLE_VARIABLE = "ROSLYN_TUI_NO_NATIVE"
"""Set to ``1`` to use the Python walks (for comparison and tests)."""

log = logging.getLogger("roslyn_tui")
_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def helpers() -> Any | None:
    """The ``RoslynTuiNative`` namespace (``References``, ...), or ``None`` to use the Python walks."""
    if os.environ.get(DISABLE_VARIABLE, "").lower() in ("1", "true", "yes"):
        return None
    with _lock:
        if "namespace" not in _loaded:
            _loaded["namespace"] = _load()
        return _loaded["namespace"]


def _load() -> Any | None:
    try:
        output = built_against_roslyn("native-helpers", SOURCE)
        load_built(output, "RoslynTuiNative.dll")
        import RoslynTuiNative  # type: ignore[import-not-found]

        return RoslynTuiNative
    except (BuildFailed, Exception) as error:  # any failure here leaves the Python walks, which always work
        log.warning("the native helpers are not available (%s); using the Python walks", error)
        return None
