"""Which frames of a trace are the solution's. A sampled or dumped frame names its module
(``Serilog!Serilog.Core.Logger.Write``); only a module one of the solution's projects builds can run the
solution's code. Without that check, an app's own ``Program.<Main>$`` (an app beside the solution, a
test host's) was taken to the solution's top-level ``Program`` of another project."""

from __future__ import annotations

from dataclasses import replace

from ..views.stack_trace import StackFrame
from ..workspace.snapshot import Snapshot


def solution_modules(snapshot: Snapshot) -> set[str]:
    """The assembly names the solution's projects build, in lower case (a trace names a module as its
    file does, and the runtime's JIT events write it in lower case)."""
    return snapshot.memo("solution-modules", lambda: {str(p.AssemblyName).lower() for p in snapshot.solution.Projects})


def in_its_module(frame: StackFrame | None, module: str, modules: set[str]) -> StackFrame | None:
    """``frame`` as the stack trace reader resolved it, but external when its ``module`` is known and
    not one the solution builds."""
    name = module.lower().removesuffix(".dll").removesuffix(".exe")
    if frame is None or frame.external or not name or name in modules:
        return frame
    return replace(frame, symbol=None, location=None, external=True, assembly=module, exact_line=False)
