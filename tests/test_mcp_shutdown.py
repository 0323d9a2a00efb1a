"""The server ends promptly and leaves no process behind: SIGTERM during a load, stdin closing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

from engine.host.processes import descendants

from .conftest import SHOP_SLN, copy_fixture
from .mcp_client import ROOT, server_command

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "shutdown", "version": "1"}},
}


def start(solution) -> subprocess.Popen:
    env = {**os.environ, "DOTNET_SOLUTION_PATH": str(solution)}
    process = subprocess.Popen(
        server_command(), cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write((json.dumps(INITIALIZE) + "\n").encode())
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 1
    return process


def command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_sigterm_during_a_load_ends_the_server_and_every_child_within_two_seconds(tmp_path):
    # A copy that was never restored: the load starts `dotnet restore` (and then MSBuild's BuildHost).
    process = start(copy_fixture("Shop", tmp_path) / "Shop.sln")
    deadline = time.monotonic() + 60
    children: list[int] = []
    # The restore, not the first child (`dotnet --version`): that one runs as CoreCLR starts, and a
    # SIGTERM in the moment CoreCLR installs its own signal handlers can be lost (seen once in 11 tries).
    while not any("restore" in command_line(pid) for pid in children) and time.monotonic() < deadline:
        children = descendants(process.pid)
        time.sleep(0.1)
    assert children, "the load started no child process to end"
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(10)
    assert time.monotonic() - started < 2
    time.sleep(0.2)
    assert not [pid for pid in children if alive(pid)]


def test_stdin_closing_ends_the_server_within_two_seconds():
    process = start(SHOP_SLN)
    time.sleep(3)  # loading in the background, BuildHost running
    children = descendants(process.pid)
    started = time.monotonic()
    assert process.stdin is not None
    process.stdin.close()
    process.wait(10)
    assert time.monotonic() - started < 2
    time.sleep(0.2)
    assert not [pid for pid in children if alive(pid)]


def test_a_run_closed_right_after_its_first_answer_leaves_a_complete_index(tmp_path, monkeypatch):
    """An assistant's short session: load, one references answer, stdin closed at once. The index the
    next start answers from is complete anyway (written a project at a time, finished at exit)."""
    from engine.index.store import read
    from engine.workspace.solution_file import resolve_target

    from .index_rows import written_rows

    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(tmp_path / "cache"))
    root = copy_fixture("Shop", tmp_path)
    process = start(root / "Shop.sln")
    assert process.stdin is not None and process.stdout is not None
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "find_references", "arguments": {"symbol": "Customer"}}}  # fmt: skip
    process.stdin.write((json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n").encode())
    process.stdin.write((json.dumps(call) + "\n").encode())
    process.stdin.flush()
    while json.loads(process.stdout.readline()).get("id") != 2:
        pass
    started = time.monotonic()
    process.stdin.close()
    process.wait(10)
    assert time.monotonic() - started < 2
    stored = read(resolve_target(root / "Shop.sln").path)
    assert stored is not None and stored.complete, stored and stored.projects
    written = written_rows(resolve_target(root / "Shop.sln").path)
    assert any(row["documentation_id"] == "T:Shop.Core.Customer" for row in written)


def test_a_client_gone_while_a_query_runs_ends_the_server():
    """The client died with a query under way and its end of stdin still held (by a child of its, say):
    the answer meets a broken pipe, and the server leaves, children and all, rather than wait for stdin."""
    process = start(SHOP_SLN)
    assert process.stdin is not None and process.stdout is not None
    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "find_references", "arguments": {"symbol": "Shop.Core.Customer"}},
    }
    process.stdout.close()
    process.stdin.write((json.dumps(call) + "\n").encode())
    process.stdin.flush()
    children = descendants(process.pid)
    try:
        assert process.wait(120) != 0
        time.sleep(0.2)
        assert not [pid for pid in children if alive(pid)]
    finally:
        process.kill()
        process.stdin.close()
