"""Short assistant sessions, as they end in practice: roslyn-mcp started, one search and one
references answer, stdin closed at once. Measured from process start, over MCP, on a generated
solution (25 projects of 63 files by default) never opened before (the engine's C# helpers built).
With ``--first-lives`` the first run stays open until its warm-up has indexed every project's
references (a session that lived a while), and the later runs answer references from that index.

The first run finds no index (its first search is answered from syntax alone); each later run starts from the index the run before left (which lived
only as long as its two answers). Reported: time to the first search answer and whether the index gave
it (and whether that index was complete), time to the references answer, and how long the server took
to exit after stdin closed (it finishes the index first, 1.2 s at most).

    python bench/short_sessions.py [--projects 25] [--files 63] [--runs 4] [--out bench/results/short_sessions_25.json]
        [--no-project-cache] [--focus 'P?,P1?'] [--first-lives]
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

ROOT = Path(__file__).resolve().parent.parent


async def one_session(solution: Path, env: dict[str, str], live_until: Path | None = None) -> dict[str, object]:
    """One session; with ``live_until`` (the index file) it stays open after its answers until the
    index holds every project's references, as a session that lived through its warm-up leaves it."""
    from mcp_session import mcp_session

    times: dict[str, object] = {}
    started = time.monotonic()
    async with mcp_session(solution, env=env) as session:
        result = await session.call_tool("find_symbols", {"query": "Model12_5"})
        times["first_search_s"] = round(time.monotonic() - started, 2)
        # With a focus, the answer's first line says what it leaves out; the title follows.
        first_line = "\n".join(result.content[0].text.splitlines()[:2])
        times["search_from_index"] = "from the index" in first_line
        times["index_partial"] = "not indexed yet" in first_line
        times["search_from_syntax"] = "from syntax alone" in first_line
        result = await session.call_tool("find_references", {"symbol": "Bench.Core.Entity"})
        assert not result.is_error, result.content
        times["references_s"] = round(time.monotonic() - started, 2)
        times["references_from_index"] = "from the index" in result.content[0].text.splitlines()[0]
        if live_until is not None:
            while not _references_written(live_until):
                await asyncio.sleep(1)
            times["lived_s"] = round(time.monotonic() - started, 2)
        closing = time.monotonic()
    times["exit_s"] = round(time.monotonic() - closing, 2)
    return times


def _references_written(index: Path) -> bool:
    import sqlite3

    try:
        db = sqlite3.connect(index)
        try:
            left, total = db.execute("select sum(refs = 0), count(*) from projects").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return False
    return bool(total) and not left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--out", type=Path, help="default bench/results/short_sessions_<projects>.json")
    parser.add_argument(
        "--no-project-cache",
        action="store_true",
        help="warm starts evaluate with MSBuild (the figures before the cache)",
    )
    parser.add_argument(
        "--first-lives",
        action="store_true",
        help="the first run stays open until its warm-up has indexed every project's references",
    )
    parser.add_argument("--focus", help="globs of the projects to open (ROSLYN_PROJECTS), e.g. 'P?,P1?' at 1,000")
    arguments = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from generate_solution import generate

    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-short-"))
    solution = generate(work / "sln", arguments.projects, arguments.files)
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    # The user cache as it is (the engine's C# helpers built, as after any earlier use of roslyn-tui);
    # the solution is new, so no index or project cache of it exists until the first run leaves them.
    sys.path.insert(0, str(ROOT))
    from engine.index.store import index_path
    from engine.workspace.project_cache.store import cache_file
    from engine.workspace.solution_file import focused, resolve_target

    env = dict(os.environ)
    if arguments.no_project_cache:
        env["ROSLYN_TUI_NO_PROJECT_CACHE"] = "1"
    if arguments.focus:
        env["ROSLYN_PROJECTS"] = arguments.focus
    target = focused(resolve_target(solution), (arguments.focus or "").split(","))
    lives = index_path(target.path) if arguments.first_lives else None
    runs = [asyncio.run(one_session(solution, env, lives if run == 0 else None)) for run in range(arguments.runs)]
    index_path(target.path).unlink(missing_ok=True)
    cache_file(target).unlink(missing_ok=True)
    warm = runs[1:]
    results = {
        "projects": arguments.projects,
        "files": arguments.projects * arguments.files,
        "focus": arguments.focus,
        "project_cache": not arguments.no_project_cache,
        "first_lives": arguments.first_lives,
        "first_start": runs[0],
        "warm_starts": warm,
        "warm_first_search_median_s": statistics.median(float(r["first_search_s"]) for r in warm) if warm else None,  # type: ignore[arg-type]
    }
    lived = "_lived" if arguments.first_lives else ""
    out = arguments.out or ROOT / "bench" / "results" / f"short_sessions_{arguments.projects}{lived}.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
