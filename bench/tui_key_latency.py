"""How long a key waits while the app works in the background: from the key's event to its effect on
screen, in the real app (Textual's Pilot, headless) on a solution at the seed's scale (25 projects of 63
files), pressed while the solution's diagnostics run after the load, and again after they have finished.

Keys, as a person presses them: down in the source view (the cursor moves), ctrl+g (the go-to-line
prompt opens), a line number and enter (the cursor is on that line), ctrl+t (the search opens) and
escape, down in the References panel (the highlight moves). Each key is posted as the terminal would
send it and its effect watched from the event loop, so time the loop spends elsewhere (a render, a
panel filled with thousands of rows, a lock) counts.

    python bench/tui_key_latency.py [--projects 25] [--files 63] [--rounds 20] [--solution DIR/X.slnx]
        [--out bench/results/tui_key_latency.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def timed(app, key: str, done: Callable[[], bool], timeout: float = 10.0) -> float:
    """Seconds from posting ``key`` (as the terminal driver does) to ``done()``."""
    from textual import events

    started = time.perf_counter()
    app.post_message(events.Key(key, None))
    while not done():
        if time.perf_counter() - started > timeout:
            raise TimeoutError(f"{key} had no effect in {timeout} s")
        await asyncio.sleep(0.001)
    return time.perf_counter() - started


async def one_round(app, pilot, source, panel, line_count: int, round_index: int) -> dict[str, float]:
    from tui.screens.goto import GoToLineScreen
    from tui.screens.search import SymbolSearchScreen

    times = {}
    source.focus()
    await pilot.pause()
    row = source.cursor_location[0]
    times["down"] = await timed(app, "down", lambda: source.cursor_location[0] != row)
    times["ctrl+g"] = await timed(app, "ctrl+g", lambda: isinstance(app.screen, GoToLineScreen))
    target = 1 + (round_index * 7) % line_count
    for digit in str(target):
        app.post_message(__import__("textual").events.Key(digit, digit))
    times["enter (go to line)"] = await timed(app, "enter", lambda: source.cursor_location[0] == target - 1)
    times["ctrl+t"] = await timed(app, "ctrl+t", lambda: isinstance(app.screen, SymbolSearchScreen))
    times["escape"] = await timed(app, "escape", lambda: not isinstance(app.screen, SymbolSearchScreen))
    if panel.option_count > 2:
        panel.focus()
        await pilot.pause()
        highlighted = panel.highlighted
        times["down (references)"] = await timed(app, "down", lambda: panel.highlighted != highlighted)
        if panel.highlighted is not None and panel.highlighted >= panel.option_count - 2:
            panel.highlighted = 1
    return times


async def drive(solution: Path, file: Path, rounds: int) -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    from engine import Location, SymbolRef, queries
    from tui.app import RoslynTui
    from tui.widgets.panels import ListPanel
    from tui.widgets.source_view import SourceView

    app = RoslynTui(solution)
    busy: dict[str, list[float]] = {}
    idle: dict[str, list[float]] = {}
    async with app.run_test(size=(160, 45)) as pilot:
        while app.session is None or not app.session.is_loaded:
            await pilot.pause(0.05)
        app.open_location(Location(str(file), 1, 1, 1, 1))
        await pilot.pause(0.2)
        source = app.query_one(SourceView)
        panel = app.query_one("#references-panel", ListPanel)
        app.show_query("references", queries.find_references, SymbolRef(name="Model0_0"))
        line_count = source.document.line_count
        index = 0
        diagnostics = app.query_one("#diagnostics-panel", ListPanel)
        while diagnostics.view is None:
            for key, seconds in (await one_round(app, pilot, source, panel, line_count, index)).items():
                busy.setdefault(key, []).append(seconds)
            index += 1
        for index in range(rounds):
            for key, seconds in (await one_round(app, pilot, source, panel, line_count, index)).items():
                idle.setdefault(key, []).append(seconds)

    def summary(found: dict[str, list[float]]) -> dict[str, dict[str, float]]:
        return {
            key: {
                "median_ms": round(statistics.median(v) * 1000, 1),
                "worst_ms": round(max(v) * 1000, 1),
                "presses": len(v),
            }
            for key, v in found.items()
        }

    return {"while_diagnostics_run": summary(busy), "after": summary(idle)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--solution", type=Path, help="an existing generated solution (else one is generated)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "tui_key_latency.json")
    parser.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(asyncio.run(drive(*arguments.child, arguments.rounds))))
        return
    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-keys-"))
    solution = arguments.solution
    if solution is None:
        sys.path.insert(0, str(ROOT / "bench"))
        from generate_solution import generate

        solution = generate(work / "sln", arguments.projects, arguments.files)
        subprocess.run(["dotnet", "restore", str(solution)], check=True, capture_output=True)
    file = next(p for p in sorted(solution.parent.rglob("*.cs")) if "obj" not in p.parts and p.stat().st_size > 2000)
    environment = {**os.environ, "ROSLYN_TUI_CONFIG_DIR": str(work / "config")}
    output = subprocess.run(
        [sys.executable, __file__, "--rounds", str(arguments.rounds), "--child", str(solution), str(file)],
        capture_output=True, text=True, env=environment, check=True,
    )  # fmt: skip
    results = {**json.loads(output.stdout.strip().splitlines()[-1]), "solution": solution.name, "file": file.name}
    arguments.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
