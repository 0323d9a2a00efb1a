"""What a front end and the engine say before the front end's own protocol begins: one JSON line each.

The front end says who it is (``role``: ``mcp`` for an MCP session relayed byte for byte, ``watch`` for
the terminal app following the assistant, ``session`` for the terminal app's own queries on the
engine's session: ``remote``) and which version it is; the engine answers ``ok`` with its
pid, or why it will not serve. After that an ``mcp`` connection carries MCP's own JSON-RPC lines and a
``watch`` connection carries events (``activity``, ``approve``) one way and decisions the other, and a
``session`` connection pickled frames (``remote``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from importlib import metadata
from pathlib import Path
from typing import Any

PROTOCOL = 1
MCP, WATCH, SESSION = "mcp", "watch", "session"
_SOURCES = ("engine", "engine_host", "mcp_server", "shared_engine")


@functools.cache
def version() -> str:
    """The package version and a digest of the engine's sources: an engine serves only front ends of
    exactly its code (an edited checkout is another version)."""
    try:
        release = metadata.version("roslyn-tui")
    except metadata.PackageNotFoundError:
        release = "0"
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(str(PROTOCOL).encode())
    for package in _SOURCES:
        for directory, folders, files in os.walk(root / package):
            folders[:] = sorted(f for f in folders if f not in ("__pycache__", "bin", "obj"))
            for name in sorted(files):
                if name.endswith((".py", ".cs", ".csproj", ".md")):
                    found = os.stat(os.path.join(directory, name))
                    digest.update(f"{directory}/{name}:{found.st_size}:{found.st_mtime_ns}".encode())
    return f"{release}+{digest.hexdigest()[:12]}"


def enabled() -> bool:
    """Whether front ends share an engine (``ROSLYN_SHARED_ENGINE``, on unless ``0``)."""
    return os.environ.get("ROSLYN_SHARED_ENGINE", "1").lower() not in ("0", "false", "no")


def approval_asked() -> bool:
    """Whether ``ROSLYN_APPROVE_WRITES`` asks that an assistant's writes wait for a person."""
    return os.environ.get("ROSLYN_APPROVE_WRITES", "").lower() in ("1", "true", "yes")


SETTINGS_PREFIXES = ("ROSLYN_", "DOTNET_SOLUTION_PATH")
"""The environment a front end passes to the engine for its own session (toolsets, budgets, limits)."""


def hello(role: str, **details: Any) -> bytes:
    settings = {k: v for k, v in os.environ.items() if k.startswith(SETTINGS_PREFIXES)}
    return line({"roslyn_engine": PROTOCOL, "version": version(), "role": role, "settings": settings, **details})


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def read(raw: bytes) -> dict[str, Any]:
    """One protocol line; a line that is not a JSON object reads as a refusal naming it."""
    try:
        message = json.loads(raw)
    except ValueError:
        return {"ok": False, "why": f"the engine answered {raw[:80]!r}, which is not its protocol"}
    return message if isinstance(message, dict) else {"ok": False, "why": "the engine's answer is not an object"}
