"""Hints and lenses on the generated solution of N projects, over the files with the hottest members (the
core's ``Log``, called from every project, and a model file), as the terminal app asks for them: the
hints of the first 45 lines, then the lenses as the app asks for them: without time (the counts known and the
index's estimates, what is drawn first), counted within ``LENS_SECONDS[0]``, then the exact lenses that
replace them. First right after the load (the warm-up running beside), then again.

Two starts, each a process of its own: the first on a fresh cache, which then waits for its warm-up (the
on-disk index, with every member's uses), and a second start of the same solution, whose first lenses are
the index's estimates (``~15,755 refs``) until the exact counts come.

    python bench/code_view_times.py [--projects 25] [--files 63] [--out bench/results/code_view_times.json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_solution import generate  # noqa: E402


def timed(work) -> tuple[float, object]:
    started = time.monotonic()
    answer = work()
    return round(time.monotonic() - started, 3), answer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--start", help=argparse.SUPPRESS)  # one start, in its own process: "first" or "warm"
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.start:
        print(json.dumps(one_start(arguments.root, arguments.projects, arguments.start)))
        return

    root = Path(tempfile.mkdtemp(prefix="code-view-"))
    generate(root, arguments.projects, arguments.files)
    cache = Path(tempfile.mkdtemp(prefix="code-view-cache-"))
    starts = {}
    for start in ("first", "warm"):
        command = [
            sys.executable,
            __file__,
            "--start",
            start,
            "--root",
            str(root),
            "--projects",
            str(arguments.projects),
        ]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "XDG_CACHE_HOME": str(cache)})
        if done.returncode:
            sys.exit(f"the {start} start failed:\n{done.stderr[-4000:]}")
        starts[start] = json.loads(done.stdout.strip().splitlines()[-1])
        print(json.dumps(starts[start], indent=1), flush=True)
    result = {"projects": arguments.projects, "files": arguments.files, "starts": starts}
    if arguments.out:
        arguments.out.write_text(json.dumps(result, indent=1) + "\n")


def one_start(root: Path, projects: int, start: str) -> dict[str, object]:
    from engine import code_view, load_solution
    from tui.actions.code_view import LENS_SECONDS

    solution = next(root.glob("*.slnx"))
    started = time.monotonic()
    session = load_solution(solution, watch=False)
    loaded = round(time.monotonic() - started, 1)
    files = [root / "P0" / "Core.cs", root / "P0" / "Model0.cs", root / f"P{projects - 1}" / "Model1.cs"]
    rounds = []
    for label in ("right after the load, the warm-up running", "again"):
        for file in files:
            hints_seconds, hints = timed(lambda f=file: session.run(code_view.inlay_hints, str(f), 1, 45))
            quick_seconds, quick = timed(
                lambda f=file: session.run(code_view.code_lens, str(f), 1, 45, tests=False, seconds=0.0)
            )
            counted_seconds, counted = timed(
                lambda f=file: session.run(code_view.code_lens, str(f), 1, 45, tests=False, seconds=LENS_SECONDS[0])
            )
            exact_seconds, exact = timed(
                lambda f=file: session.run(code_view.code_lens, str(f), 1, 45, tests=False, timeout=600)
            )
            rounds.append(
                {
                    "round": label,
                    "file": str(file.relative_to(root)),
                    "hints_seconds": hints_seconds,
                    "hints": len(hints.items),
                    "first_lenses_seconds": quick_seconds,
                    "first_lenses": [lens.label() for lens in quick.items],
                    "counted_lenses_seconds": counted_seconds,
                    "counted_lenses": [lens.label() for lens in counted.items],
                    "exact_lenses_seconds": exact_seconds,
                    "exact_lenses": [lens.label() for lens in exact.items],
                    "estimates_exact": sum(
                        1
                        for q, e in zip(quick.items, exact.items, strict=True)
                        if q.estimated and q.references == e.references
                    ),
                    "estimates": sum(1 for q in quick.items if q.estimated),
                }
            )
    if start == "first":
        session.wait_warm(timeout=900)  # the index, every member's uses in it, for the next start
    session.close()
    return {"start": start, "load_seconds": loaded, "rounds": rounds}


if __name__ == "__main__":
    main()
