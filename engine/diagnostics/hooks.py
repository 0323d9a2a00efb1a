"""Diagnostics' part in the warm-up: the SDK's IDE analyzers loaded once, at a quiet moment, so that
the first diagnostics list does not pay for them."""

from __future__ import annotations

from ..host.interop import Operation
from ..workspace.hooks import SolutionSession, warm_up_step
from .ide import ide_analyzers


@warm_up_step("IDE analyzers", order=60, quiet=0.5)
def _load_ide_analyzers(session: SolutionSession, operation: Operation) -> None:
    ide_analyzers(operation)
