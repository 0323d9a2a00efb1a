"""roslyn-mcp against csharp-ls (a C# language server on Roslyn, a .NET tool on the package feed) on the same
generated solution, in the same run, one after the other: references of a method used 1,575 times and go
to definition of a use, each asked by position as a client asks, timed at the client (the same client for
both: JSON-RPC over the server's standard streams, LSP's framing or MCP's lines).

For each server: the time from its process start to its first answer, the answers in its first minute
(every 5 s), then the settled times (the median of 15 once its CPU went idle), and the locations both
give, compared (LSP positions are 0-based; ours 1-based). For roslyn-mcp also the settled round trip of an
MCP ``ping``: what any of its answers costs before the work.

    python bench/csharp_ls.py [--projects 25] [--files 63] [--csharp-ls PATH] [--out bench/results/csharp_ls.json]

csharp-ls is installed into the user cache when no PATH is given:
``dotnet tool install csharp-ls --tool-path ...``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_solution import generate  # noqa: E402

SETTLED = 15
FIRST_MINUTE = 60.0


def install_csharp_ls() -> str:
    from engine import cache_dir

    tools = cache_dir() / "bench-tools"
    found = shutil.which("csharp-ls", path=str(tools))
    if found:
        return found
    subprocess.run(["dotnet", "tool", "install", "csharp-ls", "--tool-path", str(tools)], check=True)
    return str(tools / "csharp-ls")


def positions(root: Path) -> dict[str, tuple[str, int, int]]:
    """(file, 0-based line, 0-based column) of ``Log.Write(int)``'s name in its declaration, and of a use of
    ``Entity.Compute`` to go to the definition of."""
    core = root / "P0" / "Core.cs"
    lines = core.read_text().splitlines()
    write = next(i for i, line in enumerate(lines) if "public static void Write(int code)" in line)
    model = root / "P3" / "Model4.cs"
    model_lines = model.read_text().splitlines()
    use = next(i for i, line in enumerate(model_lines) if "Compute(Id)" in line)
    return {
        "references": (str(core), write, lines[write].index("Write")),
        "definition": (str(model), use, model_lines[use].index("Compute(Id)")),
    }


class LanguageServer:
    """A JSON-RPC client over a language server's standard streams."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.command = command
        self.cwd = cwd
        self.next_id = 0
        self.pending: dict[int, asyncio.Future[Any]] = {}

    async def start(self) -> None:
        environment = {**os.environ, "DOTNET_ROLL_FORWARD": "Major"}
        self.process = await asyncio.create_subprocess_exec(
            *self.command,
            cwd=self.cwd,
            env=environment,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            limit=64 * 1024 * 1024,
        )
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while True:
            header = await self.process.stdout.readuntil(b"\r\n\r\n")
            length = next(
                int(line.split(b":")[1]) for line in header.split(b"\r\n") if line.lower().startswith(b"content-length")
            )
            message = json.loads(await self.process.stdout.readexactly(length))
            if "id" in message and "method" in message:  # a request from the server: answer it plainly
                await self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "id" in message and message["id"] in self.pending:
                self.pending.pop(message["id"]).set_result(message)

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        await self.process.stdin.drain()

    async def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        await self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return (await future).get("result")

    async def notify(self, method: str, params: dict[str, Any]) -> None:
        await self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.request("shutdown", {}), 10)
            await self.notify("exit", {})
            await asyncio.wait_for(self.process.wait(), 10)
        except (TimeoutError, ConnectionError):
            self.process.kill()
        self.reader.cancel()


class McpServer(LanguageServer):
    """The same client over an MCP server's standard streams: one JSON-RPC message per line. Both servers
    are timed through a client of the same make, which only parses JSON: an MCP client library's own
    validation of each result is the client's time, not the server's."""

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            message = json.loads(line)
            if "id" in message and message["id"] in self.pending and "method" not in message:
                self.pending.pop(message["id"]).set_result(message)

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        await self.process.stdin.drain()

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        answer = await self.request("tools/call", {"name": name, "arguments": arguments})
        return answer or {"isError": True, "content": [{"type": "text", "text": "no result"}]}

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 30)
        except TimeoutError:
            self.process.kill()
        self.reader.cancel()


async def csharp_ls(executable: str, solution: Path, places: dict[str, tuple[str, int, int]]) -> dict[str, Any]:
    started = time.monotonic()
    server = LanguageServer([executable, "--solution", str(solution)], solution.parent)
    await server.start()
    await server.request(
        "initialize", {"processId": os.getpid(), "rootUri": solution.parent.as_uri(), "capabilities": {}}
    )
    await server.notify("initialized", {})
    for path, _, _ in places.values():
        text = Path(path).read_text()
        await server.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": Path(path).as_uri(), "languageId": "csharp", "version": 1, "text": text}},
        )

    async def ask(kind: str) -> tuple[float, Any]:
        path, line, column = places[kind]
        method = "textDocument/references" if kind == "references" else "textDocument/definition"
        params: dict[str, Any] = {
            "textDocument": {"uri": Path(path).as_uri()},
            "position": {"line": line, "character": column},
        }
        if kind == "references":
            params["context"] = {"includeDeclaration": False}
        began = time.monotonic()
        result = await server.request(method, params)
        return (time.monotonic() - began) * 1000, result

    measured = await _measure(ask, started, lambda result: bool(result))
    _, found = await ask("references")
    measured["reference_locations"] = sorted(
        (Path(_from_uri(item["uri"])).name, item["range"]["start"]["line"] + 1, item["range"]["start"]["character"] + 1)
        for item in found
    )
    await server.stop()
    return measured


def _from_uri(uri: str) -> str:
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(uri).path)


async def roslyn_mcp(solution: Path, places: dict[str, tuple[str, int, int]]) -> dict[str, Any]:
    started = time.monotonic()
    command = shutil.which("roslyn-mcp", path=str(Path(sys.executable).parent)) or "roslyn-mcp"
    server = McpServer([command, "--solution", str(solution)], solution.parent)
    await server.start()
    await server.request(
        "initialize",
        {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}},
    )
    await server.notify("notifications/initialized", {})

    async def ask(kind: str) -> tuple[float, Any]:
        path, line, column = places[kind]
        tool = "find_references" if kind == "references" else "go_to_definition"
        began = time.monotonic()
        result = await server.call_tool(tool, {"file": path, "line": line + 1, "column": column + 1})
        return (time.monotonic() - began) * 1000, result

    measured = await _measure(
        ask, started, lambda result: not result.get("isError") and "from the index" not in result["content"][0]["text"]
    )
    # What any answer costs before its work: a JSON-RPC ping through the same client, relay and SDK.
    pings = []
    for _ in range(100):
        began = time.monotonic()
        await server.request("ping", {})
        pings.append((time.monotonic() - began) * 1000)
    measured["ping_settled_median_ms"] = round(statistics.median(pings), 2)
    locations = []
    cursor = None
    while True:
        arguments: dict[str, Any] = {
            "file": places["references"][0],
            "line": places["references"][1] + 1,
            "column": places["references"][2] + 1,
            "limit": 1000,
        }
        if cursor:
            arguments["cursor"] = cursor
        page = await server.call_tool("find_references", arguments)
        data = page.get("structuredContent") or {}
        for item in data["result"]["items"]:
            path, line, column = item["at"].rsplit(":", 2)
            locations.append((Path(path).name, int(line), int(column)))
        cursor = data.get("next_cursor")
        if not cursor:
            break
    measured["reference_locations"] = sorted(locations)
    await server.stop()
    return measured


async def _measure(ask: Any, started: float, answered: Any) -> dict[str, Any]:
    """The first answer from the start, the first minute's answers every 5 s, then the settled medians."""
    first: dict[str, float] = {}
    minute: dict[str, list[float]] = {"references": [], "definition": []}
    while time.monotonic() - started < FIRST_MINUTE:
        for kind in ("references", "definition"):
            took, result = await ask(kind)
            if answered(result):
                first.setdefault(kind, round(time.monotonic() - started, 2))
                minute[kind].append(round(took, 1))
        await asyncio.sleep(5)
    await asyncio.sleep(20)  # the warm-ups of both servers end in their first minute at this size
    settled: dict[str, float] = {}
    for kind in ("references", "definition"):
        times = [(await ask(kind))[0] for _ in range(SETTLED)]
        settled[kind] = round(statistics.median(times), 2)
    return {"first_answer_from_start_s": first, "first_minute_ms": minute, "settled_median_ms": settled}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--csharp-ls", dest="csharp_ls")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    executable = arguments.csharp_ls or install_csharp_ls()
    with tempfile.TemporaryDirectory(prefix="csharp-ls-bench-") as directory:
        root = Path(directory)
        generate(root, arguments.projects, arguments.files)
        subprocess.run(
            ["dotnet", "new", "sln", "-n", "Bench", "--format", "sln"], cwd=root, check=True, capture_output=True
        )
        projects = [str(p) for p in sorted(root.glob("P*/P*.csproj"))]
        subprocess.run(["dotnet", "sln", "Bench.sln", "add", *projects], cwd=root, check=True, capture_output=True)
        subprocess.run(["dotnet", "restore", "Bench.sln"], cwd=root, check=True, capture_output=True)
        solution = root / "Bench.sln"
        places = positions(root)
        ours = asyncio.run(roslyn_mcp(solution, places))
        theirs = asyncio.run(csharp_ls(executable, solution, places))
    same = ours.pop("reference_locations") == theirs.get("reference_locations")
    references = len(theirs.pop("reference_locations", []))
    results = {
        "projects": arguments.projects,
        "references": references,
        "same_locations": same,
        "roslyn_mcp": ours,
        "csharp_ls": theirs,
    }
    print(json.dumps(results, indent=2))
    if arguments.out:
        arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
