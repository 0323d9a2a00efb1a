"""The shared engine's side of ``shared_engine.remote``: a front end's requests on the engine's session,
each in a thread of its own (a front end asks several things at once), answered as they finish."""

from __future__ import annotations

import logging
import socket
import threading
import time
from typing import Any

from engine import EngineError, generated_since
from mcp_server.solution_state import SolutionState
from shared_engine.caller import answering_for
from shared_engine.remote import CallbackMarker, SessionMarker, receive_frame, send_frame
from shared_engine.session import Session

log = logging.getLogger("roslyn_mcp")
_PROGRESS_STEP_SECONDS = 0.25


class SessionServer:
    def __init__(self, connection: socket.socket, state: SolutionState) -> None:
        self.connection = connection
        self.state = state
        self._send_lock = threading.Lock()
        self._generated_sent = 0
        """How many of the engine's generated documents the front end was told of."""
        self._answering: dict[int, int] = {}
        """The thread answering each request still running (a ``stop`` names requests)."""

    def serve(self) -> None:
        """Until the front end leaves: each request answered from its own thread."""
        self.connection.setblocking(True)
        while True:
            try:
                number, kind, payload = receive_frame(self.connection)
            except (OSError, EOFError, ConnectionError):
                return
            except Exception:
                log.exception("a front end sent a request that could not be read; leaving it")
                return
            threading.Thread(target=self._answer, args=(number, kind, payload), daemon=True).start()

    def _answer(self, number: int, kind: str, payload: tuple[Any, ...]) -> None:
        self._answering[number] = threading.get_ident()
        try:
            value = self._do(number, kind, payload)
            outcome: tuple[str, Any] = ("ok", value)
        except Exception as error:
            outcome = ("error", error if isinstance(error, EngineError) else _described(error))
        finally:
            self._answering.pop(number, None)
        try:
            self._tell_generated(number)
            self._send(number, *outcome)
        except (TypeError, AttributeError, ValueError) as error:  # not picklable
            self._send(number, "error", EngineError(f"The engine's answer could not be sent: {error}"))
        except OSError:
            pass  # the front end left

    def _do(self, number: int, kind: str, payload: tuple[Any, ...]) -> Any:
        session = self.state.session
        if session is None:
            raise EngineError("The shared engine has no solution.", "Start it with a solution (roslyn-mcp --solution).")
        if kind == "facts":
            error = session.error
            return {
                "target": session.target,
                "root": str(session.root),
                "report": session.report,
                "error": error,
                "restricted": session.restricted,
            }
        arguments = tuple(self._unmarked(number, value) for value in payload)
        if kind in ("run", "call", "call_plain"):
            function, args, kwargs, caller = arguments
            with answering_for(caller):
                return getattr(session, kind)(function, *args, **kwargs)
        if kind == "load":
            return self._load(session, *arguments)
        if kind == "version":
            return session.version()
        if kind == "answers_before_load":
            return session.answers_before_load()
        if kind == "has_early_index":
            return session.early_index() is not None
        if kind == "prefer":
            session.prefer(arguments[0])
            return None
        if kind == "stop":
            for asked in arguments[0]:
                if (thread := self._answering.get(asked)) is not None:
                    session.stop(thread)
            return None
        raise EngineError(f"Unknown request {kind!r} from a front end of the same version.")

    def _load(self, session: Session, progress: Any, timeout: float) -> Any:
        """Wait for the engine's load (at most ``timeout`` seconds), reporting its progress."""
        reported = None
        deadline = time.monotonic() + timeout
        while not session.is_loaded and session.error is None:
            if time.monotonic() > deadline:
                raise EngineError(
                    f"The shared engine's load did not end within {timeout:g} s.",
                    "Ask again: the engine goes on loading; or raise the load's timeout.",
                )
            current = self.state.progress
            if progress is not None and current is not None and current != reported:
                reported = current
                progress(current)
            time.sleep(_PROGRESS_STEP_SECONDS)
        if session.error is not None:
            raise session.error
        return session.report

    def _unmarked(self, number: int, value: Any) -> Any:
        if isinstance(value, SessionMarker):
            return self.state.session
        if isinstance(value, CallbackMarker):
            return lambda *args: self._send(number, "callback", (value.number, args))
        if isinstance(value, tuple):
            return tuple(self._unmarked(number, each) for each in value)
        if isinstance(value, dict):
            return {key: self._unmarked(number, each) for key, each in value.items()}
        return value

    def _tell_generated(self, number: int) -> None:
        """The documents found generated since the front end was last told, before an answer that may
        show them (its views mark them from what its own process knows)."""
        with self._send_lock:
            fresh = generated_since(self._generated_sent)
            if fresh:
                self._generated_sent += len(fresh)
                send_frame(self.connection, (number, "generated", fresh))

    def _send(self, number: int, state: str, value: Any) -> None:
        with self._send_lock:
            send_frame(self.connection, (number, state, value))


def _described(error: Exception) -> EngineError:
    return EngineError(f"{type(error).__name__} in the shared engine: {error}")
