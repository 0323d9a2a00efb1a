"""Regenerate screenshots/*.svg from the real app on the bundled sample solution (``python
screenshots/make_screenshots.py [NAME ...]``: only those).

.venv/bin/python screenshots/make_screenshots.py
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from tui.__main__ import SAMPLE  # noqa: E402
from tui.app import RoslynTui  # noqa: E402

SIZE = (150, 42)
KEYS = {" ": "space", "(": "left_parenthesis", ")": "right_parenthesis", ",": "comma", ";": "semicolon",
        ".": "full_stop", '"': "quotation_mark", "$": "dollar_sign", "{": "left_curly_bracket",
        "}": "right_curly_bracket", ":": "colon", "+": "plus", "=": "equals_sign"}  # fmt: skip
"""Characters typed into the REPL by key name, as a terminal sends them."""

WEB = HERE.parent / "tests" / "fixtures" / "Web" / "Web.slnx"
"""The web application fixture: the App screen needs a web app, which the sample is not."""


def review_repository() -> Path:
    """A git repository of the Review fixture with a change in its working tree (the Changes screen's)."""
    root = Path(tempfile.mkdtemp()) / "Review"
    shutil.copytree(HERE.parent / "tests" / "fixtures" / "Review", root, ignore=shutil.ignore_patterns("bin", "obj"))
    (root / ".gitignore").write_text("bin/\nobj/\n")
    for command in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=A", "-c", "user.email=a@b", "commit", "-qm", "base"],
    ):
        subprocess.run(["git", *command], cwd=root, check=True, capture_output=True)
    calc = root / "src" / "Review.Lib" / "Calc.cs"
    text = calc.read_text().replace("int Add(int a, int b) => a + b;", "int Add(int a, int b, int c) => a + b + c;")
    calc.write_text(
        text.replace("return value * 2;", "return value + value;").replace("    public int Old() => 0;\n\n", "")
    )
    shapes = root / "src" / "Review.Lib" / "Shapes.cs"
    shapes.write_text(shapes.read_text().replace("public class Circle", "public sealed class Circle"))
    return root / "Review.slnx"


# (file name, theme, symbol to open with ctrl+t, keys pressed after it[, solution instead of the sample])
SHOTS: list[tuple[Any, ...]] = [
    ("start", "roslyn-dark", None, ()),
    ("info", "roslyn-dark", "Square", ()),
    ("references", "roslyn-dark", "Scale", ("shift+f12",)),
    ("quick-info", "roslyn-dark", "Scale", ("K",)),
    ("code-lens", "roslyn-dark", "IShape", ("K",)),
    ("implementations", "roslyn-dark", "IShape", ("ctrl+f12",)),
    ("type-hierarchy", "roslyn-dark", "IShape", ("f6",)),
    ("call-hierarchy", "roslyn-dark", "Scale", ("f7",)),
    ("search", "roslyn-dark", None, ("ctrl+t", *"Sha")),
    ("code-actions", "roslyn-dark", "Circle", ("ctrl+full_stop",)),
    ("diff", "roslyn-dark", "Circle", ("ctrl+full_stop", "enter")),
    ("rename", "roslyn-dark", "Circle", ("f2",)),
    ("help", "roslyn-dark", None, ("question_mark",)),
    ("health", "roslyn-dark", None, ("ctrl+u", "ctrl+l", "ctrl+l")),
    ("app-map", "roslyn-dark", None, ("ctrl+e",), WEB),
    ("razor", "roslyn-dark", "Shown", (), WEB),
    ("changes", "roslyn-dark", None, ("ctrl+l",), review_repository),
    (
        "repl",
        "roslyn-dark",
        None,
        (
            "ctrl+r",
            *"var c = new Sample.Core.Circle(new(0, 0), 2);",
            "enter",
            *'c.Describe() + $" area {c.Area:F2}"',
            "enter",
            *"c.Radiu",
            "enter",
        ),
    ),
    ("theme-light", "roslyn-light", "Circle", ()),
    ("theme-high-contrast", "roslyn-high-contrast", "Circle", ()),
]


async def shoot(
    name: str, theme: str, symbol: str | None, keys: tuple[str, ...], solution: Path | Callable[[], Path] | None = None
) -> None:
    if callable(solution):
        solution = solution()
    app = RoslynTui(solution or SAMPLE, theme=theme, sample=solution is None)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        if symbol:
            await pilot.press("ctrl+t", *symbol)
            await app.workers.wait_for_complete()
            await pilot.press("enter")
            await app.workers.wait_for_complete()
        for key in keys:
            await pilot.press(KEYS.get(key, key))
            await app.workers.wait_for_complete()
            await pilot.pause()
        await pilot.pause()
        (HERE / f"{name}.svg").write_text(app.export_screenshot(title=f"roslyn-tui: {name}"), encoding="utf-8")
        print(f"screenshots/{name}.svg")


async def main() -> None:
    os.environ.setdefault("ROSLYN_TUI_CONFIG_DIR", tempfile.mkdtemp())
    wanted = set(sys.argv[1:])  # names to shoot again; none: every one
    for shot in SHOTS:
        if not wanted or shot[0] in wanted:
            await shoot(*shot)


if __name__ == "__main__":
    asyncio.run(main())
