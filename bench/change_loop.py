"""The change loop over MCP at the seed's scale: a verified ``replace_symbol`` preview (the diff and the
compiler errors the edit would add anywhere in the solution) and ``find_tests``, warm, as an assistant
meets them: a real ``roslyn-mcp`` process on a synthetic solution of 25 projects of 63 files plus an
xUnit test project, timed at the client.

"after load" is the first call right after the load, while the background warm-up still runs; the
rest is measured warm (once the server's CPU is idle: the warm-up has bound the code tests reach), "repeated" as the median and p95 over different symbols.
The edits are previews (nothing is written). Also timed once: ``run_tests`` of the tests reaching a
symbol and ``run_build`` of one project, both real ``dotnet`` runs.

    python bench/change_loop.py [--projects 25] [--files 63] [--out bench/results/change_loop.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_solution import generate
from mcp_session import mcp_session
from stats import summary

ROOT = Path(__file__).resolve().parent.parent

BODY_EDITS = [(f"Bench.P{p}.Model{p}_{f}.Weight", "=> 7;") for p in (6, 12, 18) for f in (4, 5)]
"""Body-only edits in the middle of the graph: no other file can see them."""
SIGNATURE_EDITS = [
    (
        f"Bench.P{p}.Model{p}_{f}.Create{p}_{f}",
        f"public static Model{p}_{f} Create{p}_{f}(int id, int extra) => new(id);",
    )
    for p in (6, 12, 18)
    for f in (4, 5)
]
"""A public method's parameters change: its callers in this project and the ones after it break."""
CORE_EDIT = ("Bench.Core.Entity.Weight", "public virtual int Weight(int extra) => Id + extra;")
"""A member every project overrides and calls: the widest check there is."""
TEST_TARGETS = ["Bench.P10.Model10_1.Describe", "Bench.Core.Entity.Compute(int)", "Bench.P5.Handler5_0.Handle"]


async def measure(solution: Path) -> dict[str, object]:
    started = time.monotonic()
    results: dict[str, object] = {}

    async def call(tool: str, **arguments: object) -> tuple[float, object]:
        asked = time.perf_counter()
        result = await session.call_tool(tool, arguments)
        elapsed = (time.perf_counter() - asked) * 1000
        assert not result.is_error, result.content[0].text
        return elapsed, result.structured_content.get("result", {})

    async with mcp_session(solution, cwd=ROOT) as session:
        await session.call_tool("project_structure", {})  # waits for the load
        results["loaded_from_start_s"] = round(time.monotonic() - started, 2)
        first, _ = await call("replace_symbol", symbol=BODY_EDITS[0][0], code=BODY_EDITS[0][1], body_only=True)
        results["replace_body_after_load_ms"] = round(first, 1)
        first, _ = await call("find_tests", symbol=TEST_TARGETS[0])
        results["find_tests_after_load_ms"] = round(first, 1)
        await asyncio.to_thread(wait_until_idle)
        results["warm_from_start_s"] = round(time.monotonic() - started, 2)
        body = [(await call("replace_symbol", symbol=s, code=c, body_only=True))[0] for s, c in BODY_EDITS]
        results["replace_body_repeated"] = summary(body)
        signature = []
        errors = []
        for symbol, code in SIGNATURE_EDITS:
            elapsed, preview = await call("replace_symbol", symbol=symbol, code=code)
            signature.append(elapsed)
            errors.append(len(preview.get("new_errors", [])))  # type: ignore[union-attr]
        results["replace_signature_repeated"] = summary(signature)
        results["replace_signature_new_errors"] = errors
        elapsed, preview = await call("replace_symbol", symbol=CORE_EDIT[0], code=CORE_EDIT[1])
        results["replace_core_member_ms"] = round(elapsed, 1)
        results["replace_core_member_new_errors"] = len(preview.get("new_errors", []))  # type: ignore[union-attr]
        timings, counts = [], []
        for target in TEST_TARGETS * 3:
            elapsed, found = await call("find_tests", symbol=target)
            timings.append(elapsed)
            counts.append(found.get("total", 0))  # type: ignore[union-attr]
        results["find_tests_repeated"] = summary(timings)
        results["find_tests_counts"] = dict(zip(TEST_TARGETS, counts[: len(TEST_TARGETS)], strict=True))
        elapsed, run = await call("run_tests", symbol=TEST_TARGETS[0])
        results["run_tests_by_symbol_s"] = round(elapsed / 1000, 2)
        results["run_tests_by_symbol_counts"] = {k: run.get(k, 0) for k in ("passed", "failed", "skipped")}  # type: ignore[union-attr]
        elapsed, _ = await call("run_build", project="P12")
        results["run_build_one_project_s"] = round(elapsed / 1000, 2)
    return results


def wait_until_idle(quiet: float = 3.0, busy: float = 0.05) -> None:
    """Until the server (this process's child) used under ``busy`` of a core for ``quiet`` seconds."""
    children = [
        int(pid) for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()
    ]

    def cpu() -> float:
        total = 0
        for pid in children:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")

    while True:
        before = cpu()
        time.sleep(quiet)
        if cpu() - before < busy * quiet:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "change_loop.json")
    arguments = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="roslyn-tui-change-loop-"))
    solution = generate(root, arguments.projects, arguments.files, tests=True)
    # Built once first, as a developer's checkout is: run_tests then builds incrementally.
    subprocess.run(["dotnet", "build", str(solution), "-nologo", "-v:q"], check=True, capture_output=True)
    results = asyncio.run(measure(solution))
    results["projects"] = arguments.projects + 1
    results["documents"] = arguments.projects * arguments.files + 1 + len(range(0, arguments.projects, 5))
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
