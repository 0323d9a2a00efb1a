"""From process start to the first symbol opened in the terminal app, at the seed's scale (25 projects of
63 files), as a person meets it: the app started, ctrl+t, a name typed, enter, as soon as the app lets
them; against the load time `python -m engine doctor` reports for the same solution.

Each run is a fresh process driving the real app headless (Textual's Pilot). The first run finds no
on-disk index (the cache is emptied); the later ones are warm starts, which may search before the load
ends. Also timed: when the load finished and when the diagnostics filled their tab (in the background).

    python bench/tui_first_symbol.py [--projects 25] [--files 63] [--runs 3] [--out bench/results/tui_first_symbol.json]
"""

from __future__ import annotations

import time

STARTED = time.monotonic()

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEARCH = "Model12_5"


async def drive(solution: Path) -> dict[str, float]:
    """One app run: search and open a symbol as early as the app allows."""
    sys.path.insert(0, str(ROOT))
    from tui.app import RoslynTui
    from tui.widgets.source_view import SourceView

    times: dict[str, float] = {}
    app = RoslynTui(solution)
    async with app.run_test(size=(160, 45)) as pilot:
        source = app.query_one(SourceView)

        async def note_load() -> None:
            while app.session is None or not app.session.is_loaded:
                await asyncio.sleep(0.02)
            times["loaded_s"] = round(time.monotonic() - STARTED, 2)

        watcher = asyncio.create_task(note_load())
        while source.path is None:
            if app.session is None:
                await pilot.pause(0.02)
                continue
            times.setdefault("searchable_s", round(time.monotonic() - STARTED, 2))
            # The app's own actions, as ctrl+t, the name (pasted) and enter: Pilot's key presses wait for
            # the app to go idle after each key, which a person's typing does not.
            app.action_search_symbols()
            await pilot.pause(0.02)
            search = app.screen
            search.query_one("#search-input").value = SEARCH
            for _ in range(500):  # the hits, from the index or the live solution
                await pilot.pause(0.02)
                if getattr(search, "hits", ()) and search.shown_for == SEARCH:
                    break
            search.submitted()
            for _ in range(100):
                await pilot.pause(0.02)
                if source.path is not None:
                    break
            if app.screen is search:
                search.dismiss(None)
        times["first_symbol_opened_s"] = round(time.monotonic() - STARTED, 2)
        times["opened_before_load"] = float(not app.session.is_loaded)
        await watcher
        while app.query_one("#diagnostics-panel").view is None:
            await pilot.pause(0.1)
        times["diagnostics_shown_s"] = round(time.monotonic() - STARTED, 2)
    return times


def doctor_load(solution: Path) -> float:
    output = subprocess.run(
        [sys.executable, "-m", "engine", "doctor", str(solution)], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    match = re.search(r"in ([\d.]+) s", output)
    assert match, output
    return float(match[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "tui_first_symbol.json")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(asyncio.run(drive(arguments.child))))
        return
    sys.path.insert(0, str(ROOT / "bench"))
    from generate_solution import generate

    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-first-symbol-"))
    solution = generate(work / "sln", arguments.projects, arguments.files)
    cache = work / "cache"
    environment = {**os.environ, "ROSLYN_TUI_CACHE_DIR": str(cache), "ROSLYN_TUI_CONFIG_DIR": str(work / "config")}
    subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    runs = []
    for _ in range(arguments.runs):
        output = subprocess.run(
            [sys.executable, __file__, "--child", str(solution)], capture_output=True, text=True, env=environment
        )
        runs.append(json.loads(output.stdout.strip().splitlines()[-1]))
    os.environ["ROSLYN_TUI_CACHE_DIR"] = str(cache)
    results = {
        "doctor_load_s": doctor_load(solution),
        "first_start": runs[0],
        "warm_starts": runs[1:],
        "warm_first_symbol_median_s": statistics.median(r["first_symbol_opened_s"] for r in runs[1:])
        if runs[1:]
        else None,
        "projects": arguments.projects,
        "files": arguments.projects * arguments.files,
    }
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
