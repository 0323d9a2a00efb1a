"""``profile_repl``: C# code run in a REPL context with the tracer attached to that context's worker for
the evaluation alone, and answered as a test's profile is. The worker keeps its diagnostics socket in
its scratch directory (its debugger's and profiler's are off); the tracer joins it through the pid the
worker sees itself as, then is stopped once the evaluation answers: the runtime's rundown then names
every method, those the context compiled before the trace among them."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from ... import repl
from ...errors import EngineError, OperationCancelled, ReplLimitHit
from ...testing.child import dotnet_path
from ...testing.runs import run_directory
from ...views.profile import ProfileReport
from ..stacks.capture import listening
from ..tools import installed_tool
from .report import answered
from .tracer import Tracer


def profile_repl(
    code: str, context_id: str | None = None, session: Any | None = None, allocations: bool = False
) -> ProfileReport:
    """Evaluate ``code`` in the REPL context ``context_id`` (as ``evaluate_csharp``) under the profiler:
    where its time went, by member; the evaluation's outcome in the notes."""
    if session is None or not session.is_loaded:
        raise EngineError(
            "A profile is read against a loaded solution, and none is.", "Load one first (load_solution)."
        )
    tool, installed = installed_tool("dotnet-trace", dotnet_path(session))
    directory = run_directory(session.root, "profile")
    with Tracer(tool, directory / "trace.nettrace", allocations) as tracer:
        ended = _TraceEndedFirst(tracer)

        def attach(group: int) -> None:
            worker = next(iter(listening(group)), None)
            if worker is None:
                raise EngineError(
                    "The REPL's worker does not listen for a profiler.", "Reset the context, then profile."
                )
            tracer.attach(worker)
            ended.started = time.monotonic()

        try:
            evaluation = repl.evaluate_csharp(code, context_id, session, before_run=attach, before_kill=ended)
        except (OperationCancelled, ReplLimitHit) as error:
            if ended.traced is None:
                raise
            why = "stopped" if isinstance(error, OperationCancelled) else f"ended at its {error.limit} limit"
            traced, context = ended.traced, context_id or repl.DEFAULT_CONTEXT
            outcome = f"{why} after {ended.seconds:.1f} s: the profile is of those seconds; the context ended"
        else:
            traced = tracer.finish(stop=True, why_empty="the evaluation ran nothing")
            outcome, context = _outcome(evaluation), evaluation.context_id
    first = code.strip().splitlines()[0] if code.strip() else ""
    what = f"REPL code in context {context}: {first[:80]}" + (" …" if len(code.strip().splitlines()) > 1 else "")
    return answered(session, tool, installed, traced, what, [outcome], allocations)


class _TraceEndedFirst:
    """The evaluation's ``before_kill``: when a stop (``interop.cancel_thread``) or a limit is about to
    kill the worker, the trace ends first, while the worker still runs, so the runtime's rundown names
    its methods."""

    def __init__(self, tracer: Tracer) -> None:
        self.tracer = tracer
        self.started = time.monotonic()
        self.seconds = 0.0
        """How long the trace ran until the evaluation was ended."""
        self.traced: tuple[Path, Path] | None = None

    def __call__(self) -> None:
        self.seconds = time.monotonic() - self.started
        with contextlib.suppress(EngineError):  # no profile then: the evaluation answers as it would unprofiled
            self.traced = self.tracer.finish(stop=True, why_empty="the evaluation was ended at once")


def _outcome(evaluation: Any) -> str:
    """The evaluation in a line: its value, its exception or its first error."""
    took = f"the evaluation took {evaluation.duration_ms} ms (compiling it included)"
    if not evaluation.ran:
        errors = [d for d in evaluation.diagnostics if d.severity == "error"]
        return f"{took}: it did not compile ({errors[0].id} {errors[0].message})"[:300] if errors else took
    if evaluation.exception is not None:
        return f"{took}: it threw {evaluation.exception.type}: {evaluation.exception.message}"[:300]
    return f"{took}: {evaluation.value} ({evaluation.type})"[:300] if evaluation.value is not None else took
