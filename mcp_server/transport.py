"""The stdio transport, guarded: every request line is answered, even one the SDK would drop.

The SDK's stdio reader turns a line that is not a JSON-RPC message into an exception that nobody
answers, and a string with a lone UTF-16 surrogate into a request whose answer cannot be encoded,
so the client waits forever. Lines are checked here first; the bad ones get a JSON-RPC error reply
(``-32700`` parse error, ``-32600`` invalid request, ``-32602`` invalid params) with the request's
id when it has one, and never reach the server. Arguments longer than a limit are refused the same
way, before anything is parsed into a tool call.

The SDK still owns the descriptors: fd 0 is pointed at the null device (children cannot read the
protocol) and fd 1 at stderr (stray output cannot corrupt it).
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from io import TextIOWrapper
from typing import Any

import anyio
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import ErrorData, JSONRPCError

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602
MAX_LINE_CHARACTERS = 4_000_000
"""A whole request; a client sends far less (the largest argument allowed is below)."""
MAX_ARGUMENT_CHARACTERS = 10_000
"""One string argument of a tool call: far beyond any name, path, query or identifier."""


class RejectedLine(Exception):
    def __init__(self, code: int, message: str, request_id: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.request_id = request_id


def check_line(line: str) -> None:
    """Raise ``RejectedLine`` unless ``line`` is a JSON-RPC message the server can answer."""
    if len(line) > MAX_LINE_CHARACTERS:
        raise RejectedLine(
            INVALID_REQUEST, f"The request is {len(line)} characters; the limit is {MAX_LINE_CHARACTERS}."
        )
    try:
        message = json.loads(line)
    except ValueError as error:
        raise RejectedLine(PARSE_ERROR, f"Parse error: the line is not JSON ({error}).") from None
    if not isinstance(message, dict):
        raise RejectedLine(INVALID_REQUEST, "Invalid request: a JSON-RPC message is one JSON object (no batches).")
    request_id = message.get("id")
    if not isinstance(request_id, str | int) or isinstance(request_id, bool):
        request_id = None
    if message.get("jsonrpc") != "2.0":
        raise RejectedLine(INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0".', request_id)
    is_response = "method" not in message and ("result" in message or "error" in message)
    if not is_response and not isinstance(message.get("method"), str):
        raise RejectedLine(INVALID_REQUEST, 'Invalid request: "method" must be a string.', request_id)
    params = message.get("params")
    if params is not None and not isinstance(params, dict):
        raise RejectedLine(INVALID_PARAMS, 'Invalid params: "params" must be an object.', request_id)
    if message.get("method") == "tools/call":
        if not isinstance((params or {}).get("name"), str):
            raise RejectedLine(INVALID_PARAMS, 'Invalid params: tools/call needs "name", a string.', request_id)
        if not isinstance((params or {}).get("arguments", {}), dict):
            raise RejectedLine(INVALID_PARAMS, 'Invalid params: "arguments" must be an object.', request_id)
    where = _lone_surrogate(message)
    if where is not None:
        raise RejectedLine(
            INVALID_PARAMS,
            f"Invalid params: {where} holds a lone UTF-16 surrogate, which is not a Unicode character; "
            "send text as valid UTF-8 / paired surrogates.",
            request_id,
        )
    arguments = (message.get("params") or {}).get("arguments") if isinstance(message.get("params"), dict) else None
    if isinstance(arguments, dict):
        for name, value in arguments.items():
            if isinstance(value, str) and len(value) > MAX_ARGUMENT_CHARACTERS:
                raise RejectedLine(
                    INVALID_PARAMS,
                    f"Invalid params: '{name}' is {len(value)} characters; the limit is {MAX_ARGUMENT_CHARACTERS}.",
                    request_id,
                )


def _lone_surrogate(value: Any, path: str = "the request") -> str | None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"'{key}'" if path == "the request" else f"{path}.{key}"
            found = _lone_surrogate(key, path) or _lone_surrogate(item, where)
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _lone_surrogate(item, f"{path}[{index}]")
            if found:
                return found
    return None


class CheckedLines:
    """The lines of stdin that pass ``check_line``; the others are answered through ``replies``."""

    def __init__(self, source: Any) -> None:
        self._source = source
        self._ready = anyio.Event()
        self._replies: Any = None

    def answer_through(self, write_stream: Any) -> None:
        self._replies = write_stream
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for line in self._source:
            if not line.strip():
                continue
            try:
                check_line(line)
            except RejectedLine as rejected:
                await self._ready.wait()
                error = JSONRPCError(
                    jsonrpc="2.0", id=rejected.request_id, error=ErrorData(code=rejected.code, message=str(rejected))
                )
                await self._replies.send(SessionMessage(error))
                continue
            yield line


@asynccontextmanager
async def guarded_stdio() -> AsyncIterator[tuple[Any, Any]]:
    """``stdio_server()``'s streams, with every line checked before the server sees it."""
    private = os.dup(0)
    os.set_inheritable(private, False)
    # Children (restore, MSBuild's BuildHost) must not read the protocol: fd 0 becomes the null device.
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    if _pollable(private):
        lines = CheckedLines(_lines_of(private))
    else:  # a regular file cannot be polled: read it in a thread
        raw = TextIOWrapper(os.fdopen(private, "rb", closefd=False), encoding="utf-8", errors="surrogateescape")
        lines = CheckedLines(anyio.wrap_file(raw))
    async with stdio_server(stdin=lines) as (read_stream, write_stream):  # type: ignore[arg-type]
        lines.answer_through(write_stream)
        yield read_stream, write_stream


def _pollable(fd: int) -> bool:
    mode = os.fstat(fd).st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)


async def _lines_of(fd: int) -> AsyncIterator[str]:
    """The lines of ``fd`` as they arrive, read without a thread. The SDK reads stdin in a thread, which
    nothing can cancel: when the answer met a broken pipe (the client gone, its end of stdin still held
    by another process), the server waited for that read for good instead of leaving."""
    os.set_blocking(fd, False)
    # surrogateescape: bytes that are not UTF-8 reach check_line as lone surrogates and are answered there.
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    pending = ""
    while True:
        await anyio.wait_readable(fd)
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            continue
        if not chunk:
            break
        text = decoder.decode(chunk)
        pending += text
        if "\n" not in text:
            continue  # a long line arriving in pieces: split it once it is whole
        *complete, pending = pending.split("\n")
        for line in complete:
            yield line + "\n"
    pending += decoder.decode(b"", final=True)
    if pending:
        yield pending
