"""The engine's warm-up after a load: what the first queries would otherwise pay for.

The warm-up runs the steps registered with ``hooks.warm_up_step`` in their order. The workspace's own
are here: every compilation, in the order a user needs them (the only step a restricted solution
gets), Roslyn's syntax indexes, the moment editing may start, and pruning the user cache. The
features add theirs (generated files, the on-disk index, the editing providers and analyzers, the
call graph tests reach, the decompiler) when they are imported. ``open_session`` gives it to each
session. It runs at idle priority (``host.idle_priority``, set by the session's warm-up thread), and a
shared engine with no front end attached runs only the steps the next start needs (``attendance``).
"""

from __future__ import annotations

import logging

from ...host.interop import Operation
from ..attendance import attended, wait_attended
from ..hooks import SolutionSession, WarmUpStep, warm_up_step, warm_up_steps
from .cache_pruning import prune_cache
from .compile_order import compile_ahead
from .syntax_indexes import build_syntax_indexes

log = logging.getLogger("roslyn_tui.engine")


def warm_up_after_load(session: SolutionSession, operation: Operation) -> None:
    """Run every registered step on ``session`` (a restricted one only those that say so), each step
    that asks for it waiting first for a quiet moment between queries. While no front end is attached,
    the steps the next start does not need wait (in their order) until one is, and the others go on."""
    steps = [step for step in warm_up_steps() if step.restricted or not session.restricted]
    waiting: list[WarmUpStep] = []
    for step in steps:
        if not step.for_next_start and (waiting or not attended()):
            waiting.append(step)
            continue
        _run(step, session, operation)
    if waiting:
        wait_attended(operation)
    for step in waiting:
        _run(step, session, operation)


def _run(step: WarmUpStep, session: SolutionSession, operation: Operation) -> None:
    if step.quiet is not None:
        session.yield_to_queries(operation, quiet=step.quiet)
    log.debug("warm-up: %s", step.name)
    step.run(session, operation)


@warm_up_step("compilations", order=10, restricted=True, for_next_start=True)
def _compile(session: SolutionSession, operation: Operation) -> None:
    compile_ahead(session.snapshot(), operation, session.preferred_paths)


@warm_up_step("syntax indexes", order=40)
def _build_syntax_indexes(session: SolutionSession, operation: Operation) -> None:
    build_syntax_indexes(session.snapshot(), operation, lambda: session.yield_to_queries(operation))


@warm_up_step("editing ready", order=70)
def _editing_ready(session: SolutionSession, operation: Operation) -> None:
    # Edits wait for the steps before this one (``SolutionSession.wait_editing_warm``).
    session.editing_warm.set()


@warm_up_step("user cache pruned", order=90, for_next_start=True)
def _prune(session: SolutionSession, operation: Operation) -> None:
    prune_cache()
