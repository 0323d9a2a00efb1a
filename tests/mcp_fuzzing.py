"""Requests a careless or hostile client might send, and a raw stdio driver that checks each answer.

Shared by the fuzz test (``test_mcp_fuzz.py``, driven by hypothesis) and ``bench/fuzz_mcp.py``
(the long run whose figures the README reports).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import threading
import time
from pathlib import Path
from queue import Empty, Queue
from typing import Any

from .mcp_client import ROOT, server_command

SECRET = "TOPSECRET_7f3a9c1e"
"""Written in files outside the solution that a symlink and a Compile item point at."""

TOOLS = [
    "project_structure", "list_namespaces", "find_symbols", "symbol_info", "type_members", "go_to_definition",
    "find_references", "find_implementations", "type_hierarchy", "find_overrides", "call_hierarchy",
    "method_overloads", "containing_member", "file_outline", "get_source", "read_file", "diagnostics",
    "code_actions", "apply_code_action", "rename_symbol", "organize_usings", "format_document",
]  # fmt: skip
PARAMETERS = [
    "symbol", "file", "line", "column", "end_line", "end_column", "query", "kind", "project", "direction",
    "depth", "limit", "cursor", "include_metadata", "include_declarations", "include_inherited", "kinds",
    "start", "end", "severity", "new_name", "id", "apply", "preview_token", "diagnostic_id", "start_line",
]  # fmt: skip
NAMES = ["Customer", "Customer.Balance", "Journal.Add(string, decimal)", "IRepository", "Entity.Validate",
         "M:Shop.Core.Journal.Add(System.String)", "System.Object", "System.String", "*", "?", "Cust*", "GBI"]  # fmt: skip
PATHS = ["src/Shop.Core/Customer.cs", "src/Shop.Core/Leak.cs", "../outside/Secret.cs", "/etc/passwd", "",
         "src/../../outside/Secret.cs", "/", ".", "src/Shop.Core", "Shop.sln", "C:\\Windows\\win.ini", "~/.bashrc"]  # fmt: skip


def hostile_shop(copy: Path) -> Path:
    """``copy`` (a Shop copy) with a symlink and a Compile item that point at secret files outside it."""
    outside = copy.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "Secret.cs").write_text(f'class Secret {{ const string S = "{SECRET}"; }}\n')
    (outside / "Leak.txt").write_text(f"{SECRET}\n")
    (copy / "src" / "Shop.Core" / "Leak.cs").symlink_to(outside / "Leak.txt")
    project = copy / "src" / "Shop.Core" / "Shop.Core.csproj"
    project.write_text(
        project.read_text().replace(
            "</Project>", '  <ItemGroup><Compile Include="../../../outside/Secret.cs" /></ItemGroup>\n</Project>'
        )
    )
    return copy / "Shop.sln"


def value(rng: random.Random) -> Any:
    """One argument value: right or wrong type, huge, negative, traversal, odd Unicode."""
    choice = rng.randrange(14)
    if choice == 0:
        return rng.choice([0, -1, 1, 2, 7, 33, 10**9, -(10**12), 2**63, 2**64 + 1])
    if choice == 1:
        return rng.choice([True, False, None, 1.5, float("1e308"), [], {}, [1, "a"], {"a": {"b": None}}])
    if choice == 2:
        return rng.choice(NAMES)
    if choice == 3:
        return rng.choice(PATHS)
    if choice == 4:
        return "\ud800" + rng.choice(NAMES)  # a lone surrogate
    if choice == 5:
        return "x" * rng.choice([1_000, 10_001, 60_000])
    if choice == 6:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(1, 40)))
    if choice == 7:
        return rng.choice(["\x00", "\u202e", "🙂", "名前", "a\nb", "' OR 1=1 --", "%s%n", "${HOME}"])
    if choice == 8:
        return rng.choice(["incoming", "outgoing", "both", "ancestors", "descendants", "sideways", "error", "hidden"])
    if choice == 9:
        return rng.choice(["ca-0123456789", "pv-0000000000000000", "eyJrIjoiYSIsIm8iOjF9", "not-a-cursor"])
    if choice == 10:
        return str(rng.randrange(-5, 200))
    return rng.choice([1, 3, 5, 10, 20, 50])


def request(rng: random.Random, request_id: int) -> str:
    """One JSON-RPC line: mostly tools/call with a random argument set, sometimes something else."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice([f'{{"jsonrpc": "2.0", "id": {request_id}', "[]", "null", '"text"', "{}"])
    if roll < 0.1:
        method = rng.choice(["tools/list", "ping", "resources/list", "prompts/list", "no/such", "initialize"])
        return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": {}})
    tool = rng.choice(TOOLS) if rng.random() < 0.95 else rng.choice(["", "load_solution_x", "../x", "🙂"])
    arguments = {name: value(rng) for name in rng.sample(PARAMETERS, rng.randrange(0, 6))}
    if tool in ("rename_symbol", "apply_code_action", "organize_usings", "format_document") and rng.random() < 0.7:
        arguments.pop("apply", None)  # mostly previews; some applies (the server runs on a copy)
    params: Any = {"name": tool, "arguments": arguments}
    if rng.random() < 0.03:
        params = rng.choice([None, [], "x", {"name": tool, "arguments": "not an object"}])
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params})


class RawServer:
    """roslyn-mcp on raw stdio: send a line, read until the answer with its id; every line is checked."""

    def __init__(self, solution: Path, env: dict[str, str] | None = None) -> None:
        environment = {
            **os.environ,
            "DOTNET_SOLUTION_PATH": str(solution),
            "ROSLYN_TIMEOUT_SECONDS": "10",
            **(env or {}),
        }
        self.process = subprocess.Popen(
            server_command(),
            cwd=ROOT,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.lines: Queue[bytes] = Queue()
        self.written: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}
        self.call(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init}), 0, timeout=120)
        self.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
        self.process.stdin.flush()

    def call(self, line: str, request_id: Any, timeout: float = 60) -> list[dict[str, Any]]:
        """Send ``line``; return every message read until the one answering ``request_id`` (``None``:
        the error answering a line without a readable id)."""
        self.send(line)
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                raw = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except Empty:
                raise AssertionError(f"no answer within {timeout} s to: {line[:300]}") from None
            self.written.append(raw)
            message = json.loads(raw)  # every byte on stdout is a JSON-RPC message
            assert message.get("jsonrpc") == "2.0", raw[:300]
            seen.append(message)
            if message.get("id") == request_id and ("result" in message or "error" in message):
                return seen

    def resident_kib(self) -> int:
        for row in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if row.startswith("VmRSS:"):
                return int(row.split()[1])
        return 0

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(30)


def expected_id(line: str) -> Any:
    """The id an answer to ``line`` carries: its own, or null when it has none that can be read."""
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message.get("id") if isinstance(message, dict) else None
