"""Two solutions in one terminal app, as a person opens them (``roslyn-tui A B``), on shared engines:
how long until both are in the solution tree from the app's start, how long switching to the second
takes (a project of it chosen in the tree: the app's session becomes that solution's), and the tree held
to ``dotnet sln list`` of each solution, project for project. Driven with Textual's Pilot.

    python bench/tui_solutions.py FIRST.sln SECOND.sln [FIRST.sln SECOND.sln ...] [--out bench/results/tui-solutions.json]

Engines started here are given a private directory and end when idle (5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PATIENCE = 300.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("solutions", nargs="+", type=Path, help="pairs: the first and the second of each")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    if len(arguments.solutions) % 2:
        parser.error("give the solutions in pairs")
    engines = tempfile.mkdtemp(prefix="tui-solutions-engines-")
    os.chmod(engines, 0o700)
    os.environ.update(
        ROSLYN_SHARED_ENGINE="1",
        ROSLYN_ENGINE_DIR=engines,
        ROSLYN_ENGINE_IDLE_SECONDS="5",
        ROSLYN_TUI_CONFIG_DIR=tempfile.mkdtemp(),
    )
    pairs = list(zip(arguments.solutions[::2], arguments.solutions[1::2], strict=True))
    results = [asyncio.run(_measured(first.resolve(), second.resolve())) for first, second in pairs]
    text = json.dumps(results, indent=1)
    print(text)
    if arguments.out:
        arguments.out.write_text(text + "\n")


async def _measured(first: Path, second: Path) -> dict[str, Any]:
    from tui.app import RoslynTui
    from tui.widgets.solution_tree import SolutionTree

    started = time.monotonic()
    app = RoslynTui(first, more=(second,))
    async with app.run_test(size=(150, 42)) as pilot:
        tree = app.query_one(SolutionTree)
        while len(tree.structures) < 2 and time.monotonic() - started < PATIENCE:
            await pilot.pause(0.2)
        both = time.monotonic() - started
        shown = {
            str(node.data.path): sorted(str(child.label) for child in node.children) for node in tree.root.children
        }
        truth = {str(path): _listed(path) for path in (first, second)}
        tree.focus()
        tree.move_cursor(tree.root.children[1].children[0])
        switching = time.monotonic()
        while app.session is not app.sessions.get(str(second)) and time.monotonic() - switching < 10:
            await pilot.pause(0.05)
        switched = time.monotonic() - switching
        engines = sorted({getattr(session, "engine_pid", 0) for session in app.sessions.values()})
    return {
        "solutions": [str(first), str(second)],
        "both_in_the_tree_seconds": round(both, 1),
        "switch_ms": round(switched * 1000),
        "tree_equals_dotnet_sln_list": shown == truth,
        "projects": {path: len(names) for path, names in truth.items()},
        "engines": engines,
    }


def _listed(solution: Path) -> list[str]:
    """The projects ``dotnet sln list`` names, by file name without its extension."""
    out = subprocess.run(["dotnet", "sln", str(solution), "list"], capture_output=True, text=True, check=True).stdout
    return sorted(Path(line.strip()).stem for line in out.splitlines() if line.strip().endswith(".csproj"))


if __name__ == "__main__":
    main()
