"""What profiling costs on a run of about 10 s: the Stuck fixture's prime count made to take that long
(its bound raised in a scratch copy), run as a test without the profiler and under it (in-process on the
engine, as a front end's call runs it), and where the profile put the time; then the same count as the
fixture's app (``apps/count.cs``), run confined without the profiler, under it, and with allocations
sampled too.

    python bench/profile_overhead.py [--bound 25000000] [--out bench/results/profile_overhead.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEST = "Stuck.Tests.PrimesTests.Counts_the_primes_below_two_million"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bound", type=int, default=25_000_000)
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()

    from engine import apps, load_solution, runtime, testing

    root = Path(tempfile.mkdtemp(prefix="profile-")) / "Stuck"
    shutil.copytree(ROOT / "tests" / "fixtures" / "Stuck", root, ignore=shutil.ignore_patterns("bin", "obj"))
    test = root / "tests" / "Stuck.Tests" / "PrimesTests.cs"
    # Only the time matters here: the count is not checked.
    test.write_text(
        test.read_text().replace(
            "Assert.Equal(148933, Primes.CountBelow(2_000_000))",
            f"Assert.True(Primes.CountBelow({arguments.bound}) > 0)",
        )
    )
    session = load_solution(root / "Stuck.slnx", watch=False)
    testing.run_tests(session, tests=[TEST])  # the build, so that the runs below reuse it
    runs = {}
    for label in ("without the profiler", "with the profiler", "without the profiler, again"):
        started = time.monotonic()
        if "with the" in label:
            profile = runtime.profile_tests(session, tests=[TEST])
        else:
            run = testing.run_tests(session, tests=[TEST])
            assert run.passed == 1, run.render()
        runs[label] = round(time.monotonic() - started, 1)
    plain = (runs["without the profiler"] + runs["without the profiler, again"]) / 2
    result = {
        "bound": arguments.bound,
        "seconds": runs,
        "overhead": round(runs["with the profiler"] / plain, 2),
        "cpu_ms_sampled": profile.cpu_ms,
        "hottest": [f"{m.display} {m.exclusive_ms} ms" for m in profile.items[:3]],
        "notes": list(profile.notes),
        "speedscope_bytes": Path(profile.files[0]).stat().st_size,
    }
    from engine.apps.run import run_app

    app = {}
    bound = str(arguments.bound)
    run_app("apps/count.cs", [bound], session, timeout=300)  # built once, so that the runs below reuse it
    for label in ("run_app", "profile_app", "profile_app with allocations", "run_app, again"):
        started = time.monotonic()
        if label.startswith("profile_app"):
            profiled = apps.profile_app(session, "apps/count.cs", [bound], 300, "allocations" in label)
        else:
            assert run_app("apps/count.cs", [bound], session, timeout=300).exit_code == 0
        app[label] = round(time.monotonic() - started, 1)
    alone = (app["run_app"] + app["run_app, again"]) / 2
    result["app"] = {
        "seconds": app,
        "overhead": round(app["profile_app"] / alone, 2),
        "overhead_with_allocations": round(app["profile_app with allocations"] / alone, 2),
        "hottest": [f"{m.display} {m.exclusive_ms} ms" for m in profiled.items[:2]],
        "allocated_bytes_sampled": profiled.allocated_bytes,
    }
    print(json.dumps(result, indent=1))
    if arguments.out:
        arguments.out.write_text(json.dumps(result, indent=1) + "\n")
    session.close()


if __name__ == "__main__":
    main()
