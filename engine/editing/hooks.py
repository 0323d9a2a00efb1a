"""Editing's part in the warm-up: the first code action would otherwise pay seconds for Roslyn's
providers and its first listing; on two cores they would also slow the first navigation queries, so
each waits for a quiet moment."""

from __future__ import annotations

from ..host.interop import Operation
from ..workspace.hooks import SolutionSession, warm_up_step
from .actions import warm_up as warm_code_actions
from .providers import csharp_providers


@warm_up_step("code fix and refactoring providers", order=50, quiet=0.5)
def _load_providers(session: SolutionSession, operation: Operation) -> None:
    csharp_providers(session.snapshot().solution.Workspace.Services.HostServices, operation)


@warm_up_step("code actions", order=65, quiet=0.5)
def _list_code_actions(session: SolutionSession, operation: Operation) -> None:
    warm_code_actions(session.snapshot(), operation)
