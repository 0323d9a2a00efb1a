"""Raw stdio: garbage in never kills the server, and every byte it writes to stdout is JSON-RPC."""

from __future__ import annotations

import json
import os
import subprocess
import time

from .conftest import SHOP_SLN
from .mcp_client import ROOT, server_command

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "garbage-test", "version": "1"},
    },
}


def test_garbage_lines_get_json_rpc_errors_and_stdout_stays_clean():
    env = {**os.environ, "DOTNET_SOLUTION_PATH": str(SHOP_SLN)}
    process = subprocess.Popen(
        server_command(), cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdin is not None and process.stdout is not None
    lines = [
        "this is not json",
        json.dumps(INITIALIZE),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "find_symbols", "arguments": {"query": 5',
        json.dumps({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}),
        json.dumps({"hello": "world"}),
        "[1, 2, 3]",
        json.dumps(
            {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}}
        ),
        # A lone surrogate (the JSON escape of half a UTF-16 pair), then an argument past the limit.
        '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "find_symbols", '
        '"arguments": {"query": "\\ud800"}}}',
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 7,
                "method": "tools/call",
                "params": {"name": "find_symbols", "arguments": {"query": "x" * 200_000}},
            }
        ),
        json.dumps({"jsonrpc": "1.0", "id": 8, "method": "tools/list"}),
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "tools/call",
                "params": {"name": "find_symbols", "arguments": {"query": "Journal"}},
            }
        ),
    ]
    payload = ("\n".join(lines) + "\n").encode()
    process.stdin.write(payload + b'{"jsonrpc": "2.0", "id": 9, "method": "ping", "params": {"x": "\xff"}}\n')
    process.stdin.flush()
    replies: dict[int, dict] = {}
    written: list[bytes] = []
    deadline = time.monotonic() + 180
    try:
        while not {5, 9} <= set(replies) and time.monotonic() < deadline:
            raw = process.stdout.readline()
            if not raw:
                break
            written.append(raw)
            message = json.loads(raw)  # every line the server writes must parse
            assert message["jsonrpc"] == "2.0"
            if "id" in message and message["id"] is not None:
                replies[message["id"]] = message
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(30)
    assert 5 in replies, b"".join(written).decode()
    anonymous = [m["error"]["code"] for m in map(json.loads, written) if m.get("id") is None and "error" in m]
    # not JSON, truncated JSON: parse errors; an object without jsonrpc, an array: invalid requests
    assert sorted(anonymous) == [-32700, -32700, -32600, -32600], anonymous
    assert replies[1]["result"]["serverInfo"]["name"] == "roslyn-mcp"
    assert replies[3]["error"]["code"] == -32601
    assert replies[6]["error"]["code"] == -32602 and "lone UTF-16 surrogate" in replies[6]["error"]["message"]
    assert replies[7]["error"]["code"] == -32602 and "the limit is 10000" in replies[7]["error"]["message"]
    assert replies[8]["error"]["code"] == -32600
    assert replies[4]["result"]["isError"] is True
    assert replies[5]["result"]["content"][0]["text"].startswith("Symbols matching 'Journal'")
    assert replies[9]["error"]["code"] == -32602  # bytes that are not UTF-8 are answered, not dropped
