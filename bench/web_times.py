"""The web app's map on a warm solution, in-process: ``endpoints``, ``service_registrations``,
``data_model`` and a component's references on the Web fixture alone and on a generated solution of N
projects with the Web fixture's two projects added (its first call after the warm-up, then the median
and p95 of repeated calls); and as a user meets them: a new MCP server process on the same solution,
the time from its start to each first answer.

    python bench/web_times.py [--projects 25] [--files 63] [--repeat 10] [--out bench/results/web_times.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mcp_session import mcp_session  # noqa: E402
from stats import p95  # noqa: E402

WEB = ROOT / "tests" / "fixtures" / "Web"


def component_references(snapshot: object, operation: object) -> object:
    """``find_references`` of the fixture's TodoList component: its tags in two Razor files."""
    from engine import SymbolRef, queries

    return queries.find_references(snapshot, operation, SymbolRef(name="Web.Client.Shared.TodoList"))  # type: ignore[arg-type]


async def over_mcp(solution: Path) -> dict[str, float]:
    """Seconds from the server process's start to each first answer, asked in turn."""
    times: dict[str, float] = {}
    started = time.monotonic()
    async with mcp_session(solution) as session:
        for tool, arguments in (
            ("endpoints", {}),
            ("service_registrations", {}),
            ("data_model", {}),
            ("find_references", {"symbol": "Web.Client.Shared.TodoList"}),
        ):
            result = await session.call_tool(tool, arguments)
            assert not result.is_error, result.content
            times[f"{tool}_s"] = round(time.monotonic() - started, 2)
    return times


def measure(solution: Path, repeat: int) -> dict[str, object]:
    from engine import load_solution
    from engine.web import data_model, endpoints, service_registrations

    started = time.perf_counter()
    session = load_solution(solution, watch=False)
    session.wait_warm()
    found: dict[str, object] = {
        "projects": len(session.snapshot().projects),
        "loaded_and_warm_s": round(time.perf_counter() - started, 1),
    }
    for query in (endpoints, service_registrations, data_model, component_references):
        times = []
        for _ in range(repeat + 1):
            began = time.perf_counter()
            view = session.run(query)
            times.append((time.perf_counter() - began) * 1000)
        found[query.__name__] = {
            "items": view.total,
            "first_ms": round(times[0], 1),
            "median_ms": round(statistics.median(times[1:]), 1),
            "p95_ms": round(p95(times[1:]), 1),
        }
    session.close()
    found["over_mcp_from_process_start"] = asyncio.run(over_mcp(solution))
    return found


def with_web(work: Path, projects: int, files: int) -> Path:
    """A generated solution of ``projects`` projects with the Web fixture's two projects added."""
    from generate_solution import generate

    solution = generate(work / "sln", projects, files)
    for name in ("Web.Client", "Web.Server"):
        shutil.copytree(WEB / name, solution.parent / name, ignore=shutil.ignore_patterns("bin", "obj"))
        subprocess.run(
            ["dotnet", "sln", str(solution), "add", str(solution.parent / name / f"{name}.csproj")],
            check=True,
            capture_output=True,
        )
    for name in ("Web.Client", "Web.Server"):
        # The fixture's shared properties, for these two projects only.
        project = solution.parent / name / f"{name}.csproj"
        text = project.read_text().replace(
            "<PropertyGroup>",
            "<PropertyGroup>\n    <TargetFramework>net10.0</TargetFramework>\n    <Nullable>enable</Nullable>\n    <ImplicitUsings>enable</ImplicitUsings>",
            1,
        )
        project.write_text(text)
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    return solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "web_times.json")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-web-"))
    try:
        fixture = work / "Web"
        shutil.copytree(WEB, fixture, ignore=shutil.ignore_patterns("bin", "obj"))
        results = {"fixture": measure(fixture / "Web.slnx", arguments.repeat)}
        print("fixture", json.dumps(results["fixture"]), flush=True)
        solution = with_web(work, arguments.projects, arguments.files)
        results[f"{arguments.projects}+2"] = measure(solution, arguments.repeat)
        print(f"{arguments.projects}+2", json.dumps(results[f"{arguments.projects}+2"]), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
