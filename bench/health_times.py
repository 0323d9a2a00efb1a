"""Code health on a generated solution, in-process after the load and warm-up: ``find_unused`` (the
solution's private and internal symbols, then every symbol with ``include_public``), ``complexity`` and ``dependency_graph`` (namespaces), each the
first call and the median of repeats (a new snapshot is not made between them: the repeats show what
Roslyn keeps, the first call what a user waits for).

    python bench/health_times.py [--projects 25] [--files 63] [--repeat 3] [--out bench/results/health_times.json]
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def measure(solution: Path, repeat: int) -> dict[str, object]:
    from engine import load_solution
    from engine.analysis import complexity, dependency_graph, find_unused

    session = load_solution(solution, watch=False)
    session.wait_warm()
    found: dict[str, object] = {}
    for label, query, args in (
        ("find_unused", find_unused, ()),
        ("find_unused_public", find_unused, (None, None, True)),
        ("complexity", complexity, ()),
        ("dependency_graph_namespace", dependency_graph, ("namespace",)),
    ):
        times = []
        for _ in range(repeat + 1):
            started = time.perf_counter()
            view = session.run(query, *args, timeout=600)
            times.append(round((time.perf_counter() - started) * 1000))
        size = getattr(view, "total", None) if label != "dependency_graph_namespace" else len(view.items)
        found[label] = {"first_ms": times[0], "median_ms": statistics.median(times[1:]), "items": size}
        if label.startswith("find_unused"):
            found[label]["checked"] = view.checked  # type: ignore[index]
    session.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, nargs="+", default=[25])
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "health_times.json")
    arguments = parser.parse_args()
    from generate_solution import generate

    results = {}
    for size in arguments.projects:
        work = Path(tempfile.mkdtemp(prefix=f"roslyn-tui-health-{size}-"))
        solution = generate(work / "sln", size, arguments.files)
        subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
        results[str(size)] = measure(solution, arguments.repeat)
        shutil.rmtree(work, ignore_errors=True)
        print(size, json.dumps(results[str(size)]), flush=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
