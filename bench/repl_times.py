"""How fast the C# REPL answers: the first evaluation in a new context (with the spare worker the
REPL keeps ready, and cold, with none), repeated evaluations in a warm context (median and p95 over
different snippets), the first evaluation that references a solution (its projects emitted), and the
resident memory of one context's worker. Confined as the REPL runs (see SECURITY.md); ``--unconfined``
runs the same without the namespaces, for the cost of confinement.

    python bench/repl_times.py [--solution tests/fixtures/Shop/Shop.sln] [--unconfined] [--out bench/results/repl_times.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stats import summary, timed

from engine import load_solution, repl
from engine.repl.contexts import shared

SNIPPETS = [
    "1 + 1",
    "Enumerable.Range(0, 100).Sum()",
    '"abc".ToUpper()',
    "new List<int> { 3, 1, 2 }.OrderBy(x => x).ToList()",
    "DateTime.UnixEpoch.AddDays(1).DayOfWeek",
    'string.Join(",", new[] { "a", "b" })',
    "Math.Sqrt(2) * 10",
    'var t = (A: 1, B: "two"); t',
    "System.Text.Json.JsonSerializer.Serialize(new { X = 1 })",
    "int Twice(int v) => v * 2; Twice(21)",
]


def wait_for_spare() -> None:
    deadline = time.monotonic() + 60
    while not shared().spare_ready and time.monotonic() < deadline:
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--solution", default="tests/fixtures/Shop/Shop.sln")
    parser.add_argument("--out", default="bench/results/repl_times.json")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--unconfined", action="store_true", help="measure without confinement, for comparison")
    args = parser.parse_args()
    if args.unconfined:
        import engine.repl
        from engine.sandbox import wrap
        from engine.sandbox.probe import Confinement

        unconfined = Confinement("none", None, "none", "the benchmark's --unconfined")
        wrap.confinement = engine.repl.confinement = lambda: unconfined

    session = load_solution(args.solution, watch=False)
    session.wait_loaded()
    repl.evaluate_csharp("0", "build", session)  # builds the worker into the cache once
    repl.reset_repl()

    cold = []
    for round_number in range(args.rounds):
        wait_for_spare()  # none half-started, then none at all: a worker starts for the evaluation
        shared().discard_spare()
        cold.append(timed(lambda n=round_number: repl.evaluate_csharp("1 + 1", f"cold{n}", session)))
        repl.reset_repl()

    first = []
    for round_number in range(max(args.rounds, 5)):
        wait_for_spare()
        first.append(timed(lambda n=round_number: repl.evaluate_csharp("1 + 1", f"new{n}", session)))
    repl.reset_repl()

    repl.evaluate_csharp("var warmUp = 1;", "warm", session)
    repeated = []
    for _ in range(3):
        for snippet in SNIPPETS:
            repeated.append(timed(lambda s=snippet: repl.evaluate_csharp(s, "warm", session)))
    resident = repl.repl_state("warm").memory_mb
    repl.reset_repl()

    wait_for_spare()
    with_solution = timed(
        lambda: repl.evaluate_csharp('new Shop.Core.Customer(1, "Ann").Name', "solution", session, True)
    )
    again = [timed(lambda: repl.evaluate_csharp("1", "solution", session, True)) for _ in range(10)]
    repl.reset_repl()

    results = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "solution": args.solution,
        "confinement": repl.repl_info(session).confinement,
        "first_in_new_context_with_spare": summary(first),
        "first_in_new_context_cold": summary(cold),
        "repeated": summary(repeated),
        "first_referencing_the_solution_ms": round(with_solution, 1),
        "repeated_referencing_the_solution": summary(again),
        "context_worker_rss_mb": round(resident, 1),
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
