"""The engine's C# helpers (``*.cs`` here): the query paths that walk many Roslyn objects, done in one
call across the pythonnet boundary instead of one per item. Built once with the SDK the engine requires
anyway, against the hosted Roslyn, into the user cache, and loaded into this process. They are required:
when they cannot be built, the queries that use them say why (``python -m engine doctor`` checks them)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..errors import EngineError, NativeHelpersUnavailable
from ..host.csharp_build import built_against_roslyn, load_built

SOURCE = Path(__file__).parent

_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def helpers() -> Any:
    """The ``RoslynTuiNative`` namespace (``References``, ``SymbolAt``...), built and loaded on first use.

    Raises:
        NativeHelpersUnavailable: they could not be built or loaded (the message says what failed).
    """
    with _lock:
        if "namespace" not in _loaded:
            _loaded["namespace"] = _load()
        found = _loaded["namespace"]
    if isinstance(found, NativeHelpersUnavailable):
        raise found
    return found


def helpers_for_speed() -> Any | None:
    """The helpers for work that only makes later answers faster (warming the compiler, the project
    cache, syntax indexes): ``None`` when they are unavailable, so a load still ends; the queries that
    need them then say why (``helpers``)."""
    try:
        return helpers()
    except NativeHelpersUnavailable:
        return None


def built_at() -> Path:
    """The folder the helpers were built into and loaded from (``doctor`` shows it).

    Raises:
        NativeHelpersUnavailable: they could not be built or loaded.
    """
    helpers()
    return Path(_loaded["output"])


def _load() -> Any:
    try:
        output = built_against_roslyn("native-helpers", SOURCE)
    except EngineError as error:  # the build failed, or the runtime it needs did not start
        return NativeHelpersUnavailable(f"The engine's C# helpers could not be built: {error.message}", _HINT)
    except OSError as error:  # the user cache
        return NativeHelpersUnavailable(f"The engine's C# helpers could not be built: {error}", _HINT)
    from System import Exception as DotnetException  # type: ignore[import-not-found]  # the runtime runs now

    try:
        load_built(output, "RoslynTuiNative.dll")
        import RoslynTuiNative  # type: ignore[import-not-found]
    except (OSError, ImportError, DotnetException) as error:
        return NativeHelpersUnavailable(f"The engine's C# helpers could not be loaded: {error}", _HINT)
    _loaded["output"] = output
    return RoslynTuiNative


_HINT = (
    "Run 'python -m engine doctor' to see the build's output; the helpers build with the installed .NET SDK "
    "into the user cache (remove its native-helpers folder to build them anew)."
)
