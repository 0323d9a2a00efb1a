"""The shared engine's server: its socket, each front end's connection (an MCP session, a watcher,
a terminal app's session) and its idle exit. Started by ``python -m engine_host``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import AsyncIterator
from typing import Any

import anyio
from anyio.abc import SocketAttribute, SocketStream
from mcp.server.stdio import stdio_server

from engine import set_write_approver
from mcp_server import activity, shutdown
from mcp_server.approval import set_person_asker
from mcp_server.config import Settings
from mcp_server.http import serve_http
from mcp_server.server import create_server
from mcp_server.solution_state import SolutionState
from mcp_server.transport import CheckedLines
from shared_engine import protocol
from shared_engine.peer import peer_of
from shared_engine.place import Place

from .sessions import SessionServer
from .watchers import Watcher, Watchers, encoded

log = logging.getLogger("roslyn_mcp")


class _Lines:
    """A connection's lines, read as they arrive; what follows the greeting stays for the protocol."""

    def __init__(self, stream: SocketStream) -> None:
        self.stream = stream
        self.buffer = b""

    async def line(self) -> bytes | None:
        while b"\n" not in self.buffer:
            try:
                chunk = await self.stream.receive(1 << 16)
            except (anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                rest, self.buffer = self.buffer, b""
                return rest or None
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\n", 1)
        return raw + b"\n"

    async def texts(self) -> AsyncIterator[str]:
        while (raw := await self.line()) is not None:
            yield raw.decode("utf-8", errors="surrogateescape")


class _Writer:
    """What the SDK's stdio transport writes to, here the connection."""

    def __init__(self, stream: SocketStream) -> None:
        self.stream = stream

    async def write(self, text: str) -> None:
        await self.stream.send(text.encode("utf-8"))

    async def flush(self) -> None:
        return None


class Engine:
    def __init__(
        self, place: Place, state: SolutionState, idle_seconds: float, http: tuple[str, int] | None = None
    ) -> None:
        self.place = place
        self.state = state
        self.idle_seconds = idle_seconds
        self.http = http
        """Also serve MCP's streamable HTTP there (then the engine never leaves on its own)."""
        self.attached = 0
        self.last_left = time.monotonic()
        self.watchers: Watchers | None = None

    async def serve(self) -> None:
        self.watchers = Watchers(asyncio.get_running_loop())
        activity.OBSERVERS.append(self.watchers.observe)
        set_write_approver(self.watchers.approve)
        set_person_asker(self.watchers)
        listener = await anyio.create_unix_listener(self.place.socket, mode=0o600)
        # Described by the file it loads (a directory named resolved): front ends look for it that way.
        solution = self.state.configured or self.state.settings.solution_path or ""
        self.place.describe(solution, os.environ.get("ROSLYN_PROJECTS"), protocol.version())
        log.info("listening at %s", self.place.socket)
        async with anyio.create_task_group() as group:
            if self.http is None:
                group.start_soon(self._leave_when_idle)
            else:
                host, port = self.http
                group.start_soon(serve_http, self.state, host, port, self.place.token)
            await listener.serve(self._connection, task_group=group)

    async def _leave_when_idle(self) -> None:
        while True:
            await anyio.sleep(1)
            if self.attached == 0 and time.monotonic() - self.last_left > self.idle_seconds:
                log.info("no front end for %.0f s: leaving", self.idle_seconds)
                self.place.forget()
                shutdown.leave(0)

    async def _connection(self, stream: SocketStream) -> None:
        """One front end's connection, until it leaves. Nothing a peer does ends the engine: a peer that
        goes away mid-greeting, sends what is not the protocol, or is refused and gone before the
        refusal arrives ends its own connection only."""
        try:
            await self._serve_peer(stream)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, OSError) as error:
            log.info("a front end left mid-conversation (%s)", error or type(error).__name__)
        except Exception:
            log.warning("a front end's connection failed; the engine goes on", exc_info=True)

    async def _serve_peer(self, stream: SocketStream) -> None:
        async with stream:
            peer = peer_of(stream.extra(SocketAttribute.raw_socket))
            if peer.uid != os.getuid():
                log.warning("refused a connection of uid %d (pid %d): not this engine's user", peer.uid, peer.pid)
                return
            lines = _Lines(stream)
            hello = protocol.read(await lines.line() or b"{}")
            why = _refusal(hello)
            if why:
                await stream.send(protocol.line({"ok": False, "why": why}))
                return
            session = self.state.session
            await stream.send(
                protocol.line({"ok": True, "pid": os.getpid(), "solution": str(session.target.path) if session else ""})
            )
            self.attached += 1
            try:
                if hello["role"] == protocol.MCP:
                    await self._serve_mcp(stream, lines, hello, peer.pid)
                elif hello["role"] == protocol.SESSION:
                    server = SessionServer(stream.extra(SocketAttribute.raw_socket), self.state)
                    await anyio.to_thread.run_sync(server.serve, abandon_on_cancel=True)
                else:
                    await self._serve_watcher(stream, lines)
            finally:
                self.attached -= 1
                self.last_left = time.monotonic()

    async def _serve_mcp(self, stream: SocketStream, lines: _Lines, hello: dict[str, Any], pid: int) -> None:
        env = {k: str(v) for k, v in (hello.get("settings") or {}).items()}
        settings = Settings.from_environment(self.state.settings.solution_path, env)
        state = self.state.attached(settings)
        server = create_server(settings, state)
        checked = CheckedLines(lines.texts())
        activity.CLIENT.set(f"roslyn-mcp {pid}")
        try:
            async with stdio_server(stdin=checked, stdout=_Writer(stream)) as (read_stream, write_stream):  # type: ignore[arg-type]
                checked.answer_through(write_stream)
                lowlevel = server._lowlevel_server
                await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
        finally:
            # What this front end added goes with it: another solution's engine may leave when idle.
            await anyio.to_thread.run_sync(state.release)

    async def _serve_watcher(self, stream: SocketStream, lines: _Lines) -> None:
        assert self.watchers is not None
        send, receive = anyio.create_memory_object_stream[dict[str, Any]](1000)
        watcher = Watcher(send)
        self.watchers.add(watcher)

        async def write() -> None:
            async with receive:
                async for event in receive:
                    await stream.send(encoded(event))

        try:
            async with anyio.create_task_group() as group:
                group.start_soon(write)
                while (raw := await lines.line()) is not None:
                    self.watchers.heard(watcher, protocol.read(raw))
                group.cancel_scope.cancel()
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass
        finally:
            self.watchers.remove(watcher)
            send.close()


def _refusal(hello: dict[str, Any]) -> str:
    if hello.get("roslyn_engine") != protocol.PROTOCOL or hello.get("role") not in (
        protocol.MCP,
        protocol.WATCH,
        protocol.SESSION,
    ):
        return f"not a front end of this protocol (expected roslyn_engine {protocol.PROTOCOL}, a known role)"
    if hello.get("version") != protocol.version():
        return f"this engine is version {protocol.version()}, the front end {hello.get('version')}"
    return ""
