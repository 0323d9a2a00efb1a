"""Hints and lenses on the generated solution of N projects, over the files with the hottest members (the
core's ``Log``, called from every project, and a model file), as the terminal app asks for them: the
hints of the first 45 lines, then the lenses counted within ``LENS_SECONDS[0]`` (what is drawn first), then
the exact lenses that replace them. First right after the load (the warm-up running beside), then again.

    python bench/code_view_times.py [--projects 25] [--files 63] [--out bench/results/code_view_times.json]
"""

from __future__ import annotations

import argparse
import json
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
    arguments = parser.parse_args()

    from engine import code_view, load_solution
    from tui.actions.code_view import LENS_SECONDS

    root = Path(tempfile.mkdtemp(prefix="code-view-"))
    solution = generate(root, arguments.projects, arguments.files)
    started = time.monotonic()
    session = load_solution(solution, watch=False)
    loaded = round(time.monotonic() - started, 1)
    files = [root / "P0" / "Core.cs", root / "P0" / "Model0.cs", root / f"P{arguments.projects - 1}" / "Model1.cs"]
    rounds = []
    for label in ("first, the warm-up running", "again"):
        for file in files:
            hints_seconds, hints = timed(lambda f=file: session.run(code_view.inlay_hints, str(f), 1, 45))
            quick_seconds, quick = timed(
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
                    "exact_lenses_seconds": exact_seconds,
                    "exact_lenses": [lens.label() for lens in exact.items],
                }
            )
            print(json.dumps(rounds[-1]), flush=True)
    result = {"projects": arguments.projects, "files": arguments.files, "load_seconds": loaded, "rounds": rounds}
    if arguments.out:
        arguments.out.write_text(json.dumps(result, indent=1) + "\n")
    session.close()


if __name__ == "__main__":
    main()
