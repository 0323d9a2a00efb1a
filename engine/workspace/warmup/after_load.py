"""The engine's warm-up after a load: what the first queries would otherwise pay for.

Every compilation (in the order a user needs them), Roslyn's syntax indexes, the editing providers and
analyzers, the on-disk index the next start answers from (declarations first, references to types
after the editing warm-up), the call graph tests reach, then the decompiler.
``open_session`` gives it to each session.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from ...diagnostics.ide import ide_analyzers
from ...editing.actions import warm_up as warm_code_actions
from ...editing.providers import csharp_providers
from ...external.generated import generated_files
from ...external.library import warm_up as warm_library_source
from ...host.interop import Operation
from ...index import IndexWriter
from ...index.references import write_references
from ..snapshot import Snapshot
from ..solution_file import SolutionTarget
from .cache_pruning import prune_cache
from .compile_order import compile_ahead
from .syntax_indexes import build_syntax_indexes

LIBRARY_QUIET_SECONDS = 5.0


class WarmedSession(Protocol):
    """What the warm-up needs of a session."""

    editing_warm: threading.Event

    @property
    def target(self) -> SolutionTarget: ...

    @property
    def restricted(self) -> bool: ...

    def snapshot(self) -> Snapshot: ...

    def preferred_paths(self) -> list[str]: ...

    def yield_to_queries(
        self,
        operation: Operation,
        quiet: float = 0.5,
        patience: float | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None: ...

    @property
    def index_writer(self) -> IndexWriter: ...


def warm_up_after_load(session: WarmedSession, operation: Operation) -> None:
    """Warm ``session``'s current snapshot; each step after the compilations waits for a quiet moment."""
    snapshot = session.snapshot()
    if session.restricted:
        compile_ahead(snapshot, operation, session.preferred_paths)
        return
    session.index_writer.expect()
    compile_ahead(snapshot, operation, session.preferred_paths)
    generated_files(snapshot, operation)  # so that every answer marks generated code from the first
    # The next start answers search, definition and outlines from this before it has loaded: written
    # first, a project at a time, so that a short run still leaves it (and finished at exit).
    session.index_writer.run(session, operation)
    build_syntax_indexes(snapshot, operation, lambda: session.yield_to_queries(operation))
    # The first code action or diagnostics list would otherwise pay seconds for these; on two cores they
    # would also slow the first navigation queries, so they wait for a quiet moment.
    session.yield_to_queries(operation)
    csharp_providers(snapshot.solution.Workspace.Services.HostServices, operation)
    session.yield_to_queries(operation)
    ide_analyzers(operation)
    session.yield_to_queries(operation)
    warm_code_actions(snapshot, operation)
    session.editing_warm.set()
    # The next start answers find references of a type from these until its compilations are built.
    write_references(session, operation, lambda: session.index_writer.hurried)
    prune_cache()
    # find_tests walks the call graph: binding every file tests can reach takes seconds, so it is done
    # here, a file at a time between queries, when the solution has a test project.
    from ...testing.discovery import warm_call_graph

    warm_call_graph(snapshot, operation, lambda: session.yield_to_queries(operation, quiet=0.2))
    # Seconds of CPU for a first framework type's source that a session may never open: only once
    # nobody has asked anything for a while.
    session.yield_to_queries(operation, quiet=LIBRARY_QUIET_SECONDS)
    warm_library_source(snapshot, operation)
