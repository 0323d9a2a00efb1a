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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_solution import generate
from mcp_session import mcp_session

from engine import find_dotnet

ROOT = Path(__file__).resolve().parent.parent
EDITED = ("P12/Model1.cs", 'Log.Write("describe 12.1");', 'Log.Write("describe 12.1, edited");')
"""A method body in the middle of the graph (the projects after it reference it): file, before, after."""


async def one_start(solution: Path) -> dict[str, float]:
    started = time.monotonic()
    times: dict[str, float] = {}

    async def call(name: str, **arguments: object) -> None:
        asked = time.monotonic()
        result = await session.call_tool("diagnostics", arguments)
        assert not result.is_error, result.content[0].text
        times[f"{name}_call_s"] = round(time.monotonic() - asked, 2)
        times[f"{name}_from_start_s"] = round(time.monotonic() - started, 2)
        times[f"{name}_items"] = result.structured_content.get("result", {}).get("total", 0)

    edited = solution.parent / EDITED[0]
    original = edited.read_text()
    assert EDITED[1] in original, f"{EDITED[0]} no longer has {EDITED[1]}"
    async with mcp_session(solution, cwd=ROOT) as session:
        await session.call_tool("project_structure", {})  # waits for the load
        times["loaded_from_start_s"] = round(time.monotonic() - started, 2)
        await call("errors", severity="error")
        await call("warnings", severity="warning")
        edited.write_text(original.replace(EDITED[1], EDITED[2], 1))
        try:
            await asyncio.sleep(1.0)  # the watcher's debounce and the update
            await call("errors_after_edit", severity="error")
        finally:
            edited.write_text(original)
    return times


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
    if done.returncode != 0:
        raise SystemExit(f"dotnet build failed:\n{done.stdout[-2000:]}")
    return round(time.monotonic() - started, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("bench/results/diagnostics_times.json"))
    arguments = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="roslyn-tui-diagnostics-bench-"))
    solution = generate(root, arguments.projects, arguments.files)
    dotnet = str(find_dotnet().dotnet)
    subprocess.run([dotnet, "restore", str(solution), "-v", "q"], check=True, capture_output=True)
    builds_cold = [dotnet_build(solution, cold=True)]
    builds = [dotnet_build(solution, cold=False) for _ in range(arguments.starts)]
    starts = [asyncio.run(one_start(solution)) for _ in range(arguments.starts)]
    medians = {key: statistics.median(s[key] for s in starts) for key in starts[0]}
    build = statistics.median(builds)
    results = {
        "solution": {"projects": arguments.projects, "files_per_project": arguments.files},
        "dotnet_build_s": build,
        "dotnet_build_samples_s": builds,
        "dotnet_build_after_server_shutdown_s": builds_cold[0],
        "medians": medians,
        "starts": starts,
        "errors_to_build": round(medians["errors_call_s"] / build, 2),
        "warnings_to_build": round(medians["warnings_call_s"] / build, 2),
    }
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(
        f"{arguments.projects} projects; dotnet build --no-incremental {build} s (after a server shutdown {builds_cold[0]} s)"
    )
    print("| diagnostics call | call (s) | from process start (s) | share of dotnet build |")
    print("| --- | ---: | ---: | ---: |")
    for name in ("errors", "warnings", "errors_after_edit"):
        call = medians[f"{name}_call_s"]
        print(f"| {name.replace('_', ' ')} | {call} | {medians[f'{name}_from_start_s']} | {call / build:.2f} |")


if __name__ == "__main__":
    main()
