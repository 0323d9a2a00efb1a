"""Memory at rest with a focus against the whole solution: a generated solution of N projects opened
whole, then with a focus on its first 20 projects (P0-P19, which reference only each other), each in a
fresh process, after the warm-up and a full collection; and the time from process start to the load.

    python bench/focus_memory.py [--projects 100] [--files 63] [--out bench/results/focus_memory.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE = """
import json, sys, time
began = time.monotonic()
sys.path.insert(0, {root!r})
from engine import load_solution
import psutil
session = load_solution({solution!r}, watch=False, projects={projects!r})
loaded = time.monotonic() - began
session.wait_warm()
from System import GC
GC.Collect(); GC.WaitForPendingFinalizers(); GC.Collect()
time.sleep(2)
print(json.dumps({{"projects": len(session.report.projects), "load_s": round(loaded, 2),
    "rss_mb": psutil.Process().memory_info().rss // 2**20, "managed_mb": GC.GetTotalMemory(False) // 2**20}}))
"""
FOCUS = ["P?", "P1?"]  # P0-P19: project p references P0, p-1 and p/2, so these reference only each other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=100)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--whole", action=argparse.BooleanOptionalAction, default=True, help="also open it whole")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from generate_solution import generate

    work = Path(tempfile.mkdtemp(prefix=f"roslyn-tui-focus-{arguments.projects}-"))
    solution = generate(work / "sln", arguments.projects, arguments.files)
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    results = {}
    for label, projects in (("focus_20", FOCUS), *((("whole", []),) if arguments.whole else ())):
        script = ONE.format(root=str(ROOT), solution=str(solution), projects=projects)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        results[label] = json.loads(done.stdout.strip().splitlines()[-1])
        print(arguments.projects, label, results[label], flush=True)
    out = arguments.out or ROOT / "bench" / "results" / f"focus_memory_{arguments.projects}.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
