"""Where features hook into a solution's life: the workspace calls these, and never a feature itself.

A feature registers when it is imported (``engine/__init__.py`` imports every one); eight kinds of hook:

- warm-up steps (``warm_up_step``): run in ``order`` after each load, each optionally waiting first
  for a quiet moment between queries, some also for a restricted solution;
- answers before the load (``answers_early``): the source that may answer a query whose declaration
  says ``early`` (the on-disk index), opened once per session;
- steps at exit (``at_exit``): what must finish before the process ends (the index writer);
- cache pruners (``cache_pruner``): what removes a feature's entries of the user cache whose owner
  is gone;
- positions in files the compiler sees only through generated code (``positions_in``: a ``.razor``
  file's line and column, taken into the C# a generator wrote from it), and their outlines
  (``outlines_of``);
- references as a feature places them (``places_references``: a component's tags in Razor files
  instead of the calls the generated code makes);
- renames carried into files Roslyn's renamer does not edit (``follows_renames``: Razor files).

A session keeps each feature's per-session state as a ``part`` (``SolutionSession.part``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..host.interop import Operation
from .declared import Declaration
from .snapshot import Snapshot
from .solution_file import SolutionTarget

P = TypeVar("P")


class SolutionSession(Protocol):
    """What a feature's hook may use of a session (``engine.workspace.session.SolutionSession``)."""

    editing_warm: threading.Event

    @property
    def target(self) -> SolutionTarget: ...

    @property
    def restricted(self) -> bool: ...

    def snapshot(self) -> Snapshot: ...

    def part(self, kind: type[P]) -> P: ...

    def preferred_paths(self) -> list[str]: ...

    def yield_to_queries(
        self,
        operation: Operation,
        quiet: float = 0.5,
        patience: float | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None: ...


class EarlySource(Protocol):
    """What answers some queries from a record of the last load, before the live solution can."""

    def answer(self, declared: Declaration, args: tuple[Any, ...], kwargs: dict[str, Any], *, loaded: bool) -> Any:
        """The answer, or ``None`` when only the live solution can answer exactly."""
        ...


EarlyOpener = Callable[[Path, Path], EarlySource | None]
"""``(solution file, solution directory)`` -> the source for that solution, or ``None`` when it has none."""


@dataclass(frozen=True)
class GeneratedPosition:
    """A position of a file that is no document of the solution, in the generated document made from it."""

    document: Any
    """The source-generated Roslyn document."""
    offset: int
    """The 0-based position in its text."""


PositionMapper = Callable[[Snapshot, "Operation", str, int, int], GeneratedPosition | None]
"""``(snapshot, operation, file, line, column)`` (1-based) -> the generated place, or ``None`` when the
mapper does not know the file; a position it knows but cannot map is a named error."""


@dataclass(frozen=True)
class WarmUpStep:
    """One step of the warm-up after a load."""

    name: str
    order: int
    """Steps run by ascending order; the workspace's own steps leave room between them."""
    run: Callable[[SolutionSession, Operation], None]
    quiet: float | None = None
    """Seconds without a query to wait for before the step starts (``None``: at once)."""
    restricted: bool = False
    """Whether it runs for a restricted (untrusted) solution too."""
    for_next_start: bool = False
    """Whether the next start needs it (the on-disk index): only these run while no front end is
    attached to a shared engine (``attendance``)."""


_lock = threading.Lock()
_steps: dict[str, WarmUpStep] = {}
_early: list[EarlyOpener] = []
_exit: list[Callable[[SolutionSession, float], None]] = []
_pruners: list[Callable[[], list[Path]]] = []
_positions: list[PositionMapper] = []
_outlines: list[Callable[[Snapshot, Operation, str], Any]] = []
_placers: list[Callable[[Snapshot, Operation, Any, list[Any]], list[Any]]] = []
_followers: list[Callable[[Snapshot, Operation, Any, str, Any], Any]] = []


def warm_up_step(
    name: str, order: int, *, quiet: float | None = None, restricted: bool = False, for_next_start: bool = False
) -> Callable[[Callable[[SolutionSession, Operation], None]], Callable[[SolutionSession, Operation], None]]:
    """Register the decorated ``run(session, operation)`` as the warm-up step ``name``."""

    def register(run: Callable[[SolutionSession, Operation], None]) -> Callable[[SolutionSession, Operation], None]:
        with _lock:
            _steps[name] = WarmUpStep(name, order, run, quiet, restricted, for_next_start)
        return run

    return register


def warm_up_steps() -> tuple[WarmUpStep, ...]:
    """The registered warm-up steps in the order they run."""
    with _lock:
        return tuple(sorted(_steps.values(), key=lambda step: step.order))


def answers_early(opener: EarlyOpener) -> EarlyOpener:
    """Register ``opener`` as a source of answers before the load (the first that opens answers)."""
    with _lock:
        _early.append(opener)
    return opener


def open_early_source(solution: Path, root: Path) -> EarlySource | None:
    """The first registered source that has a record of ``solution``, or ``None``."""
    with _lock:
        openers = list(_early)
    for opener in openers:
        source = opener(solution, root)
        if source is not None:
            return source
    return None


def at_exit(step: Callable[[SolutionSession, float], None]) -> Callable[[SolutionSession, float], None]:
    """Register ``step(session, deadline)``: at exit, what must finish by ``deadline`` (``time.monotonic()``)."""
    with _lock:
        _exit.append(step)
    return step


def exit_steps() -> tuple[Callable[[SolutionSession, float], None], ...]:
    with _lock:
        return tuple(_exit)


def cache_pruner(prune: Callable[[], list[Path]]) -> Callable[[], list[Path]]:
    """Register ``prune()``: removes a feature's user-cache entries whose owner is gone, returns them."""
    with _lock:
        _pruners.append(prune)
    return prune


def cache_pruners() -> tuple[Callable[[], list[Path]], ...]:
    with _lock:
        return tuple(_pruners)


def positions_in(mapper: PositionMapper) -> PositionMapper:
    """Register ``mapper``: it takes positions in some files that are no document of the solution."""
    with _lock:
        _positions.append(mapper)
    return mapper


def generated_position(
    snapshot: Snapshot, operation: Operation, file: str, line: int, column: int
) -> GeneratedPosition | None:
    """Where a registered mapper takes a position of ``file``; ``None`` when none knows the file."""
    with _lock:
        mappers = list(_positions)
    for mapper in mappers:
        found = mapper(snapshot, operation, file, line, column)
        if found is not None:
            return found
    return None


def places_references(
    placer: Callable[[Snapshot, Operation, Any, list[Any]], list[Any]],
) -> Callable[[Snapshot, Operation, Any, list[Any]], list[Any]]:
    """Register ``placer(snapshot, operation, symbol, references)``: the references of ``symbol`` as a
    feature answers them (a component's tags in Razor files instead of the generated code's calls)."""
    with _lock:
        _placers.append(placer)
    return placer


def placed_references(snapshot: Snapshot, operation: Operation, symbol: Any, references: list[Any]) -> list[Any]:
    """``references`` as every registered placer answers them, in turn."""
    with _lock:
        placers = list(_placers)
    for placer in placers:
        references = placer(snapshot, operation, symbol, references)
    return references


def follows_renames(
    follower: Callable[[Snapshot, Operation, Any, str, Any], Any],
) -> Callable[[Snapshot, Operation, Any, str, Any], Any]:
    """Register ``follower(snapshot, operation, symbol, new_name, renamed)``: the renamed solution with
    the rename carried into files Roslyn's Renamer does not edit (Razor files), or an ``EditRefused``."""
    with _lock:
        _followers.append(follower)
    return follower


def followed_rename(snapshot: Snapshot, operation: Operation, symbol: Any, new_name: str, renamed: Any) -> Any:
    """``renamed`` as every registered follower carries it on, in turn."""
    with _lock:
        followers = list(_followers)
    for follower in followers:
        renamed = follower(snapshot, operation, symbol, new_name, renamed)
    return renamed


def outlines_of(outline: Callable[[Snapshot, Operation, str], Any]) -> Callable[[Snapshot, Operation, str], Any]:
    """Register ``outline(snapshot, operation, file)``: the outline of some files that are no document
    of the solution (a ``FileOutline``), or ``None`` for any other file."""
    with _lock:
        _outlines.append(outline)
    return outline


def other_outline(snapshot: Snapshot, operation: Operation, file: str) -> Any:
    """A registered outline of ``file``, or ``None`` when no feature outlines such a file."""
    with _lock:
        outlines = list(_outlines)
    for outline in outlines:
        found = outline(snapshot, operation, file)
        if found is not None:
            return found
    return None
