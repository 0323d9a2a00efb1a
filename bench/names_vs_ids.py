"""A symbol named by name against the same symbol named by documentation ID, in-process on a loaded and
warmed generated solution, at several sizes: ``symbol_info``, ``go_to_definition`` and
``find_overrides`` (median and p95 over repeated calls, the first call excluded).

    python bench/names_vs_ids.py [--projects 5 25 100] [--files 63] [--repeat 30] [--out bench/results/names_vs_ids.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from stats import p95  # noqa: E402

QUERIES = ("symbol_info", "go_to_definition", "find_overrides")
NAMES = {
    "Bench.Core.Entity.Weight": "M:Bench.Core.Entity.Weight",
    "Entity.Compute(int)": "M:Bench.Core.Entity.Compute(System.Int32)",
}


def measure(solution: Path, repeat: int) -> dict[str, dict[str, object]]:
    from engine import SymbolRef, load_solution, queries

    session = load_solution(solution, watch=False)
    session.wait_warm()
    found: dict[str, dict[str, object]] = {}
    for query_name in QUERIES:
        query = getattr(queries, query_name)
        for name, doc_id in NAMES.items():
            for label, ref in (("name", name), ("id", doc_id)):
                session.run(query, SymbolRef(name=ref))  # the first call, excluded
                times = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    session.run(query, SymbolRef(name=ref))
                    times.append((time.perf_counter() - started) * 1000)
                found.setdefault(query_name, {}).setdefault(label, []).extend(times)  # type: ignore[union-attr]
    session.close()
    return {q: {label: _summary(times) for label, times in sides.items()} for q, sides in found.items()}  # type: ignore[misc]


def _summary(samples: list[float]) -> dict[str, float]:
    """Microsecond precision: the figures are fractions of a millisecond."""
    import statistics

    return {"median_ms": round(statistics.median(samples), 3), "p95_ms": round(p95(samples), 3), "count": len(samples)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, nargs="+", default=[5, 25, 100])
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "names_vs_ids.json")
    arguments = parser.parse_args()
    from generate_solution import generate

    results = {}
    for size in arguments.projects:
        work = Path(tempfile.mkdtemp(prefix=f"roslyn-tui-names-{size}-"))
        solution = generate(work / "sln", size, arguments.files)
        subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
        results[str(size)] = measure(solution, arguments.repeat)
        shutil.rmtree(work, ignore_errors=True)
        print(size, json.dumps(results[str(size)]), flush=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
