"""A solution session in the shared engine, used from a front end's process (the terminal app) as if
it were its own: queries and engine functions run there, their views come back.

Each request is a frame (a length, then a pickle) naming an engine function by reference, with its
arguments; the session object itself and any callback among them travel as markers, replaced in the
engine by its session and by a function that sends the callback's arguments back here. Pickle is safe
here because both ends are this user's own processes of the same version (the socket's directory is
the user's alone, the engine checks the peer's uid, and the greeting checks the version): nothing
crosses a trust boundary that running code as this user did not already cross.
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import pickle
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .caller import Asker
from .session import LOAD_TIMEOUT_SECONDS, QUERY_TIMEOUT_SECONDS

T = TypeVar("T")
_LENGTH = struct.Struct("!Q")
EARLY_INDEX = object()
"""What ``early_index()`` gives when the engine's session answers from its index (its source stays there)."""


@dataclass(frozen=True)
class SessionMarker:
    """Stands for the engine's session among a request's arguments."""


@dataclass(frozen=True)
class CallbackMarker:
    number: int


def send_frame(connection: socket.socket, value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    connection.sendall(_LENGTH.pack(len(data)) + data)


def receive_frame(connection: socket.socket) -> Any:
    (length,) = _LENGTH.unpack(_exactly(connection, _LENGTH.size))
    return pickle.loads(_exactly(connection, length))


def _exactly(connection: socket.socket, size: int) -> bytes:
    parts, left = [], size
    while left:
        chunk = connection.recv(min(left, 1 << 20))
        if not chunk:
            raise ConnectionError("the shared engine closed the connection")
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


class EngineGone(ConnectionError):
    """The shared engine stopped while a request waited for it."""


@dataclass
class _Pending:
    done: threading.Event
    callbacks: dict[int, Callable[..., Any]]
    thread: int
    """The front end's thread that asked."""
    outcome: tuple[str, Any] | None = None


class RemoteSession:
    """A front end's ``shared_engine.session.Session``, answered by the shared engine's session."""

    def __init__(
        self,
        connection: socket.socket,
        engine_pid: int,
        error: Callable[[str], Exception] = EngineGone,
        on_gone: Callable[[str], None] | None = None,
        on_generated: Callable[[dict[str, str]], None] | None = None,
        asker: Callable[[], Asker | None] | None = None,
    ) -> None:
        self.engine_pid = engine_pid
        self._asker = asker
        """The assistant's call a request is made for, if any (``shared_engine.caller``): its writes there
        wait for approval as the calling engine's own would."""
        self._on_generated = on_generated
        """Told the documents the engine knows as generated, before the answers that may show them: a
        view renders their marks from what this process knows."""
        self._error = error
        """Makes the error a request raises once the engine is gone (the front end's own kind)."""
        self._on_gone = on_gone
        """Told (from the reading thread) when the engine stops while this session is in use."""
        self._connection = connection
        self._send_lock = threading.Lock()
        self._pending: dict[int, _Pending] = {}
        self._numbers = itertools.count(1)
        self._gone: str | None = None
        self._facts: dict[str, Any] = {}
        self._reader = threading.Thread(target=self._read, name="roslyn-tui-remote-session", daemon=True)
        self._reader.start()
        self.refresh()

    # What the session is ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the session's facts again (its report once loaded, its trust)."""
        self._facts = self._request("facts")

    @property
    def target(self) -> Any:
        return self._facts["target"]

    @property
    def root(self) -> Path:
        return Path(self._facts["root"])

    @property
    def report(self) -> Any:
        return self._facts["report"]

    @property
    def error(self) -> Any:
        return self._facts["error"]

    @property
    def restricted(self) -> bool:
        return bool(self._facts["restricted"])

    @property
    def is_loaded(self) -> bool:
        return self._facts["report"] is not None

    @property
    def gone(self) -> str | None:
        """Why the engine can no longer answer (``None`` while it can)."""
        return self._gone

    # What it does -------------------------------------------------------------------------------

    def run(
        self, query: Callable[..., T], *args: Any, timeout: float | None = QUERY_TIMEOUT_SECONDS, **kwargs: Any
    ) -> T:
        return self._for_caller("run", query, args, {**kwargs, "timeout": timeout})

    def call(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(session, *args, **kwargs)`` in the engine, on the engine's own session."""
        return self._for_caller("call", function, args, kwargs)

    def call_plain(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` in the engine; this session among the arguments stands for its own."""
        return self._for_caller("call_plain", function, args, kwargs)

    def _for_caller(self, kind: str, function: Callable[..., T], args: Any, kwargs: dict[str, Any]) -> T:
        """The request, made for the assistant's call under way here, if any: a write it makes there that
        waits for this side's approval is asked here, then made again as approved."""
        asker = self._asker() if self._asker is not None else None
        caller = asker.caller if asker is not None else None
        try:
            return self._request(kind, function, args, kwargs, caller)  # type: ignore[no-any-return]
        except Exception as error:
            approved = asker.approved(error) if asker is not None else None
            if approved is None:
                raise
            return self._request(kind, function, args, kwargs, approved)  # type: ignore[no-any-return]

    def load(self, progress: Callable[[Any], None] | None = None, timeout: float = LOAD_TIMEOUT_SECONDS) -> Any:
        """Wait for the engine's load (its progress reported here); its report."""
        report = self._request("load", progress, timeout)
        self.refresh()
        return report

    def version(self) -> int:
        return int(self._request("version"))

    def answers_before_load(self) -> bool:
        return bool(self._request("answers_before_load"))

    def early_index(self) -> object | None:
        return EARLY_INDEX if self._request("has_early_index") else None

    def prefer(self, path: str) -> None:
        self._request("prefer", path)

    def stop(self, thread: int) -> None:
        """The engine stops what answers the requests ``thread`` is waiting for."""
        asked = [number for number, pending in list(self._pending.items()) if pending.thread == thread]
        if asked:
            self._request("stop", tuple(asked))

    def close(self) -> None:
        self._gone = "closed"
        with contextlib.suppress(OSError):
            self._connection.shutdown(socket.SHUT_RDWR)
        self._connection.close()

    # The wire ------------------------------------------------------------------------------------

    def _request(self, kind: str, *payload: Any) -> Any:
        if self._gone is not None:
            raise self._error(f"The shared engine is gone ({self._gone}).")
        number = next(self._numbers)
        callbacks: dict[int, Callable[..., Any]] = {}
        marked = tuple(self._marked(value, callbacks) for value in payload)
        pending = self._pending[number] = _Pending(threading.Event(), callbacks, threading.get_ident())
        try:
            with self._send_lock:
                send_frame(self._connection, (number, kind, marked))
        except OSError as error:
            self._pending.pop(number, None)
            raise self._error(f"The shared engine is gone ({error}).") from error
        pending.done.wait()
        self._pending.pop(number, None)
        assert pending.outcome is not None
        state, value = pending.outcome
        if state == "error":
            raise value
        return value

    def _marked(self, value: Any, callbacks: dict[int, Callable[..., Any]]) -> Any:
        if value is self:
            return SessionMarker()
        if isinstance(value, tuple):
            return tuple(self._marked(each, callbacks) for each in value)
        if isinstance(value, dict):
            return {key: self._marked(each, callbacks) for key, each in value.items()}
        if _is_callback(value):
            number = len(callbacks) + 1
            callbacks[number] = value
            return CallbackMarker(number)
        return value

    def _read(self) -> None:
        try:
            while True:
                number, state, value = receive_frame(self._connection)
                if state == "generated":
                    if self._on_generated is not None:
                        with contextlib.suppress(Exception):  # a mark the less, never a lost answer
                            self._on_generated(value)
                    continue
                pending = self._pending.get(number)
                if pending is None:
                    continue
                if state == "callback":
                    callback_number, args = value
                    with contextlib.suppress(Exception):  # a failing callback is the front end's, not the request's
                        pending.callbacks[callback_number](*args)
                    continue
                pending.outcome = (state, value)
                pending.done.set()
        except (OSError, EOFError, pickle.UnpicklingError, struct.error) as error:
            closed = self._gone == "closed"
            self._gone = self._gone or str(error) or type(error).__name__
            for pending in list(self._pending.values()):
                pending.outcome = ("error", self._error(f"The shared engine stopped ({self._gone})."))
                pending.done.set()
            if not closed and self._on_gone is not None:
                self._on_gone(self._gone)


def _is_callback(value: Any) -> bool:
    """A function that cannot travel by reference: a lambda, a nested function or a bound method (a
    module's own functions, engine functions among them, travel by reference)."""
    if inspect.ismethod(value):
        return True
    if inspect.isfunction(value):
        return "<locals>" in value.__qualname__ or value.__name__ == "<lambda>"
    return False


def attach_session(
    solution: str,
    projects: str | None,
    error: Callable[[str], Exception] = EngineGone,
    on_gone: Callable[[str], None] | None = None,
    on_generated: Callable[[dict[str, str]], None] | None = None,
    asker: Callable[[], Asker | None] | None = None,
) -> RemoteSession:
    """The session of ``solution``'s shared engine (focused on ``projects``), started when none runs.

    Raises:
        NoPrivatePlace: there is no private runtime directory for the socket.
        AttachFailed: the engine could not start, or refused.
    """
    from engine_host.launch import command as engine_command

    from . import protocol
    from .place import place_of
    from .starter import attach

    place = place_of(solution, projects, protocol.version())
    connection, answer = attach(place, engine_command(solution, projects), protocol.SESSION)
    return RemoteSession(connection, int(answer.get("pid", 0)), error, on_gone, on_generated, asker)
