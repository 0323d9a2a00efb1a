"""What a front end may use of a solution's session, whichever kind it holds: ``engine.SolutionSession``
(the solution loaded in the front end's own process) or ``shared_engine.remote.RemoteSession`` (the
shared engine's session, reached over its socket).

Standard library only, so both sides import it: the engine's types (the target, the load report, its
error) are ``Any`` here and documented by what they are. mypy holds both classes to ``Session``, and
``tests/test_session_protocol.py`` compares their members and signatures with it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

QUERY_TIMEOUT_SECONDS = 60.0
"""How long a query may run unless it is given its own timeout."""
LOAD_TIMEOUT_SECONDS = 900.0
"""How long a load may take."""


class Session(Protocol):
    """A solution's session as the front ends use it."""

    @property
    def target(self) -> Any:
        """The solution opened (``engine.workspace.solution_file.SolutionTarget``)."""

    @property
    def root(self) -> Path:
        """The solution's directory: every path an answer shows is relative to it."""

    @property
    def report(self) -> Any:
        """The load's report (``engine.LoadReport``), ``None`` until the load ended."""

    @property
    def error(self) -> Any:
        """Why the load failed (``engine.EngineError``), ``None`` while it has not."""

    @property
    def restricted(self) -> bool:
        """Open as syntax only: the solution is not trusted to run MSBuild, analyzers or generators."""

    @property
    def is_loaded(self) -> bool:
        """The load has ended well: every query answers."""

    def version(self) -> int:
        """The version of the solution answers come from now: an edit or a change on disk makes a new one."""

    def load(self, progress: Callable[[Any], None] | None = None, timeout: float = LOAD_TIMEOUT_SECONDS) -> Any:
        """Load the solution once (later calls wait for that load): its report. ``progress`` is told each
        ``engine.LoadProgress``."""

    def answers_before_load(self) -> bool:
        """Whether search, go to definition by name and outlines answer while the solution loads."""

    def early_index(self) -> object | None:
        """The last load's index while it answers early; ``None`` when early answers come from syntax."""

    def run(
        self, query: Callable[..., T], *args: Any, timeout: float | None = QUERY_TIMEOUT_SECONDS, **kwargs: Any
    ) -> T:
        """``query(snapshot, operation, *args, **kwargs)`` on the session's current snapshot (an engine
        query, declared in ``engine``'s public surface)."""

    def call(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(session, *args, **kwargs)`` where the session lives: an engine function that takes
        the session first (an edit, a test run)."""

    def call_plain(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` where the session lives, the session not passed: engine state that
        is the process's own (the REPL's contexts, its limits and consent). Pass the session among the
        arguments where such a function takes it: it stands for the engine's own there."""

    def prefer(self, path: str) -> None:
        """A user opened ``path``: compile its project before the others."""

    def stop(self, thread: int) -> None:
        """Stop what this process's ``thread`` asked of the session and still runs (a test run, an app):
        its processes end, and a run that can say where it was answers with that."""

    def close(self) -> None:
        """Let go of the session (a remote one: the connection; the engine stays for the others)."""
