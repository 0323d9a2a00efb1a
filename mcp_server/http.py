"""MCP's streamable HTTP transport for clients that prefer it: ``roslyn-mcp --http 127.0.0.1:PORT``.

Bound to a loopback address only, and every request must carry the bearer token written (``0600``) to
the engine's place and printed once on stderr: another program of another user on the machine can reach
a loopback port, but cannot read the token. Several clients share the one engine (and its solution).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

import anyio
import uvicorn

from .config import Settings
from .server import create_server
from .solution_state import SolutionState

LOOPBACK_NAMES = ("localhost",)


class NotLoopback(ValueError):
    pass


def address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` with a loopback host (``127.0.0.1``, ``::1`` in brackets, ``localhost``).

    Raises:
        NotLoopback: the host would listen beyond this machine, or the text is not HOST:PORT.
    """
    host, _, port = text.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise NotLoopback(f"{text!r} is not HOST:PORT (e.g. 127.0.0.1:8765)")
    if host not in LOOPBACK_NAMES:
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise NotLoopback(f"{host} is not a loopback address: the server listens on 127.0.0.1 or ::1 only")
    return host, int(port)


class BearerToken:
    """An ASGI wrapper refusing every HTTP request without ``Authorization: Bearer <token>``."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = next((value for name, value in scope["headers"] if name == b"authorization"), b"")
            if not hmac.compare_digest(given, self.expected):
                body = json.dumps({"error": "missing or wrong bearer token (see the token file roslyn-mcp named)"})
                headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
                await send({"type": "http.response.start", "status": 401, "headers": headers})
                await send({"type": "http.response.body", "body": body.encode()})
                return
        await self.app(scope, receive, send)


async def serve_http(state: SolutionState, host: str, port: int, token_file: Path) -> None:
    """Serve HTTP on the engine's solution; its token written to ``token_file`` and told on stderr once
    the port accepts (a client reading that line can connect at once)."""
    token = secrets.token_urlsafe(32)
    descriptor = os.open(token_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as stream:
        stream.write(token + "\n")
    settings = Settings.from_environment(state.settings.solution_path)
    server = create_server(settings, state.attached(settings))
    app = BearerToken(server.streamable_http_app(host=host), token)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
    http = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    async with anyio.create_task_group() as group:
        group.start_soon(http.serve)
        while not http.started:
            if http.should_exit:
                return
            await anyio.sleep(0.05)
        print(
            f"roslyn-mcp: MCP over HTTP at http://{shown}:{port}/mcp; send 'Authorization: Bearer {token}' "
            f"(kept in {token_file}, readable by you alone)",
            file=sys.stderr,
            flush=True,
        )
