"""Library source as a user meets it: ``go_to_definition`` of framework symbols in a fresh process on the
Shop fixture, the library cache emptied first (the helper itself already built): after the warm-up (which
starts the decompiler), the first type of an assembly, the next type of the same assembly, and the same
symbol again (from the cache); and the first type asked for as soon as the load is done, the warm-up
still running (the decompiler's start paid then).

    python bench/library_source.py [--runs 3] [--out bench/results/library_source.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = {
    "first_type": "T:System.Text.StringBuilder",
    "next_type_same_assembly": "T:System.Collections.Generic.List`1",
    "cached": "T:System.Text.StringBuilder",
    "first_member_new_assembly": "M:System.Linq.Enumerable.Sum(System.Collections.Generic.IEnumerable{System.Int32})",
}
ONE_RUN = """
import json, sys, time
sys.path.insert(0, {root!r})
from engine import SymbolRef, load_solution, queries
from engine.external.library import _library_helper
session = load_solution({solution!r}, watch=False)
if {warm!r}:
    session.wait_warm()
else:
    session.wait_loaded()
_library_helper()
found = {{}}
for label, name in {symbols!r}.items():
    started = time.perf_counter()
    session.run(queries.go_to_definition, SymbolRef(name=name), timeout=300)
    found[label] = round((time.perf_counter() - started) * 1000)
print(json.dumps(found))
session.close()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "library_source.json")
    arguments = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from engine.host.cache import cache_dir

    solution = str(ROOT / "tests/fixtures/Shop/Shop.sln")
    warm = ONE_RUN.format(root=str(ROOT), solution=solution, symbols=SYMBOLS, warm=True)
    at_load = ONE_RUN.format(
        root=str(ROOT), solution=solution, symbols={"first_type_at_load": SYMBOLS["first_type"]}, warm=False
    )
    runs = []
    for _ in range(arguments.runs):
        run = {}
        for script in (warm, at_load):
            shutil.rmtree(cache_dir("library-files"), ignore_errors=True)
            done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
            run.update(json.loads(done.stdout.strip().splitlines()[-1]))
        runs.append(run)
        print(runs[-1], flush=True)
    summary = {
        label: {"median_ms": statistics.median(r[label] for r in runs), "runs": [r[label] for r in runs]}
        for label in runs[0]
    }
    arguments.out.write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
