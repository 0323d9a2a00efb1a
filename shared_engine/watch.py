"""Watching a solution's shared engine from a front end (the terminal app): the assistant's requests as
they happen, and the writes waiting for approval. Runs on its own thread, attaches whenever an engine of
this version serves the solution, and reattaches after one stops; it never starts an engine itself."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from typing import Any

from . import protocol
from .place import engines_of
from .starter import connect, greet

RETRY_SECONDS = 2.0


class EngineWatch:
    def __init__(
        self,
        solution: str,
        on_event: Callable[[dict[str, Any]], None],
        on_attached: Callable[[int | None], None],
        approves: bool = False,
    ) -> None:
        self.solution = solution
        self.on_event = on_event
        self.on_attached = on_attached
        """Called with the engine's pid on attaching, ``None`` when it went away."""
        self.approves = approves
        self._connection: socket.socket | None = None
        self._send_lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="roslyn-tui-engine-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        connection = self._connection
        if connection is not None:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def set_approval(self, approves: bool) -> None:
        self.approves = approves
        self._send({"approve_writes": approves})

    def decide(self, request: int, accept: bool, reason: str = "") -> None:
        self._send({"decision": request, "accept": accept, "reason": reason})

    @property
    def attached(self) -> bool:
        return self._connection is not None

    def _send(self, message: dict[str, Any]) -> None:
        with self._send_lock:
            if self._connection is not None:
                with contextlib.suppress(OSError):  # the reader sees it gone and reattaches
                    self._connection.sendall(protocol.line(message))

    def _run(self) -> None:
        while not self._stopped.is_set():
            connection = self._attach()
            if connection is None:
                self._stopped.wait(RETRY_SECONDS)
                continue
            try:
                self._read(connection)
            finally:
                with self._send_lock:
                    self._connection = None
                connection.close()
                if not self._stopped.is_set():
                    self.on_attached(None)

    def _attach(self) -> socket.socket | None:
        for running in engines_of(self.solution):
            if running.version != protocol.version():
                continue
            connection = connect(running.place)
            if connection is None:
                continue
            answer = greet(connection, protocol.WATCH)
            if answer is not None and answer.get("ok"):
                with self._send_lock:
                    self._connection = connection
                self.on_attached(int(answer.get("pid", 0)))
                if self.approves:
                    self._send({"approve_writes": True})
                return connection
            connection.close()
        return None

    def _read(self, connection: socket.socket) -> None:
        buffered = b""
        while not self._stopped.is_set():
            try:
                chunk = connection.recv(1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffered += chunk
            while b"\n" in buffered:
                raw, buffered = buffered.split(b"\n", 1)
                self.on_event(protocol.read(raw))
