"""The frames a profiler samples or ``dotnet-stack`` prints, ``Module!Ns.Type.Method(args)``, taken to
the solution's source by the stack trace reader (``engine.testing.frames``): what a profile and a stuck
run's stacks both read.

Only a module one of the solution's projects builds runs the solution's code: without that check, an
app's own ``Program.<Main>$`` (an app beside the solution, a test host's) was taken to the solution's
top-level ``Program`` of another project."""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import EngineError
from ..host.interop import Operation
from ..testing.frames import resolve_stack_trace
from ..views.stack_trace import StackFrame
from ..workspace.snapshot import Snapshot


def frames_of(snapshot: Snapshot, operation: Operation, names: list[str]) -> list[StackFrame | None]:
    """Each ``Module!Method`` name's frame (``None`` when the reader cannot take it): the solution's
    member when its module is one the solution builds."""
    if not names:
        return []
    text = "\n".join(f"   at {plain(name.partition('!')[2])}" for name in names)
    frames: list[StackFrame | None] = list(resolve_stack_trace(snapshot, operation, text).items)
    if len(frames) != len(names):
        # A name the stack-trace reader does not take as one frame (what is sampled varies from run to
        # run) must not cost every other frame its source: each is read alone.
        frames = [_one(snapshot, operation, name) for name in names]
    modules = _solution_modules(snapshot)
    return [_in_its_module(frame, name.partition("!")[0], modules) for frame, name in zip(frames, names, strict=True)]


def plain(method: str) -> str:
    """``Ns.Type.Method(class System.Object,bool&)`` as a stack trace writes it: ``Ns.Type.Method(Object,
    Boolean&)``; a generic parameter type by its name and arity, as .NET writes it (``ReadOnlySpan`1``)."""
    name, _, parameters = method.partition("(")
    kept = [_type_name(p) for p in _top_level(parameters.rstrip(")")) if p.strip()]
    return f"{name}({', '.join(kept)})"


def _one(snapshot: Snapshot, operation: Operation, name: str) -> StackFrame | None:
    try:
        items = resolve_stack_trace(snapshot, operation, f"   at {plain(name.partition('!')[2])}").items
    except EngineError:
        return None
    return items[0] if len(items) == 1 else None


def _top_level(parameters: str) -> list[str]:
    """The parameters, split at the commas outside a generic type's arguments."""
    found, depth, start = [], 0, 0
    for index, character in enumerate(parameters):
        depth += {"<": 1, ">": -1}.get(character, 0)
        if character == "," and depth == 0:
            found.append(parameters[start:index])
            start = index + 1
    return [*found, parameters[start:]]


def _type_name(parameter: str) -> str:
    outer = re.sub(r"<.*>", "", re.sub(r"^(class |value class )", "", parameter.strip()))
    return outer.split(".")[-1]


def _solution_modules(snapshot: Snapshot) -> set[str]:
    """The assembly names the solution's projects build, in lower case (a trace names a module as its
    file does, and the runtime's JIT events write it in lower case)."""
    return snapshot.memo("solution-modules", lambda: {str(p.AssemblyName).lower() for p in snapshot.solution.Projects})


def _in_its_module(frame: StackFrame | None, module: str, modules: set[str]) -> StackFrame | None:
    """``frame`` as the reader resolved it, but external when its ``module`` is not one the solution builds."""
    name = module.lower().removesuffix(".dll").removesuffix(".exe")
    if frame is None or frame.external or not name or name in modules:
        return frame
    return replace(frame, symbol=None, location=None, external=True, assembly=module, exact_line=False)
