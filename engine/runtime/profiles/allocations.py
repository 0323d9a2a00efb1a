"""The allocations a trace sampled: the runtime's ``GC/AllocationTick`` events (one every ~100 KB
allocated, naming the type of the object that crossed the mark, with its stack), read from the nettrace
with TraceEvent — the library ``dotnet-trace`` itself is built on, loaded from that tool's own folder so
it is the version that wrote the trace. Reading a file runs none of the user's code."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import EngineError

MOST_FRAMES = 16
"""Frames kept per sample, innermost first: enough to reach the solution's code through a collection's."""
_ASSEMBLIES = ("Microsoft.Diagnostics.FastSerialization", "Microsoft.Diagnostics.NETCore.Client",
               "Microsoft.Diagnostics.Tracing.TraceEvent")  # fmt: skip
_lock = threading.Lock()


@dataclass(frozen=True)
class Sample:
    type_name: str
    frames: tuple[str, ...]
    """``Module!Ns.Type.Method(args)``, innermost first (the speedscope file's frame text)."""


@dataclass(frozen=True)
class Allocations:
    bytes: dict[Sample, int]
    """The bytes each (type, stack) was sampled for."""
    samples: dict[Sample, int]
    total_bytes: int
    problem: str = ""
    """Why the trace's allocations could not be read (the profile still answers)."""


def read_allocations(tool: Path, nettrace: Path) -> Allocations:
    """The allocation samples of ``nettrace``, by type and stack; a trace that cannot be read gives
    none, and says why (``problem``).

    A test host is ended by VSTest as soon as its results are in, so its trace stops mid-block: it is
    read up to there (``ContinueOnError``); without that, TraceEvent refused it ("Read past end of
    stream") where ``dotnet-trace``'s own conversion had read it.
    """
    try:
        names = _trace_event(tool)
        options = names["TraceLogOptions"]()
        options.ContinueOnError = True
        etlx = names["TraceLog"].CreateFromEventPipeDataFile(str(nettrace), str(nettrace.with_suffix(".etlx")), options)
        log = names["TraceLog"](etlx)
    except EngineError as error:
        return Allocations({}, {}, 0, error.message)
    except Exception as error:  # a .NET exception: the file is not a trace
        return Allocations({}, {}, 0, f"{nettrace.name} could not be read ({error})")
    by_bytes: dict[Sample, int] = {}
    by_count: dict[Sample, int] = {}
    try:
        for event in log.Events.ByEventType[names["GCAllocationTickTraceData"]]():
            sample = Sample(str(event.TypeName or "?"), _frames(names["TraceLogExtensions"].CallStack(event)))
            by_bytes[sample] = by_bytes.get(sample, 0) + int(event.AllocationAmount64)
            by_count[sample] = by_count.get(sample, 0) + 1
    finally:
        log.Dispose()
    return Allocations(by_bytes, by_count, sum(by_bytes.values()))


def _frames(stack: Any) -> tuple[str, ...]:
    frames: list[str] = []
    while stack is not None and len(frames) < MOST_FRAMES:
        address = stack.CodeAddress
        frames.append(f"{address.ModuleName or '?'}!{address.FullMethodName or '?'}")
        stack = stack.Caller
    return tuple(frames)


_loaded: dict[str, Any] = {}


def _trace_event(tool: Path) -> dict[str, Any]:
    with _lock:
        if not _loaded:
            found = sorted(tool.parent.glob(".store/*/*/*/*/tools/*/any/Microsoft.Diagnostics.Tracing.TraceEvent.dll"))
            if not found:
                raise EngineError(
                    f"TraceEvent was not found beside {tool.name} ({tool.parent}).",
                    "Remove that folder: the tool is installed again on the next profile.",
                )
            import clr  # type: ignore[import-untyped]  # the runtime is up: a profile is a solution's query

            for name in _ASSEMBLIES:
                clr.AddReference(str(found[-1].parent / f"{name}.dll"))
            from Microsoft.Diagnostics.Tracing.Etlx import (  # type: ignore[import-not-found]
                TraceLog,
                TraceLogExtensions,
                TraceLogOptions,
            )
            from Microsoft.Diagnostics.Tracing.Parsers.Clr import GCAllocationTickTraceData  # type: ignore[import-not-found]

            _loaded.update(
                TraceLogOptions=TraceLogOptions,
                TraceLog=TraceLog,
                TraceLogExtensions=TraceLogExtensions,
                GCAllocationTickTraceData=GCAllocationTickTraceData,
            )
        return _loaded
