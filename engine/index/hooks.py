"""The index's part in a solution's life: it answers before the load, is written in the warm-up
(declarations first, references to types once the editing warm-up is done), finished at exit, and
pruned of solutions that no longer exist."""

from __future__ import annotations

from ..host.interop import Operation
from ..symbols.declarations import source_declarations
from ..workspace.hooks import SolutionSession, answers_early, at_exit, cache_pruner, warm_up_step
from .early import EarlyIndex
from .references import write_references
from .store import prune
from .writer import IndexWriter

answers_early(EarlyIndex.open)
cache_pruner(prune)


def writer_of(session: SolutionSession) -> IndexWriter:
    """``session``'s index writer (one per session)."""
    return session.part(IndexWriter)


@warm_up_step("index expected", order=0, for_next_start=True)
def _expect(session: SolutionSession, operation: Operation) -> None:
    # From the warm-up's start, an exit waits (briefly) for the index to be written.
    writer_of(session).expect()


@warm_up_step("index of declarations", order=30, for_next_start=True)
def _write_declarations(session: SolutionSession, operation: Operation) -> None:
    # The next start answers search, definition and outlines from this before it has loaded: written
    # early, a project at a time, so that a short run still leaves it (and finished at exit).
    writer_of(session).run(session, operation)
    # The live solution answers once its declarations are built; an index already current built none,
    # and would have gone on answering from SQLite (8.8 ms a definition at 25 projects against 0.1 ms).
    source_declarations(session.snapshot(), operation)


@warm_up_step("index of type references", order=80, for_next_start=True)
def _write_references(session: SolutionSession, operation: Operation) -> None:
    # The next start answers find references of a type from these until its compilations are built.
    writer = writer_of(session)
    write_references(session, operation, lambda: writer.hurried)


@at_exit
def _finish(session: SolutionSession, deadline: float) -> None:
    writer_of(session).finish(deadline)
