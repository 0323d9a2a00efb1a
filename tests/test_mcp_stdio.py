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
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "tools/call",
                "params": {"name": "find_symbols", "arguments": {"query": "Journal"}},
            }
        ),
    ]
    process.stdin.write(("\n".join(lines) + "\n").encode())
    process.stdin.flush()
    replies: dict[int, dict] = {}
    written: list[bytes] = []
    deadline = time.monotonic() + 180
    try:
        while 5 not in replies and time.monotonic() < deadline:
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
    assert replies[1]["result"]["serverInfo"]["name"] == "roslyn-mcp"
    assert replies[3]["error"]["code"] == -32601
    assert replies[4]["result"]["isError"] is True
    assert replies[5]["result"]["content"][0]["text"].startswith("Symbols matching 'Journal'")
