"""The one solution the server answers about: loaded in the background, switched by ``load_solution``."""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

import anyio
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError

from engine import (
    NAMED_BY_USER,
    EngineError,
    InvalidArgument,
    LoadProgress,
    SolutionSession,
    Trust,
    close_session,
    decide,
    exiting,
    open_session,
    resolve_target,
)

from .config import Settings

log = logging.getLogger("roslyn_mcp")

_WAIT_STEP_SECONDS = 0.5


class SolutionState:
    """Holds the current session; tools wait for a load in progress instead of failing."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        """The server's settings, for every tool (``tools.registry.settings_of``)."""
        self.session: SolutionSession | None = None
        self.progress: LoadProgress | None = None
        self.configured: str | None = None
        """The real path of the solution the user configured the server with (trusted by that act)."""
        self._pending: SolutionSession | None = None
        self._lock = threading.Lock()
        self._origin: SolutionState | None = None
        """The shared engine's own state, whose session this one answers about until it switches."""

    def attached(self, settings: Settings) -> SolutionState:
        """A state for one front end of the shared engine: this one's solution, the front end's settings.
        A ``load_solution`` there switches that front end alone; the shared solution stays loaded."""
        state = SolutionState(settings)
        state.session, state.configured, state._origin = self.session, self.configured, self
        return state

    def _progress_of(self, session: SolutionSession) -> LoadProgress | None:
        origin = self._origin
        return origin.progress if origin is not None and session is origin.session else self.progress

    def start_configured(self, path: str) -> SolutionSession:
        """Load the solution named in the server's own configuration: the user named it, so it is trusted."""
        session = self.start_loading(path, NAMED_BY_USER)
        self.configured = str(resolve_target(path).path)  # the solution itself, not a focus on it
        return session

    def start_requested(self, path: str, projects: list[str] | None = None) -> SolutionSession:
        """Load a solution an assistant asked for: trusted only by a listed root or a remembered grant."""
        if not path or not path.strip():
            raise InvalidArgument("The path is empty.", "Give the absolute path of a .sln, .slnx or .csproj file.")
        if not os.path.isabs(os.path.expanduser(path)):
            raise InvalidArgument(
                f"{path} is a relative path; the server's working directory is not a solution to guess from.",
                "Give the absolute path of a .sln, .slnx or .csproj file, a file-based app (app.cs), or a directory.",
            )
        target = resolve_target(path)
        trust = NAMED_BY_USER if str(target.path) == self.configured else decide(target.path)
        return self.start_loading(path, trust, projects)

    def start_loading(self, path: str, trust: Trust, projects: list[str] | None = None) -> SolutionSession:
        """Open ``path`` and load it on a background thread; returns at once.

        The solution being served stays current until the new one has loaded: a failed switch keeps it.
        """
        session = open_session(path, trust=trust, projects=projects)
        with self._lock:
            if self.session is None or not self.session.is_loaded:
                self.session = session
            self._pending = session
        threading.Thread(target=self._load, args=(session,), name="roslyn-mcp-load", daemon=True).start()
        return session

    def _load(self, session: SolutionSession) -> None:
        try:
            session.load(self._report)
        except EngineError as error:
            # A load under way at exit fails as its children are ended: nothing a user need hear of.
            (log.debug if exiting() else log.warning)("loading %s failed: %s", session.target.path, error)
            return
        except Exception:
            log.exception("loading %s failed", session.target.path)
            return
        previous = None
        with self._lock:
            if self._pending is session:
                previous, self.session = self.session, session
        shared = self._origin.session if self._origin is not None else None
        if previous is not None and previous is not session and previous is not shared:
            # The switch took: the old solution's workspace, watcher and caches go (memory stays bounded).
            close_session(previous)

    async def switched(self, session: SolutionSession, ctx: Context | None) -> SolutionSession:
        """Wait for a requested switch to ``session``; on failure say which solution is still served."""
        await self._wait(session, ctx)
        if session.error is not None:
            current = self.session
            still = (
                f" Still answering about {current.target.path.name}, which stays loaded."
                if current is not None and current is not session and current.is_loaded
                else ""
            )
            raise ToolError(f"{session.target.path.name} failed to load: {session.error.describe()}{still}")
        return session

    def _report(self, progress: LoadProgress) -> None:
        self.progress = progress

    async def ready(self, ctx: Context | None, early: bool = False) -> SolutionSession:
        """The loaded session, waiting (with progress notifications) while it loads; with ``early``, the
        loading session at once when it answers before the load (its on-disk index, or syntax alone)."""
        session = self.session
        if session is None:
            raise ToolError(
                "No solution is loaded.\n"
                "Call load_solution with the path of a .sln, .slnx or .csproj (or set DOTNET_SOLUTION_PATH)."
            )
        loading = not session.is_loaded and session.error is None
        if early and loading and await anyio.to_thread.run_sync(session.answers_before_load):
            return session
        await self._wait(session, ctx)
        if session.error is not None:
            raise ToolError(f"{session.target.path.name} failed to load: {session.error.describe()}")
        return session

    async def loaded_or_none(self, ctx: Context | None) -> SolutionSession | None:
        """The loaded session (waiting while it loads), or ``None`` when there is none: for tools that
        work without a solution (the REPL, NuGet, framework documentation)."""
        session = self.session
        if session is None:
            return None
        await self._wait(session, ctx)
        return None if session.error is not None else session

    async def _wait(self, session: SolutionSession, ctx: Context | None) -> None:
        reported = None
        while not session.is_loaded and session.error is None:
            progress = self._progress_of(session)
            if ctx is not None and progress is not None and progress != reported:
                reported = progress
                await _report_progress(ctx, progress)
            await anyio.sleep(_WAIT_STEP_SECONDS)


async def _report_progress(ctx: Context, progress: LoadProgress) -> None:
    message = f"{progress.phase} {progress.project} ({progress.index} of {progress.total} projects)"
    try:
        await ctx.report_progress(progress.index, progress.total or None, message)
    except Exception:  # a client without a progress token, or one that went away
        log.debug("progress notification not sent", exc_info=True)


def error_text(error: Any) -> str:
    return error.describe() if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"
