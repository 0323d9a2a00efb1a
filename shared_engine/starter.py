"""Attaching to a solution's engine, starting it first when none listens.

Starters take the place's lock, so two front ends starting at once make one engine: the second waits
and attaches to the first's. A socket left by an engine that died is removed before a new one binds.
"""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from . import protocol
from .place import Place

_ATTEMPTS = 10
_RETRY_SECONDS = 0.2
START_SECONDS = 60.0
"""How long an engine may take to listen (its imports; the load goes on after)."""


class AttachFailed(Exception):
    """No engine could be reached or started; the message says why."""


def connect(place: Place) -> socket.socket | None:
    """A connection to the engine listening at ``place``, or ``None`` when none does."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(str(place.socket))
    except (FileNotFoundError, ConnectionRefusedError):
        connection.close()
        return None
    return connection


def attach(place: Place, command: Sequence[str], role: str, **details: object) -> tuple[socket.socket, dict]:
    """Connect to ``place``'s engine (starting it with ``command`` when none listens) and greet it;
    returns the connection and the engine's answer (``pid``, ``started``: whether this call started it).

    Raises:
        AttachFailed: the engine could not start, or refused this front end (its answer says why).
    """
    for _ in range(_ATTEMPTS):
        started = False
        connection = connect(place)
        if connection is None:
            with _locked(place):
                connection = connect(place)
                if connection is None:
                    connection = _start(place, command)
                    started = True
        answer = greet(connection, role, **details)
        if answer is None:
            # An engine being killed still accepts for a moment, then resets: once it has gone, the
            # next attempt finds no one listening and starts a new one.
            connection.close()
            time.sleep(_RETRY_SECONDS)
            continue
        if not answer.get("ok"):
            connection.close()
            raise AttachFailed(str(answer.get("why", "the engine refused without saying why")))
        return connection, {**answer, "started": started}
    raise AttachFailed("the engine closed every connection as it was greeted")


def greet(connection: socket.socket, role: str, **details: object) -> dict | None:
    """Say who this front end is; the engine's answer, or ``None`` when it closed the connection first."""
    try:
        connection.sendall(protocol.hello(role, **details))
        raw = first_line(connection)
    except OSError:
        return None
    return protocol.read(raw) if raw else None


@contextmanager
def _locked(place: Place) -> Iterator[None]:
    descriptor = os.open(place.lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)  # released by the kernel if this process dies
        yield
    finally:
        os.close(descriptor)


def _start(place: Place, command: Sequence[str]) -> socket.socket:
    place.socket.unlink(missing_ok=True)  # an engine that died left it; none listens (checked under the lock)
    with open(place.log, "ab") as log:
        os.chmod(place.log, 0o600)
        engine = subprocess.Popen(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,  # outlives this front end: the next one attaches to it
            close_fds=True,
        )
    # Waited for from a thread of its own: an engine that dies (killed, or idle) while this front end
    # lives is reaped at once instead of staying a zombie until the front end exits.
    threading.Thread(target=engine.wait, name="roslyn-engine-reaper", daemon=True).start()
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        connection = connect(place)
        if connection is not None:
            return connection
        if engine.poll() is not None:
            raise AttachFailed(f"the engine exited with status {engine.returncode} as it started:\n{_tail(place)}")
        time.sleep(0.02)
    engine.kill()
    raise AttachFailed(f"the engine did not listen within {START_SECONDS:.0f} s:\n{_tail(place)}")


def first_line(connection: socket.socket) -> bytes:
    """The engine's greeting; ``b""`` when it closed the connection first."""
    received = b""
    while not received.endswith(b"\n"):
        chunk = connection.recv(1)  # byte by byte: what follows the answer belongs to the caller
        if not chunk:
            return received
        received += chunk
    return received


def _tail(place: Place, lines: int = 15) -> str:
    try:
        return "\n".join(place.log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
