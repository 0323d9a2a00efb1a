"""First-call and repeated-call time of the hierarchy queries (implementations, overrides, type and call hierarchy).

"First" is the first call of a query; "repeated" is the median of the next N calls of the same query.
By default every case runs in one process, one after the other, so later first calls profit from the
compilations earlier ones built. ``--fresh`` runs each case in its own new process instead: its first call is
the first query after loading, as when a user asks that question right after start-up. ``--warm`` waits for
the engine's background compilation warm-up before the first call.

    python bench/query_times_part2.py tests/fixtures/Shop/Shop.sln [--repeat 5] [--warm] [--fresh]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import SymbolRef, load_solution, queries

# Symbols of the Shop fixture: the harness measures that fixture.
CASES = {
    "find_implementations IRepository": (queries.find_implementations, (SymbolRef(name="IRepository"),), {}),
    "find_implementations IEntity.Id": (queries.find_implementations, (SymbolRef(name="IEntity.Id"),), {}),
    "find_overrides Entity.Validate": (queries.find_overrides, (SymbolRef(name="Entity.Validate"),), {}),
    "type_hierarchy CustomerRepository": (queries.type_hierarchy, (SymbolRef(name="CustomerRepository"),), {}),
    "type_hierarchy IEntity +overrides": (
        queries.type_hierarchy,
        (SymbolRef(name="IEntity"),),
        {"include_overrides": True},
    ),
    "type_hierarchy IRepository depth 1": (
        queries.type_hierarchy,
        (SymbolRef(name="IRepository"),),
        {"direction": "descendants", "max_depth": 1},
    ),
    "call_hierarchy IRepository.Add in": (queries.call_hierarchy, (SymbolRef(name="IRepository.Add"),), {}),
    "call_hierarchy Customer.Balance in": (queries.call_hierarchy, (SymbolRef(name="Customer.Balance"),), {}),
    "call_hierarchy Workflow.IsEven in 3": (
        queries.call_hierarchy,
        (SymbolRef(name="Workflow.IsEven"),),
        {"direction": "incoming", "depth": 3},
    ),
    "call_hierarchy Program.Main out": (
        queries.call_hierarchy,
        (SymbolRef(name="Program.Main"),),
        {"direction": "outgoing"},
    ),
    "call_hierarchy Workflow.Start both 3": (
        queries.call_hierarchy,
        (SymbolRef(name="Workflow.Start"),),
        {"direction": "both", "depth": 3},
    ),
}


def measure(path: Path, names: list[str], repeat: int, warm: bool) -> list[tuple[str, float, float]]:
    """Load the solution once and time each named case: (name, first ms, median of repeats ms)."""
    session = load_solution(path, watch=False)
    if warm and session._warmer is not None:
        session._warmer.join()
    rows = []
    for name in names:
        query, args, kwargs = CASES[name]
        t = time.perf_counter()
        session.run(query, *args, timeout=600, **kwargs)
        first = (time.perf_counter() - t) * 1000
        repeats = []
        for _ in range(repeat):
            t = time.perf_counter()
            session.run(query, *args, timeout=600, **kwargs)
            repeats.append((time.perf_counter() - t) * 1000)
        rows.append((name, first, statistics.median(repeats)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--warm", action="store_true", help="wait for the background compilation warm-up first")
    parser.add_argument("--fresh", action="store_true", help="each case in a new process")
    parser.add_argument("--only", help=argparse.SUPPRESS)  # one case: how --fresh runs its children
    arguments = parser.parse_args()
    if arguments.only:
        for name, first, median in measure(arguments.path, [arguments.only], arguments.repeat, arguments.warm):
            print(f"| {name} | {first:.1f} | {median:.1f} |")
        return
    print("| query | first call (ms) | repeated, median (ms) |")
    print("| --- | ---: | ---: |")
    if not arguments.fresh:
        for name, first, median in measure(arguments.path, list(CASES), arguments.repeat, arguments.warm):
            print(f"| {name} | {first:.1f} | {median:.1f} |")
        return
    for name in CASES:
        command = [sys.executable, __file__, str(arguments.path), "--only", name, "--repeat", str(arguments.repeat)]
        if arguments.warm:
            command.append("--warm")
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        print(done.stdout.strip().splitlines()[-1], flush=True)


if __name__ == "__main__":
    main()
