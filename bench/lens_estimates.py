"""The on-disk index's lens estimates on a real repository, held to the exact lens counts (Roslyn's
``FindReferences``): on a fresh copy, loaded and warmed (the warm-up writes the index with every member's
uses), each declaration of the ``--files`` largest source files is estimated from the index as the next
start would show it (``~N refs``) and counted exactly; members that override a library member are left
out, and must have no estimate (find references counts every use of that library member, which no index
of the solution holds): their lens waits for the exact count, as ``tests/test_index_references.py`` holds.

    python bench/lens_estimates.py MIRROR SOLUTION [--files 40] [--property K=V] [--drop FILE]
        [--out bench/results/lens-estimates-NAME.json]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--files", type=int, default=40)
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument("--drop", action="append", default=[])
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    os.environ["ROSLYN_TUI_CACHE_DIR"] = tempfile.mkdtemp(prefix="lens-cache-")  # a fresh index

    from checkout import checkout, prepare, write_result

    from engine import SymbolRef, code_view, load_solution
    from engine.index import member_counts
    from engine.symbols.describe import typed
    from engine.symbols.naming import resolve

    def overrides_a_library_member(snapshot, operation, documentation_id: str) -> bool:
        symbol = typed(resolve(snapshot, operation, SymbolRef(name=documentation_id)))
        above = [getattr(symbol, "OverriddenMethod", None) or getattr(symbol, "OverriddenProperty", None)]
        kind = symbol.ContainingType
        if kind is not None and not symbol.IsStatic:
            for contract in kind.AllInterfaces:
                above += [
                    c
                    for c in contract.GetMembers(symbol.Name)
                    if kind.FindImplementationForInterfaceMember(c) == symbol
                ]
        return any(up is not None and not any(p.IsInSource for p in up.OriginalDefinition.Locations) for up in above)

    root = checkout(arguments.mirror, "lens-estimates-")
    prepare(root, arguments.property, dropped=arguments.drop)
    started = time.monotonic()
    session = load_solution(root / arguments.solution, watch=False)
    session.wait_warm(timeout=1800)
    warmed = round(time.monotonic() - started, 1)
    snapshot = session.snapshot()
    files = sorted(
        {str(d.FilePath) for p in snapshot.projects for d in p.Documents if str(d.FilePath).endswith(".cs")},
        key=lambda f: -Path(f).stat().st_size if Path(f).exists() else 0,
    )
    files = [f for f in files if "/obj/" not in f and Path(f).exists()][: arguments.files]
    compared, equal, differ, library = 0, 0, [], 0
    for file in files:
        exact = session.run(code_view.code_lens, file, 1, 1_000_000, tests=False, timeout=600)
        estimated = member_counts.estimates(snapshot, [lens.documentation_id for lens in exact.items])
        for lens in exact.items:
            if session.run(overrides_a_library_member, lens.documentation_id):
                library += 1
                if lens.documentation_id in estimated:  # the index must not guess these
                    differ.append([str(Path(file).relative_to(root)), lens.name, lens.references, "estimated"])
                continue
            compared += 1
            if estimated.get(lens.documentation_id) == lens.references:
                equal += 1
            else:
                shown = str(Path(file).relative_to(root))
                differ.append([shown, lens.name, lens.references, estimated.get(lens.documentation_id)])
    session.close()
    result = {
        "repository": arguments.mirror.parent.name,
        "load_and_warm_up_seconds": warmed,
        "files": len(files),
        "declarations_compared": compared,
        "equal": equal,
        "no_estimate_overriding_or_implementing_a_library_member": library,
        "differ (file, name, exact, estimate)": differ[:20],
    }
    write_result(result, arguments.out)


if __name__ == "__main__":
    main()
