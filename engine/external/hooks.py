"""External code's part in the warm-up: generated files listed early, so that every answer marks
generated code from the first; the decompiler started last, only once nobody has asked anything for
a while."""

from __future__ import annotations

from ..host.interop import Operation
from ..workspace.hooks import SolutionSession, warm_up_step
from .generated import generated_files
from .library import warm_up as warm_library_source

LIBRARY_QUIET_SECONDS = 5.0
"""Seconds of CPU for a first framework type's source that a session may never open: only after this
long without a query."""


@warm_up_step("generated files", order=20)
def _list_generated(session: SolutionSession, operation: Operation) -> None:
    generated_files(session.snapshot(), operation)


@warm_up_step("library source", order=110, quiet=LIBRARY_QUIET_SECONDS)
def _warm_library_source(session: SolutionSession, operation: Operation) -> None:
    warm_library_source(session.snapshot(), operation)
