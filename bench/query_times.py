"""First-call and repeated-call time of every engine query, on one solution, in one fresh process.

"First" is the first call of each query after loading (with --warm, after the engine's background
compilation warm-up has finished; without it, racing that warm-up, as a user right after start-up
would); "repeated" is the median of the next N calls of the same query.

    python bench/query_times.py tests/fixtures/Shop/Shop.sln [--repeat 5] [--warm]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import SymbolRef, load_solution, queries

# Symbols of the Shop fixture: the harness measures that fixture.
SHOP_CASES = [
    ("project_structure", queries.project_structure, ()),
    ("list_namespaces", queries.list_namespaces, ()),
    ("find_symbols", queries.find_symbols, ("GBI",)),
    ("symbol_info", queries.symbol_info, (SymbolRef(name="Customer"),)),
    ("type_members", queries.type_members, (SymbolRef(name="Customer"), True)),
    ("go_to_definition", queries.go_to_definition, (SymbolRef(file="src/Shop.Data/Seeder.cs", line=20, column=29),)),
    ("find_references", queries.find_references, (SymbolRef(name="Customer.Balance"),)),
    ("find_implementations", queries.find_implementations, (SymbolRef(name="IRepository"),)),
    ("type_hierarchy", queries.type_hierarchy, (SymbolRef(name="IRepository"),)),
    ("find_overrides", queries.find_overrides, (SymbolRef(name="Entity.Validate"),)),
    ("call_hierarchy", queries.call_hierarchy, (SymbolRef(name="Workflow.Middle"), "both", 3)),
    ("method_overloads", queries.method_overloads, (SymbolRef(name="Journal.Add"),)),
    ("containing_member", queries.containing_member, ("src/Shop.Core/Customer.Orders.cs", 24, 12)),
    ("file_outline", queries.file_outline, ("src/Shop.Core/Customer.cs",)),
    ("get_source", queries.get_source, (SymbolRef(name="Customer"),)),
    ("read_file", queries.read_file, ("src/Shop.Core/Customer.cs",)),
    ("diagnostics", queries.diagnostics, ()),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--warm", action="store_true", help="wait for the background compilation warm-up first")
    arguments = parser.parse_args()
    started = time.monotonic()
    session = load_solution(arguments.path, watch=False)
    print(f"loaded {arguments.path} in {time.monotonic() - started:.2f} s")
    if arguments.warm and session._warmer is not None:
        session._warmer.join()
    print("| query | first call (ms) | repeated, median (ms) |")
    print("| --- | ---: | ---: |")
    for name, query, args in SHOP_CASES:
        t = time.perf_counter()
        session.run(query, *args, timeout=600)
        first = (time.perf_counter() - t) * 1000
        repeats = []
        for _ in range(arguments.repeat):
            t = time.perf_counter()
            session.run(query, *args, timeout=600)
            repeats.append((time.perf_counter() - t) * 1000)
        print(f"| {name} | {first:.1f} | {statistics.median(repeats):.1f} |")


if __name__ == "__main__":
    main()
