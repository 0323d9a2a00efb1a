"""One engine per solution, measured as a user meets it: ``roslyn-mcp`` processes started on a generated
solution (25 projects of 63 files by default), timed from each process's start over MCP.

- **A second front end**: the first session loads the solution and answers references; then a second
  ``roslyn-mcp`` starts on the same solution: its first search and first references, from its process
  start; how many engine processes run; resident memory of the engine and of each front end. The same
  with ``--no-shared-engine`` (each process loads the solution itself), for comparison.
- **Short sessions**: a session that asks a search and references and ends, then another right after
  (it finds the first one's engine alive), then one after that engine has gone (its idle time passed:
  here it is ended) which starts a new engine from the index and project cache the first left.
- **A person and an assistant**: an assistant's session open, then the terminal app (headless, through
  Textual's Pilot, in a process of its own) on the same solution, a file opened and references asked:
  resident memory of the engine and the app, shared and not.

    python bench/shared_engine_times.py [--projects 25] [--files 63] [--out bench/results/shared_engine.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def engine_pids(runtime: Path) -> list[int]:
    pids = []
    for about in runtime.glob("*.json"):
        pid = int(json.loads(about.read_text())["pid"])
        if Path(f"/proc/{pid}").exists():
            pids.append(pid)
    return pids


def front_end_pids(solution: Path) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if b"roslyn-mcp" in command and str(solution).encode() in environ:
            found.append(int(entry.name))
    return found


async def session_times(solution: Path, env: dict[str, str], hold: asyncio.Event | None = None) -> dict[str, float]:
    from mcp_session import mcp_session

    started = time.monotonic()
    async with mcp_session(solution, env=env) as session:
        times = {"initialize_s": round(time.monotonic() - started, 3)}
        await session.call_tool("find_symbols", {"query": "Model12_5"})
        times["first_search_s"] = round(time.monotonic() - started, 3)
        result = await session.call_tool("find_references", {"symbol": "Bench.Core.Entity"})
        assert not result.is_error, result.content
        times["references_s"] = round(time.monotonic() - started, 3)
        if hold is not None:
            await hold.wait()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "shared_engine.json")
    arguments = parser.parse_args()
    from generate_solution import generate

    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-shared-"))
    solution = generate(work / "sln", arguments.projects, arguments.files)
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    runtime = work / "run"
    runtime.mkdir(mode=0o700)
    shared = {
        **os.environ,
        "ROSLYN_SHARED_ENGINE": "1",
        "ROSLYN_ENGINE_DIR": str(runtime),
        "ROSLYN_ENGINE_IDLE_SECONDS": "600",
    }
    alone = {**shared, "ROSLYN_SHARED_ENGINE": "0"}
    results: dict[str, object] = {"projects": arguments.projects, "files": arguments.projects * arguments.files}
    try:
        results["short_sessions"] = short_sessions(solution, shared, runtime)
        results["shared"] = asyncio.run(pair(solution, shared, runtime))
        for pid in engine_pids(runtime):
            os.kill(pid, signal.SIGTERM)
        time.sleep(2)
        results["not_shared"] = asyncio.run(pair(solution, alone, runtime))
        results["app_and_assistant_shared"] = asyncio.run(app_and_assistant(solution, shared, runtime))
        for pid in engine_pids(runtime):
            os.kill(pid, signal.SIGTERM)
        time.sleep(2)
        results["app_and_assistant_not_shared"] = asyncio.run(app_and_assistant(solution, alone, runtime))
    finally:
        for pid in engine_pids(runtime):
            os.kill(pid, signal.SIGKILL)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    shutil.rmtree(work, ignore_errors=True)


def short_sessions(solution: Path, env: dict[str, str], runtime: Path) -> dict[str, object]:
    first = asyncio.run(session_times(solution, env))
    again = asyncio.run(session_times(solution, env))
    for pid in engine_pids(runtime):  # as if its idle time had passed
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while engine_pids(runtime) and time.monotonic() < deadline:
        time.sleep(0.1)
    after_idle = asyncio.run(session_times(solution, env))
    return {"first_start": first, "engine_alive": again, "engine_gone": after_idle}


async def pair(solution: Path, env: dict[str, str], runtime: Path) -> dict[str, object]:
    """The first session answers and stays; then a second starts; memory while both are open."""
    release = asyncio.Event()
    first_answered = asyncio.Event()

    async def first() -> dict[str, float]:
        from mcp_session import mcp_session

        started = time.monotonic()
        async with mcp_session(solution, env=env) as session:
            await session.call_tool("find_references", {"symbol": "Bench.Core.Entity"})
            times = {"references_s": round(time.monotonic() - started, 3)}
            first_answered.set()
            await release.wait()
        return times

    first_task = asyncio.create_task(first())
    await first_answered.wait()
    second_answered = asyncio.Event()

    async def second() -> dict[str, float]:
        from mcp_session import mcp_session

        started = time.monotonic()
        async with mcp_session(solution, env=env) as session:
            times = {"initialize_s": round(time.monotonic() - started, 3)}
            await session.call_tool("find_symbols", {"query": "Model12_5"})
            times["first_search_s"] = round(time.monotonic() - started, 3)
            await session.call_tool("find_references", {"symbol": "Bench.Core.Entity"})
            times["references_s"] = round(time.monotonic() - started, 3)
            second_answered.set()
            await release.wait()
        return times

    second_task = asyncio.create_task(second())
    await second_answered.wait()
    await asyncio.sleep(2.0)
    engines, fronts = engine_pids(runtime), front_end_pids(solution)
    memory = {"engines": [rss_mb(p) for p in engines], "front_ends": [rss_mb(p) for p in fronts]}
    release.set()
    return {"first": await first_task, "second": await second_task, "engine_processes": len(engines), "rss_mb": memory}


async def app_and_assistant(solution: Path, env: dict[str, str], runtime: Path) -> dict[str, object]:
    """An assistant's session open, then the app on the same solution; memory once the app has answered."""
    from mcp_session import mcp_session

    async with mcp_session(solution, env=env) as session:
        await session.call_tool("find_references", {"symbol": "Bench.Core.Entity"})
        started = time.monotonic()
        app = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--app-child", str(solution),
            env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert app.stdout is not None and app.stdin is not None
        answered = json.loads(await app.stdout.readline())
        answered["app_answered_s"] = round(time.monotonic() - started, 2)
        answered["engines_mb"] = [rss_mb(pid) for pid in engine_pids(runtime)]
        answered["assistant_front_ends_mb"] = [rss_mb(pid) for pid in front_end_pids(solution)]
        app.stdin.close()
        await app.wait()
    return answered


async def app_child(solution: Path) -> None:
    """The terminal app, headless: loaded, a file opened, references shown; its own memory printed."""
    from engine import SymbolRef, queries
    from tui.app import RoslynTui

    app = RoslynTui(solution)
    async with app.run_test(size=(160, 45)) as pilot:
        while app.session is None or not app.session.is_loaded:
            await pilot.pause(0.2)
        app.go_to(SymbolRef(name="Bench.Core.Entity"))
        app.show_query("references", queries.find_references, SymbolRef(name="Bench.Core.Entity"))
        while any(not worker.is_finished for worker in app.workers):
            await pilot.pause(0.2)
        kind = type(app.session).__name__
        print(json.dumps({"app_mb": rss_mb(os.getpid()), "app_session": kind}), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--app-child":
        os.environ.setdefault("ROSLYN_TUI_CONFIG_DIR", tempfile.mkdtemp())
        asyncio.run(app_child(Path(sys.argv[2])))
    else:
        main()
