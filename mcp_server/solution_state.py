"""The one solution the server answers about: loaded in the background, switched by ``load_solution``."""

from __future__ import annotations

import logging
import threading
from typing import Any

import anyio
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError

from engine import EngineError, LoadProgress, SolutionSession, open_session

log = logging.getLogger("roslyn_mcp")

_WAIT_STEP_SECONDS = 0.5


class SolutionState:
    """Holds the current session; tools wait for a load in progress instead of failing."""

    def __init__(self) -> None:
        self.session: SolutionSession | None = None
        self.progress: LoadProgress | None = None
        self._lock = threading.Lock()

    def start_loading(self, path: str) -> SolutionSession:
        """Open ``path`` and load it on a background thread; returns at once."""
        session = open_session(path)
        with self._lock:
            self.session = session
        threading.Thread(target=self._load, args=(session,), name="roslyn-mcp-load", daemon=True).start()
        return session

    def _load(self, session: SolutionSession) -> None:
        try:
            session.load(self._report)
        except EngineError as error:
            log.warning("loading %s failed: %s", session.target.path, error)
        except Exception:
            log.exception("loading %s failed", session.target.path)

    def _report(self, progress: LoadProgress) -> None:
        self.progress = progress

    async def ready(self, ctx: Context | None) -> SolutionSession:
        """The loaded session, waiting (with progress notifications) while it loads."""
        session = self.session
        if session is None:
            raise ToolError(
                "No solution is loaded.\n"
                "Call load_solution with the path of a .sln, .slnx or .csproj (or set DOTNET_SOLUTION_PATH)."
            )
        reported = None
        while not session.is_loaded and session.error is None:
            progress = self.progress
            if ctx is not None and progress is not None and progress != reported:
                reported = progress
                await _report_progress(ctx, progress)
            await anyio.sleep(_WAIT_STEP_SECONDS)
        if session.error is not None:
            raise ToolError(f"{session.target.path.name} failed to load: {session.error.describe()}")
        return session


async def _report_progress(ctx: Context, progress: LoadProgress) -> None:
    message = f"{progress.phase} {progress.project} ({progress.index} of {progress.total} projects)"
    try:
        await ctx.report_progress(progress.index, progress.total or None, message)
    except Exception:  # a client without a progress token, or one that went away
        log.debug("progress notification not sent", exc_info=True)


def error_text(error: Any) -> str:
    return error.describe() if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"
