"""Testing's part in the warm-up: find_tests walks the call graph, and binding every file tests can
reach takes seconds, so it is done after the editing warm-up, a file at a time between queries, when
the solution has a test project."""

from __future__ import annotations

from ..host.interop import Operation
from ..workspace.hooks import SolutionSession, warm_up_step


@warm_up_step("call graph of the tests", order=100)
def _warm_call_graph(session: SolutionSession, operation: Operation) -> None:
    from .discovery import warm_call_graph  # binding code the server's start need not import

    warm_call_graph(session.snapshot(), operation, lambda: session.yield_to_queries(operation, quiet=0.2))
