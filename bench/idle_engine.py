"""What an engine nobody uses costs: a ``roslyn-mcp`` session on a fresh generated solution (25 projects
of 63 files by default, no index yet) asks one search and leaves; its shared engine is then read from
``/proc`` every 5 s: the CPU it uses, how long until it goes quiet, its resident memory, and the
priority of its busiest threads. Meanwhile, 20 s after the first left, a second session starts and asks
its first search: the time from its process start, with the first engine still warming the index.

    python bench/idle_engine.py [--projects 25] [--files 63] [--seconds 180] [--out bench/results/idle_engine.json]
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
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))

from generate_solution import generate  # noqa: E402
from mcp_session import mcp_session  # noqa: E402
from shared_engine_times import engine_pids, rss_mb  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
SAMPLE_SECONDS = 5.0
QUIET_CPU_SHARE = 0.02
"""Below this share of one core over a sample, the engine is quiet."""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def busiest_threads(pid: int, before: dict[str, float]) -> list[dict[str, object]]:
    """Each thread's CPU since ``before`` (updated in place), with its nice value and policy."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = (int(fields[11]) + int(fields[12])) / TICKS
        spent = used - before.get(task.name, 0.0)
        before[task.name] = used
        if spent > 0.2:
            found.append(
                {"tid": int(task.name), "cpu_s": round(spent, 1), "nice": int(fields[16]), "policy": int(fields[38])}
            )
    return sorted(found, key=lambda t: -float(t["cpu_s"]))[:4]


async def one_search(solution: Path, env: dict[str, str]) -> float:
    started = time.monotonic()
    async with mcp_session(solution, env=env) as session:
        result = await session.call_tool("find_symbols", {"query": "Model12_5"})
        assert not result.is_error, result.content
        return round(time.monotonic() - started, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "idle_engine.json")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-idle-"))
    solution = generate(work / "sln", arguments.projects, arguments.files)
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    runtime = work / "run"
    runtime.mkdir(mode=0o700)
    env = {
        **os.environ,
        "ROSLYN_SHARED_ENGINE": "1",
        "ROSLYN_ENGINE_DIR": str(runtime),
        "ROSLYN_ENGINE_IDLE_SECONDS": "600",
    }
    results: dict[str, object] = {"projects": arguments.projects}
    try:
        results["first_search_s"] = asyncio.run(one_search(solution, env))
        left = time.monotonic()
        (pid,) = engine_pids(runtime)
        samples: list[dict[str, object]] = []
        threads: dict[str, float] = {}
        used = cpu_seconds(pid)
        total = 0.0
        quiet_after = None
        second = None
        while time.monotonic() - left < arguments.seconds:
            time.sleep(SAMPLE_SECONDS)
            if second is None and time.monotonic() - left >= 20:
                second = asyncio.run(one_search(solution, env))
                results["second_first_search_s"] = second
            now = cpu_seconds(pid)
            spent, used = now - used, now
            total += spent
            at = round(time.monotonic() - left)
            samples.append(
                {"at_s": at, "cpu_s": round(spent, 2), "rss_mb": rss_mb(pid), "threads": busiest_threads(pid, threads)}
            )
            print(samples[-1], flush=True)
            if spent / SAMPLE_SECONDS < QUIET_CPU_SHARE and quiet_after is None and second is not None:
                quiet_after = at
        results.update(
            {
                "cpu_s_after_leaving": round(total, 1),
                "quiet_after_s": quiet_after,
                "rss_mb_idle": rss_mb(pid),
                "samples": samples,
            }
        )
    finally:
        for pid in engine_pids(runtime):
            os.kill(pid, signal.SIGKILL)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps({k: v for k, v in results.items() if k != "samples"}, indent=2))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
