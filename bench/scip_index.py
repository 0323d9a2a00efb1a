"""``roslyn-index`` as a user runs it: a fresh process per run on a generated solution at several
sizes, from process start to the index written (the load included), with its size, documents,
occurrences and peak resident memory (``/usr/bin/time -v``); and the indexing alone, as the tool
reports it.

    python bench/scip_index.py [--projects 5 25 100] [--files 63] [--runs 2] [--out bench/results/scip_index.json]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))


def one_run(solution: Path, output: Path) -> dict[str, float]:
    output.unlink(missing_ok=True)
    began = time.perf_counter()
    done = subprocess.run(
        [
            "/usr/bin/time",
            "-v",
            sys.executable,
            "-m",
            "engine.scip.cli",
            str(solution),
            "-o",
            str(output),
            "--no-restore",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    total = time.perf_counter() - began
    summary = re.search(r": (\d+) documents, (\d+) occurrences, (\d+) symbols .* in ([\d.]+) s", done.stdout)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    assert summary is not None and peak is not None, done.stdout + done.stderr
    return {
        "total_s": round(total, 2),
        "indexing_s": float(summary.group(4)),
        "documents": int(summary.group(1)),
        "occurrences": int(summary.group(2)),
        "symbols": int(summary.group(3)),
        "bytes": output.stat().st_size,
        "peak_rss_mb": round(int(peak.group(1)) / 1024),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, nargs="+", default=[5, 25, 100])
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "scip_index.json")
    arguments = parser.parse_args()
    from generate_solution import generate

    results = {}
    for size in arguments.projects:
        work = Path(tempfile.mkdtemp(prefix=f"roslyn-tui-scip-{size}-"))
        solution = generate(work / "sln", size, arguments.files)
        subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
        runs = [one_run(solution, work / "index.scip") for _ in range(arguments.runs)]
        results[str(size)] = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        shutil.rmtree(work, ignore_errors=True)
        print(size, json.dumps(results[str(size)]), flush=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
