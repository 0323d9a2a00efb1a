"""``roslyn-mcp`` attached to a shared engine: the MCP session's lines relayed between stdio and the
engine's socket, byte for byte, by a process that imports nothing but the standard library.

The relay remembers the client's ``initialize`` so that an engine that died can be replaced without
the client noticing more than one answer: the requests in flight when it died are answered with an
error that says so, the next request starts a new engine (which loads the solution again), the
handshake is replayed to it, and the first answer from it carries a note that the engine was restarted.
It remembers each ``load_solution`` too, replayed after the handshake: the solutions the client added
(each in its own shared engine, which lives on) are answered for again, the last one current as before.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import socket
import sys
from collections.abc import Callable
from typing import Any

from . import protocol
from .place import Place
from .starter import AttachFailed, attach

ENGINE_STOPPED = -32603
REPLAYED = "relay-replayed"
"""The id prefix of what the relay itself sends a new engine: their answers are the relay's."""
RESTART_NOTE = (
    "Note: the shared engine had stopped; a new one was started for this request and loads the solution "
    "again (answers may wait for the load)."
)


class Relay:
    def __init__(self, place: Place, command: list[str], say: Callable[[str], None]) -> None:
        self.place = place
        self.command = command
        self.say = say
        self.engine: socket.socket | None = None
        self.initialize: dict[str, Any] | None = None
        self.initialized: bytes | None = None
        self.loads: dict[str, dict[str, Any]] = {}
        """Each solution the client loaded (by path), its latest ``load_solution`` call, in call order."""
        self.in_flight: set[Any] = set()
        self.restarted = False
        self._from_engine = b""
        self._from_client = b""

    def run(self) -> int:
        self._attach(replay=False)
        selector = selectors.DefaultSelector()
        selector.register(0, selectors.EVENT_READ, "client")
        assert self.engine is not None
        selector.register(self.engine, selectors.EVENT_READ, "engine")
        while True:
            for key, _ in selector.select():
                if key.data == "client":
                    chunk = os.read(0, 1 << 16)
                    if not chunk:  # the client closed stdin: the session is over
                        self._close()
                        return 0
                    self._from_client += chunk
                    while b"\n" in self._from_client:
                        raw, self._from_client = self._from_client.split(b"\n", 1)
                        if raw.strip():
                            self._to_engine(raw + b"\n", selector)
                elif not self._from_engine_readable(selector):
                    self.say(f"the shared engine stopped; its log: {self.place.log}")

    def _to_engine(self, raw: bytes, selector: selectors.BaseSelector) -> None:
        message = _parsed(raw)
        if message.get("method") == "initialize":
            self.initialize = message
        elif message.get("method") == "notifications/initialized":
            self.initialized = raw
        elif _loads_solution(message):
            path = str(message["params"].get("arguments", {}).get("path", ""))
            self.loads.pop(path, None)
            self.loads[path] = message
        if self.engine is None:
            try:
                self._attach(replay=True)
            except (AttachFailed, OSError) as error:
                if "id" in message:
                    failed = {"code": ENGINE_STOPPED, "message": f"The shared engine could not be started: {error}"}
                    _write_out(protocol.line({"jsonrpc": "2.0", "id": message["id"], "error": failed}))
                self.engine = None
                return
            assert self.engine is not None
            selector.register(self.engine, selectors.EVENT_READ, "engine")
        if "method" in message and "id" in message:
            self.in_flight.add(_key(message["id"]))
        try:
            self.engine.sendall(raw)
        except OSError:
            self._engine_gone(selector)

    def _from_engine_readable(self, selector: selectors.BaseSelector) -> bool:
        assert self.engine is not None
        try:
            chunk = self.engine.recv(1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            self._engine_gone(selector)
            return False
        self._from_engine += chunk
        while b"\n" in self._from_engine:
            raw, self._from_engine = self._from_engine.split(b"\n", 1)
            self._to_client(raw + b"\n")
        return True

    def _to_client(self, raw: bytes) -> None:
        message = _parsed(raw)
        if str(message.get("id", "")).startswith(REPLAYED):
            return
        if "id" in message and "method" not in message:
            self.in_flight.discard(_key(message["id"]))
            if self.restarted and isinstance(message.get("result"), dict) and "content" in message["result"]:
                message["result"]["content"].append({"type": "text", "text": RESTART_NOTE})
                raw = protocol.line(message)
                self.restarted = False
        _write_out(raw)

    def _engine_gone(self, selector: selectors.BaseSelector) -> None:
        """Answer what was in flight; the next request starts a new engine."""
        if self.engine is not None:
            selector.unregister(self.engine)
            self.engine.close()
        self.engine, self._from_engine = None, b""
        for request_id in sorted(self.in_flight, key=str):
            error = {
                "code": ENGINE_STOPPED,
                "message": "The shared engine stopped before answering. Ask again: the next request starts a "
                f"new one (its log: {self.place.log}).",
            }
            _write_out(protocol.line({"jsonrpc": "2.0", "id": json.loads(request_id), "error": error}))
        self.in_flight.clear()

    def _attach(self, replay: bool) -> None:
        self.engine, answer = attach(self.place, self.command, protocol.MCP, front_pid=os.getpid())
        if answer.get("started"):
            self.say(f"started the shared engine (pid {answer.get('pid')}) for this solution")
        else:
            self.say(f"attached to the shared engine (pid {answer.get('pid')})")
        if replay and self.initialize is not None:
            self.restarted = True
            self.engine.sendall(protocol.line({**self.initialize, "id": "relay-replayed-initialize"}))
            self._await_replayed_initialize()
            if self.initialized is not None:
                self.engine.sendall(self.initialized)
            for number, load in enumerate(self.loads.values(), 1):
                self.engine.sendall(protocol.line({**load, "id": f"{REPLAYED}-load-{number}"}))

    def _await_replayed_initialize(self) -> None:
        assert self.engine is not None
        buffered = b""
        while b"\n" not in buffered:
            chunk = self.engine.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the new engine closed the connection during the handshake")
            buffered += chunk
        _, self._from_engine = buffered.split(b"\n", 1)  # its answer to the replayed initialize is the relay's

    def _close(self) -> None:
        if self.engine is not None:
            with contextlib.suppress(OSError):
                self.engine.shutdown(socket.SHUT_RDWR)
            self.engine.close()


def _parsed(raw: bytes) -> dict[str, Any]:
    try:
        message = json.loads(raw)
    except ValueError:
        return {}  # the engine's guarded reader answers it
    return message if isinstance(message, dict) else {}


def _loads_solution(message: dict[str, Any]) -> bool:
    params = message.get("params")
    return (
        message.get("method") == "tools/call"
        and isinstance(params, dict)
        and params.get("name") == "load_solution"
        and isinstance(params.get("arguments"), dict)
    )


def _key(request_id: Any) -> str:
    return json.dumps(request_id)


def _write_out(raw: bytes) -> None:
    view = memoryview(raw)
    while view:
        written = os.write(1, view)
        view = view[written:]


def say_to_stderr(text: str) -> None:
    print(f"roslyn-mcp: {text}", file=sys.stderr, flush=True)
