"""Time to list the code actions at a position and to preview a solution-wide rename, warm, on a
synthetic solution (25 projects of 63 files is the seed's scale: 1,575 documents).

"First" is the first call after load and the engine's background warm-up (compilations, code fix
and refactoring providers, IDE analyzers); "repeated" is the median and p95 over several different
positions or symbols, each previewed once more. Results print as a table and are written as JSON.

    python bench/edit_times.py [--projects 25] [--files 63] [--out bench/results/edit_times.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_solution import generate
from stats import summary, timed

from engine import SymbolRef, editing, load_solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--out", type=Path, default=Path("bench/results/edit_times.json"))
    arguments = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="roslyn-tui-edit-bench-"))
    solution = generate(root, arguments.projects, arguments.files)
    started = time.perf_counter()
    session = load_solution(solution, watch=False)
    load_seconds = time.perf_counter() - started
    session.wait_warm()

    middle = arguments.projects // 2
    # (file, line, column): the `_calls++` statement, the Compute method's name, its return expression
    places = [
        (f"P{p}/Service{f}.cs", line, column)
        for p in (middle, middle + 1, arguments.projects - 1)
        for f in (1, 2, 3)
        for line, column in ((16, 9), (14, 16), (17, 16))
    ]
    first_list = timed(lambda: editing.code_actions(session, *places[0]))
    listing = [timed(lambda place=place: editing.code_actions(session, *place)) for place in places[1:]]
    counts = [len(editing.code_actions(session, *place).items) for place in places[:3]]

    # Classes constructed from the next project: each rename searches the solution and rewrites two projects.
    symbols = [f"Bench.P{p}.Service{p}_{f}" for p in range(1, 7) for f in (0, 1)]
    first_rename = timed(lambda: editing.rename_symbol(session, SymbolRef(name=symbols[0]), "Renamed"))
    renames = [timed(lambda s=s: editing.rename_symbol(session, SymbolRef(name=s), "Renamed")) for s in symbols[1:]]
    files = len(editing.rename_symbol(session, SymbolRef(name=symbols[1]), "Renamed").files)

    snapshot = session.snapshot()
    results = {
        "solution": {"projects": arguments.projects, "documents": sum(p.DocumentIds.Count for p in snapshot.projects)},
        "load_seconds": round(load_seconds, 2),
        "code_actions": {"first_ms": round(first_list, 1), **summary(listing), "actions_at_first_places": counts},
        "rename_preview": {"first_ms": round(first_rename, 1), **summary(renames), "files_changed": files},
    }
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"{results['solution']['projects']} projects, {results['solution']['documents']} documents")
    print("| figure | first (ms) | median (ms) | p95 (ms) | samples |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in ("code_actions", "rename_preview"):
        row = results[name]
        print(f"| {name} | {row['first_ms']} | {row['median_ms']} | {row['p95_ms']} | {row['count']} |")


if __name__ == "__main__":
    main()
