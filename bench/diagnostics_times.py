"""Diagnostics against ``dotnet build``, measured as a user meets them: over MCP, from process start.

On a generated solution (25 projects of 63 files: the seed's scale), each start of ``roslyn-mcp``: once
it has loaded (the engine's warm-up still running), the whole solution's errors
(``diagnostics(severity="error")``), then warnings with
the analyzers, then errors again after an edit to one method body in the middle of the project graph
(only what the edit touched is computed again). Each figure is the call's own time and the time from
process start. Against it, ``dotnet build`` of the same solution, restored: ``--no-incremental`` so
that every project is compiled, with the compiler server warm (a first build after it was shut down
is given too). Medians over ``--starts`` starts; every sample is in the JSON.

    python bench/diagnostics_times.py [--projects 25] [--files 63] [--starts 3]
        [--out bench/results/diagnostics_times.json]

With ``--solution PATH`` (a real repository, restored) the same is measured there, without the edit;
``--first-start`` also asks for the errors at once after each start, with no index or project cache of
the solution: the figure a user meets who opens a solution and asks for its errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The project before the bench folder: its `shared_engine` package, not the bench of that name.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generate_solution import generate
from mcp_session import mcp_session

from engine import find_dotnet
from shared_engine.place import engines_of

ROOT = Path(__file__).resolve().parent.parent
EDITED = ("P12/Model1.cs", 'Log.Write("describe 12.1");', 'Log.Write("describe 12.1, edited");')
"""A method body in the middle of the graph (the projects after it reference it): file, before, after."""


async def one_start(solution: Path, edit: bool = True) -> dict[str, float]:
    _wait_for_no_engine(solution)
    started = time.monotonic()
    times: dict[str, float] = {}

    async def call(name: str, **arguments: object) -> None:
        asked = time.monotonic()
        result = await session.call_tool("diagnostics", arguments)
        assert not result.is_error, result.content[0].text
        times[f"{name}_call_s"] = round(time.monotonic() - asked, 2)
        times[f"{name}_from_start_s"] = round(time.monotonic() - started, 2)
        times[f"{name}_items"] = result.structured_content.get("result", {}).get("total", 0)

    async with mcp_session(solution, cwd=ROOT) as session:
        await session.call_tool("project_structure", {})  # waits for the load
        times["loaded_from_start_s"] = round(time.monotonic() - started, 2)
        await call("errors", severity="error")
        await call("warnings", severity="warning")
        if not edit:
            return times
        edited = solution.parent / EDITED[0]
        original = edited.read_text()
        assert EDITED[1] in original, f"{EDITED[0]} no longer has {EDITED[1]}"
        edited.write_text(original.replace(EDITED[1], EDITED[2], 1))
        try:
            await asyncio.sleep(1.0)  # the watcher's debounce and the update
            await call("errors_after_edit", severity="error")
        finally:
            edited.write_text(original)
    return times


async def errors_at_once(solution: Path) -> dict[str, float]:
    """A first start (no index or project cache of the solution) asked for its errors straight away."""
    from engine.index.store import index_path
    from engine.workspace.project_cache.store import cache_file
    from engine.workspace.solution_file import resolve_target

    target = resolve_target(solution)
    _wait_for_no_engine(solution)
    index_path(target.path).unlink(missing_ok=True)
    cache_file(target).unlink(missing_ok=True)
    started = time.monotonic()
    async with mcp_session(solution, cwd=ROOT) as session:
        result = await session.call_tool("diagnostics", {"severity": "error"})
        assert not result.is_error, result.content[0].text
        return {
            "errors_from_start_s": round(time.monotonic() - started, 2),
            "errors_items": result.structured_content.get("result", {}).get("total", 0),
        }


def _wait_for_no_engine(solution: Path) -> None:
    """Until the last start's shared engine has left: each start is a new process, as measured."""
    deadline = time.monotonic() + 30
    while engines_of(str(solution)) and time.monotonic() < deadline:
        time.sleep(0.5)


def dotnet_build(solution: Path, cold: bool) -> float:
    dotnet = str(find_dotnet().dotnet)
    if cold:
        subprocess.run([dotnet, "build-server", "shutdown"], capture_output=True, check=False)
    started = time.monotonic()
    done = subprocess.run(
        [dotnet, "build", str(solution), "--no-restore", "--no-incremental", "-v", "q", "-nologo"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:  # a real repository may not build here (a package the feed lacks): timed all the same
        print(f"dotnet build failed ({done.returncode}):\n{done.stdout[-1500:]}", file=sys.stderr)
    return round(time.monotonic() - started, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("bench/results/diagnostics_times.json"))
    parser.add_argument("--solution", type=Path, help="a real solution, restored, instead of a generated one")
    parser.add_argument("--first-start", action="store_true", help="also the errors asked at once on first starts")
    arguments = parser.parse_args()
    # Each start's engine leaves a second after its session (a first start must not find one alive).
    os.environ.setdefault("ROSLYN_ENGINE_IDLE_SECONDS", "1")
    if arguments.solution is not None:
        solution = arguments.solution.resolve()
    else:
        root = Path(tempfile.mkdtemp(prefix="roslyn-tui-diagnostics-bench-"))
        solution = generate(root, arguments.projects, arguments.files)
        dotnet = str(find_dotnet().dotnet)
        subprocess.run([dotnet, "restore", str(solution), "-v", "q"], check=True, capture_output=True)
    builds_cold = [dotnet_build(solution, cold=True)]
    builds = [dotnet_build(solution, cold=False) for _ in range(arguments.starts)]
    starts = [asyncio.run(one_start(solution, edit=arguments.solution is None)) for _ in range(arguments.starts)]
    at_once = [asyncio.run(errors_at_once(solution)) for _ in range(arguments.starts)] if arguments.first_start else []
    medians = {key: statistics.median(s[key] for s in starts) for key in starts[0]}
    build = statistics.median(builds)
    results = {
        "solution": str(arguments.solution)
        if arguments.solution is not None
        else {"projects": arguments.projects, "files_per_project": arguments.files},
        "dotnet_build_s": build,
        "dotnet_build_samples_s": builds,
        "dotnet_build_after_server_shutdown_s": builds_cold[0],
        "medians": medians,
        "starts": starts,
        "errors_to_build": round(medians["errors_call_s"] / build, 2),
        "warnings_to_build": round(medians["warnings_call_s"] / build, 2),
        "first_starts_errors_at_once": at_once,
    }
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"{solution}; dotnet build --no-incremental {build} s (after a server shutdown {builds_cold[0]} s)")
    print("| diagnostics call | call (s) | from process start (s) | share of dotnet build |")
    print("| --- | ---: | ---: | ---: |")
    for name in ("errors", "warnings", "errors_after_edit"):
        if f"{name}_call_s" in medians:
            call = medians[f"{name}_call_s"]
            print(f"| {name.replace('_', ' ')} | {call} | {medians[f'{name}_from_start_s']} | {call / build:.2f} |")
    for each in at_once:
        print(
            f"first start, errors at once: {each['errors_from_start_s']} s from process start "
            f"({each['errors_from_start_s'] / build:.2f} of the build), {each['errors_items']} errors"
        )


if __name__ == "__main__":
    main()
