"""The sessions of this process: one per solution path, shared by every caller.

Front ends get their session here (``open_session``, ``load_solution``), with the engine's full
warm-up after the load and the memory trimmer started once it is done.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from ..errors import EngineError
from ..host import memory_trim
from ..host.interop import Operation
from ..trust import NAMED_BY_USER, Trust
from .hooks import exit_steps
from .loading import ProgressCallback
from .session import SolutionSession
from .solution_file import PROJECTS_VARIABLE, focused, resolve_target
from .warmup.after_load import warm_up_after_load

_sessions: dict[tuple[Path, tuple[Path, ...]], SolutionSession] = {}
_sessions_lock = threading.Lock()


def open_session(
    path: str | Path,
    *,
    trust: Trust = NAMED_BY_USER,
    restore: bool = True,
    watch: bool = True,
    projects: list[str] | None = None,
    warm_up: bool = True,
    project_cache: bool = True,
) -> SolutionSession:
    """The shared session for ``path`` (created, not yet loaded, on first use), narrowed to the
    projects matching ``projects`` (globs; default ``ROSLYN_PROJECTS``, comma-separated) when given.
    ``warm_up`` false leaves out the background warm-up, for a one-shot job (``roslyn-index``) that would
    only share the cores with it. ``project_cache`` false evaluates with MSBuild even when the project
    cache matches (a one-shot job that must not answer from an evaluation checked only after the load).

    A session opened restricted is replaced when the same solution is later opened trusted.
    """
    if projects is None:
        projects = os.environ.get(PROJECTS_VARIABLE, "").split(",")
    target = focused(resolve_target(path), projects)
    with _sessions_lock:
        key = (target.path, target.apps)  # a directory of apps is not its first app alone
        session = _sessions.get(key)
        if session is None or session.closed or session.error is not None or session.trust.trusted != trust.trusted:
            if session is not None:
                session.close()
            session = SolutionSession(
                target,
                trust=trust,
                restore=restore,
                watch=watch,
                warm_up=_warm_up if warm_up else None,
                project_cache=project_cache,
            )
            _sessions[key] = session
        return session


def prepare_first_answers(path: str | Path) -> None:
    """Begin answering ``path`` (a solution the user named) from syntax now when it will be, a first
    start: the runtime starts and the files are parsed on threads of their own while the caller goes on
    with its imports. Nothing when the path names no solution: the load says so."""
    try:
        open_session(path).answer_from_syntax_soon()
    except EngineError:
        return


def load_solution(
    path: str | Path,
    progress: ProgressCallback | None = None,
    *,
    trust: Trust = NAMED_BY_USER,
    restore: bool = True,
    watch: bool = True,
    projects: list[str] | None = None,
    warm_up: bool = True,
    project_cache: bool = True,
) -> SolutionSession:
    """Open and load ``path`` (or return the already loaded shared session), narrowed to ``projects``
    (see ``open_session``).

    ``trust`` defaults to the user's own act of naming the path; pass ``trust.decide(path)`` for a
    path that came from anywhere else.
    """
    session = open_session(
        path,
        trust=trust,
        restore=restore,
        watch=watch,
        projects=projects,
        warm_up=warm_up,
        project_cache=project_cache,
    )
    session.load(progress)
    return session


def close_session(session: SolutionSession) -> None:
    """Forget ``session`` and release its workspace, watcher and caches."""
    with _sessions_lock:
        if _sessions.get((session.target.path, session.target.apps)) is session:
            del _sessions[(session.target.path, session.target.apps)]
    session.close()


def finish_sessions(seconds: float = 1.2) -> None:
    """At exit: let what the features registered to finish (``hooks.at_exit``: the index writer, no
    longer yielding to queries) run for up to ``seconds`` in all, so that a short run still leaves the
    next start its index."""
    deadline = time.monotonic() + seconds
    with _sessions_lock:
        sessions = list(_sessions.values())
    for session in sessions:
        for finish in exit_steps():
            finish(session, deadline)


def _warm_up(session: SolutionSession, operation: Operation) -> None:
    try:
        warm_up_after_load(session, operation)
    finally:
        memory_trim.start(_idle_seconds)


def _idle_seconds() -> float:
    """Seconds since any open session last ran a query (the memory trimmer's clock)."""
    with _sessions_lock:
        sessions = list(_sessions.values())
    return min((session.idle_seconds() for session in sessions), default=float("inf"))
