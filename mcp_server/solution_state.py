"""The solutions the server answers about: the configured one loaded in the background, more added by
``load_solution``, the current one answering a call that names none (``solution_routing`` chooses).

Where sharing is on, a trusted solution added here is loaded by a shared engine of its own (started
when none runs) and reached through its session (``shared_engine.remote``): a terminal app on that
solution and every other front end share it. An untrusted one opens restricted in this process:
syntax only, nothing of it runs, so there is nothing to share.
"""

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
    LoadedSolution,
    LoadProgress,
    SolutionList,
    SolutionSession,
    Trust,
    close_session,
    decide,
    exiting,
    open_session,
    remember_all_generated,
    resolve_target,
)
from shared_engine.remote import RemoteSession
from shared_engine.session import Session

from .config import Settings
from .solution_routing import route

log = logging.getLogger("roslyn_mcp")

_WAIT_STEP_SECONDS = 0.5


class _Adding:
    """A solution being added: its session once opened (a shared engine's takes a start), or why not."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.session: Session | None = None
        self.error: EngineError | None = None
        self.done = threading.Event()


class SolutionState:
    """The solutions loaded (``sessions``), the current one, and the load in progress; tools wait for a
    load in progress instead of failing."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        """The server's settings, for every tool (``tools.registry.settings_of``)."""
        self.session: Session | None = None
        """The current solution: it answers a call that names no solution and nothing only another holds."""
        self.sessions: list[Session] = []
        """Every solution loaded, in the order added (the current among them once it has loaded)."""
        self.progress: LoadProgress | None = None
        self.configured: str | None = None
        """The real path of the solution the user configured the server with (trusted by that act)."""
        self._lock = threading.Lock()
        self._origin: SolutionState | None = None
        """The shared engine's own state, whose session this one answers about until it switches."""

    def attached(self, settings: Settings) -> SolutionState:
        """A state for one front end of the shared engine: this one's solution, the front end's settings.
        A ``load_solution`` there adds for that front end alone; the shared solution stays loaded."""
        state = SolutionState(settings)
        state.session, state.configured, state._origin = self.session, self.configured, self
        state.sessions = [self.session] if self.session is not None else []
        return state

    def release(self) -> None:
        """The front end left: let go of what it added (a shared engine's session: its connection only)."""
        shared = self._origin.session if self._origin is not None else None
        with self._lock:
            added, self.sessions, self.session = self.sessions, [], None
        for session in added:
            if session is not shared:
                _close(session)

    def _progress_of(self, session: Session) -> LoadProgress | None:
        origin = self._origin
        return origin.progress if origin is not None and session is origin.session else self.progress

    # Loading ------------------------------------------------------------------------------------

    def start_configured(self, path: str) -> SolutionSession:
        """Load the solution named in the server's own configuration: the user named it, so it is trusted.
        It loads in this process (a shared engine's own solution, or a server that shares none)."""
        session = open_session(path, trust=NAMED_BY_USER)
        self.configured = str(resolve_target(path).path)  # the solution itself, not a focus on it
        with self._lock:
            self.session = session
            self.sessions.insert(0, session)  # listed first, as loading (then failed) until it has loaded
        threading.Thread(target=self._load_configured, args=(session,), name="roslyn-mcp-load", daemon=True).start()
        return session

    def _load_configured(self, session: SolutionSession) -> None:
        try:
            session.load(self._report)
        except EngineError as error:
            # A load under way at exit fails as its children are ended: nothing a user need hear of.
            (log.debug if exiting() else log.warning)("loading %s failed: %s", session.target.path, error)
            return
        except Exception:
            log.exception("loading %s failed", session.target.path)

    async def add(self, path: str, ctx: Context | None, projects: list[str] | None = None) -> Session:
        """Load the solution an assistant asked for and make it current, the others staying loaded.
        Trusted by a listed root or a remembered grant (or by being the configured one); another load of
        one already loaded with the same focus answers from it.

        Raises:
            ToolError: the path is not usable, or the solution failed to load (the current one stays).
        """
        if not path or not path.strip():
            raise ToolError(InvalidArgument("The path is empty.", _GIVE_PATH).describe())
        if not os.path.isabs(os.path.expanduser(path)):
            raise ToolError(
                InvalidArgument(
                    f"{path} is a relative path; the server's working directory is not a solution to guess from.",
                    "Give the absolute path of a .sln, .slnx or .csproj file, a file-based app (app.cs), or a "
                    "directory.",
                ).describe()
            )
        try:
            target = resolve_target(path)
        except EngineError as error:
            raise ToolError(error.describe()) from error
        known = self._loaded_as(str(target.path)) if not projects else None
        if known is not None:
            with self._lock:
                self.session = known
            return known
        trust = NAMED_BY_USER if str(target.path) == self.configured else decide(target.path)
        adding = _Adding(path)
        threading.Thread(
            target=self._open_and_load, args=(adding, trust, projects), name="roslyn-mcp-add", daemon=True
        ).start()
        while not adding.done.is_set():
            if ctx is not None and adding.session is not None:
                await self._wait(adding.session, ctx, once=True)
            await anyio.sleep(_WAIT_STEP_SECONDS / 5)
        if adding.error is not None or adding.session is None:
            current = self.session
            still = (
                f" Still answering about {current.target.path.name}, which stays loaded."
                if current is not None and current.is_loaded
                else ""
            )
            failure = adding.error or EngineError(f"{target.path.name} could not be opened.")
            raise ToolError(f"{target.path.name} failed to load: {failure.describe()}{still}")
        return adding.session

    def _open_and_load(self, adding: _Adding, trust: Trust, projects: list[str] | None) -> None:
        try:
            session = self._open(adding.path, trust, projects)
            adding.session = session
            with self._lock:
                if self.session is None or not self.session.is_loaded:
                    self.session = session  # calls made meanwhile wait for it rather than find nothing
            session.load(self._report)
            if session.error is not None:
                raise session.error
        except Exception as error:
            if not isinstance(error, EngineError):
                log.exception("adding %s failed", adding.path)
            adding.error = error if isinstance(error, EngineError) else EngineError(f"{type(error).__name__}: {error}")
            with self._lock:
                if self.session is adding.session and self.sessions:
                    self.session = self.sessions[-1]  # the solution answering before stays current
        else:
            self._added(session)
        finally:
            adding.done.set()

    def _open(self, path: str, trust: Trust, projects: list[str] | None) -> Session:
        """The session of ``path``: its shared engine's when sharing is on and it may run its build, else
        one in this process."""
        if trust.trusted and _sharing() and str(resolve_target(path).path) != self._own_solution():
            from shared_engine.place import NoPrivatePlace
            from shared_engine.remote import attach_session
            from shared_engine.starter import AttachFailed

            try:
                from shared_engine.caller import asking

                return attach_session(
                    path,
                    ",".join(projects) if projects else None,
                    _engine_error,
                    on_generated=remember_all_generated,
                    asker=asking,
                )
            except (NoPrivatePlace, AttachFailed) as error:
                log.warning("no shared engine for %s (%s): loading it in this process", path, error)
        return open_session(path, trust=trust, projects=projects)

    def _own_solution(self) -> str:
        """This process's own shared solution (a shared engine's): loaded here already, never attached to."""
        origin = self._origin
        return (origin.configured or "") if origin is not None else ""

    def _added(self, session: Session) -> None:
        """``session`` loaded: it replaces a load of the same solution (another focus) and becomes current."""
        shared = self._origin.session if self._origin is not None else None
        with self._lock:
            replaced = [s for s in self.sessions if s is not session and s.target.path == session.target.path]
            self.sessions = [s for s in self.sessions if s not in replaced and s is not session] + [session]
            self.session = session
        for old in replaced:
            if old is not shared:
                _close(old)

    def _loaded_as(self, path: str) -> Session | None:
        with self._lock:
            for session in self.sessions:
                if str(session.target.path) == path and session.is_loaded and _usable(session):
                    return session
        return None

    def _report(self, progress: LoadProgress) -> None:
        self.progress = progress

    # Answering ----------------------------------------------------------------------------------

    async def ready(self, ctx: Context | None, early: bool = False, arguments: dict[str, Any] | None = None) -> Session:
        """The session that answers a call with ``arguments`` (``solution_routing``), waiting (with
        progress notifications) while it loads; with ``early``, the loading session at once when it
        answers before the load (its on-disk index, or syntax alone)."""
        session = await route(self.usable(), self.session, arguments or {})
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
        """The current session once loaded (waiting while it loads), or ``None`` when there is none: for
        tools that work without a solution (the REPL, NuGet, framework documentation). Their state is
        this process's own, so they take a solution loaded here: the current one, else the latest."""
        session = self.session
        if session is None:
            return None
        await self._wait(session, ctx)
        with self._lock:
            here = [s for s in (session, *reversed(self.sessions)) if isinstance(s, SolutionSession)]
        return next((s for s in here if s.is_loaded and s.error is None), None)

    def usable(self) -> list[Session]:
        """The loaded solutions that can answer (a shared engine that stopped cannot), in the order added."""
        with self._lock:
            return [s for s in self.sessions if s.is_loaded and _usable(s)]

    def listing(self) -> SolutionList:
        """The solutions, as ``solutions()`` shows them."""
        with self._lock:
            sessions = list(self.sessions)
            current = self.session
            if current is not None and current not in sessions:
                sessions.append(current)  # still loading
        return SolutionList(tuple(self._described(s, s is current) for s in sessions))

    def _described(self, session: Session, current: bool) -> LoadedSolution:
        names = [str(s.target.path.name) for s in self.sessions]
        name = session.target.path.name
        if isinstance(session, RemoteSession):
            engine = f"shared engine (pid {session.engine_pid})"
        elif self._origin is not None and session is self._origin.session:
            engine = f"shared engine (pid {os.getpid()})"
        else:
            engine = "this process"
        report = session.report
        return LoadedSolution(
            name=name if names.count(name) <= 1 else str(session.target.path),
            path=str(session.target.path),
            state=_state(session),
            projects=len(report.projects) if report is not None else 0,
            engine=engine,
            current=current,
        )

    async def _wait(self, session: Session, ctx: Context | None, once: bool = False) -> None:
        reported = None
        while not session.is_loaded and session.error is None:
            progress = self._progress_of(session)
            if ctx is not None and progress is not None and progress != reported:
                reported = progress
                await _report_progress(ctx, progress)
            if once:
                return
            await anyio.sleep(_WAIT_STEP_SECONDS)


_GIVE_PATH = "Give the absolute path of a .sln, .slnx or .csproj file."


def _sharing() -> bool:
    from shared_engine import protocol

    return protocol.enabled()


def _engine_error(text: str) -> EngineError:
    return EngineError(text, "Call load_solution with its path again: that starts its engine anew.")


def _usable(session: Session) -> bool:
    return not (isinstance(session, RemoteSession) and session.gone)


def _state(session: Session) -> str:
    if isinstance(session, RemoteSession) and session.gone:
        return f"its engine stopped ({session.gone})"
    if session.error is not None:
        return f"failed: {session.error}"
    if not session.is_loaded:
        return "loading"
    return "restricted (syntax only)" if session.restricted else "loaded"


def _close(session: Session) -> None:
    if isinstance(session, SolutionSession):
        close_session(session)
    else:
        session.close()


async def _report_progress(ctx: Context, progress: LoadProgress) -> None:
    message = f"{progress.phase} {progress.project} ({progress.index} of {progress.total} projects)"
    try:
        await ctx.report_progress(progress.index, progress.total or None, message)
    except Exception:  # a client without a progress token, or one that went away
        log.debug("progress notification not sent", exc_info=True)


def error_text(error: Any) -> str:
    return error.describe() if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"
