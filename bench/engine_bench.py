"""Engine figures: cold start to loaded solution, resident memory, edit-to-query latency.

Each run is a fresh process (cold: CoreCLR, Roslyn, BuildHost all start from nothing), on a
private copy of the solution that was restored once beforehand (restore time is not counted).

    python bench/engine_bench.py tests/fixtures/Shop/Shop.sln [--runs 3] [--edit src/Shop.Core/Journal.cs]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_ONE_RUN = r"""
import json, sys, time, threading
started = time.monotonic()
sys.path.insert(0, {root!r})
import psutil
import engine
from engine.symbols.naming import SymbolRef, resolve
from engine.symbols.describe import compilation

session = engine.load_solution({path!r}, watch=True)
loaded = time.monotonic() - started
rss_loaded = psutil.Process().memory_info().rss
def compile_all(snapshot, op):
    for project in snapshot.projects:
        compilation(snapshot, project, op)
t = time.monotonic()
session.run(compile_all, timeout=600)
compiled = time.monotonic() - t
rss_compiled = psutil.Process().memory_info().rss

edit_seconds = None
edit = {edit!r}
if edit:
    path = session.root / edit
    original = path.read_text()
    marker = "BenchMarker" + str(int(time.time() * 1000))
    path.write_text(original + "\ninternal static class " + marker + " { }\n")
    t = time.monotonic()
    try:
        while time.monotonic() - t < 30:
            try:
                session.run(lambda s, op: resolve(s, op, SymbolRef(name=marker)))
                edit_seconds = time.monotonic() - t
                break
            except engine.SymbolNotFound:
                time.sleep(0.01)
    finally:
        path.write_text(original)
print(json.dumps(dict(load_seconds=loaded, compile_seconds=compiled, rss_loaded_mb=rss_loaded / 2**20,
                      rss_compiled_mb=rss_compiled / 2**20, edit_to_query_seconds=edit_seconds,
                      projects=len(session.report.projects),
                      documents=sum(p.document_count for p in session.report.projects))))
session.close()
"""


def one_run(path: Path, edit: str | None) -> dict[str, float]:
    code = (
        _ONE_RUN.replace("{root!r}", repr(str(ROOT)))
        .replace("{path!r}", repr(str(path)))
        .replace("{edit!r}", repr(edit))
    )
    started = time.monotonic()
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=1200)
    if completed.returncode != 0:
        raise SystemExit(completed.stderr)
    result = json.loads(completed.stdout.strip().splitlines()[-1])
    result["process_seconds"] = time.monotonic() - started
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--edit", help="a .cs file (relative to the solution directory) to append a class to")
    arguments = parser.parse_args()
    # Work on a private copy: the edit must not disturb anyone else using the solution.
    copy = Path(tempfile.mkdtemp(prefix="roslyn-tui-bench-")) / arguments.path.resolve().parent.name
    shutil.copytree(arguments.path.resolve().parent, copy, ignore=shutil.ignore_patterns("bin", "obj"))
    solution = copy / arguments.path.name if arguments.path.is_file() else copy
    subprocess.run([sys.executable, "-m", "engine", "doctor", str(solution)], cwd=ROOT, capture_output=True, check=True)
    runs = [one_run(solution, arguments.edit) for _ in range(arguments.runs)]
    print(f"{arguments.path} ({runs[0]['projects']} projects, {runs[0]['documents']} documents), {len(runs)} cold runs")
    for key in runs[0]:
        values = [r[key] for r in runs if r[key] is not None]
        if key in ("projects", "documents") or not values:
            continue
        print(f"  {key:24} median {statistics.median(values):8.2f}   min {min(values):8.2f}   max {max(values):8.2f}")


if __name__ == "__main__":
    main()
