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
LOOP = HERE.parent / "tests" / "fixtures" / "Loop"
"""The change-loop fixture, with xUnit tests: coverage needs tests, which the sample has not."""
MONOREPO = HERE.parent / "tests" / "fixtures" / "Monorepo"
PACKAGES = HERE.parent / "tests" / "fixtures" / "Packages"
"""Central package management and a multi-targeted project: the Project view's."""
STUCK = HERE.parent / "tests" / "fixtures" / "Stuck"
"""A fixture with a deliberately hot member: what a profile's picture shows."""
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


async def shoot_activity() -> None:
    """The app following an assistant: a real ``roslyn-mcp`` on the sample's shared engine asks a search,
    a symbol's info and its references (``activity``), then renames with approval on (``approve-write``)."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    sample = sample_copy()
    server = shutil.which("roslyn-mcp", path=str(Path(sys.executable).parent)) or "roslyn-mcp"
    parameters = StdioServerParameters(command=server, args=["--solution", str(sample)], env=dict(os.environ))
    app = RoslynTui(sample, theme="roslyn-dark", sample=True)
    async with (
        app.run_test(size=SIZE) as pilot,
        stdio_client(parameters) as (read, write),
        ClientSession(read, write) as assistant,
    ):
        await assistant.initialize()
        await _settled(app)
        await pilot.press("f")
        await assistant.call_tool("find_symbols", {"query": "Circle"})
        await assistant.call_tool("symbol_info", {"symbol": "Sample.Core.Circle.Describe"})
        await assistant.call_tool("find_references", {"symbol": "Sample.Core.Square.Scale(double)"})
        await _until(pilot, lambda: len(app.query_one("#activity-panel").events) == 3)
        await _settled(app)
        await pilot.pause(0.5)
        _save(app, "activity")
        await pilot.press("alt+a")
        arguments = {"symbol": "Sample.Core.Square.Scale(double)", "new_name": "Resize"}
        preview = (await assistant.call_tool("rename_symbol", arguments)).content[0].text
        token = preview.split("preview_token: ")[1].split()[0]
        applying = asyncio.create_task(
            assistant.call_tool("rename_symbol", {**arguments, "apply": True, "preview_token": token})
        )
        await _until(pilot, lambda: type(app.screen).__name__ == "ApproveWriteScreen")
        await pilot.press(*"keep the public name")
        await pilot.pause(0.5)
        _save(app, "approve-write")
        await pilot.press("ctrl+n")
        await applying


async def shoot_coverage() -> None:
    """Coverage on a copy of the Loop fixture (the sample has no tests): the tests reaching Cart.Total run with coverage from
    the palette's command, Cart.cs with its gutter marks and lens shares (``coverage``), then the Coverage
    screen (``coverage-screen``)."""
    from engine import Location

    root = Path(tempfile.mkdtemp()) / "Loop"
    shutil.copytree(LOOP, root, ignore=shutil.ignore_patterns("bin", "obj"))
    cart = root / "src" / "Loop.Core" / "Cart.cs"
    app = RoslynTui(root / "Loop.slnx", theme="roslyn-dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app)
        app.open_location(Location(str(cart), 26, 20, 26, 20))  # Cart.Total: the tests that reach it
        await _settled(app)
        app.action_run_tests_with_coverage()
        source = app.query_one("#source")
        await _until(pilot, lambda: bool(source.coverage) and any(lens.coverage for lens in source.lenses.values()))
        await _settled(app)
        await pilot.pause(0.5)
        _save(app, "coverage")
        app.action_coverage()
        await _until(pilot, lambda: type(app.screen).__name__ == "CoverageScreen")
        await _settled(app)
        await pilot.pause(0.5)
        _save(app, "coverage-screen")


async def shoot_profile() -> None:
    """A profile on a copy of the Stuck fixture: the test reaching Primes.CountBelow run under the CPU
    sampler, the Profile screen's flame graph over its hottest members (``profile``)."""
    from engine import Location

    root = Path(tempfile.mkdtemp()) / "Stuck"
    shutil.copytree(STUCK, root, ignore=shutil.ignore_patterns("bin", "obj"))
    app = RoslynTui(root / "Stuck.slnx", theme="roslyn-dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app)
        app.open_location(Location(str(root / "src" / "Stuck.Core" / "Primes.cs"), 6, 23, 6, 23))
        await _settled(app)
        app.action_profile()
        await _until(pilot, lambda: getattr(app.screen, "report", None) is not None)
        await _settled(app)
        await pilot.pause(0.5)
        _save(app, "profile")


async def shoot_stopped() -> None:
    """The Stuck fixture's deadlocked test run, stopped with shift+f5: the Tests panel shows where each
    thread was, the deadlock named (``stopped``)."""
    from engine import Location

    root = Path(tempfile.mkdtemp()) / "Stuck"
    shutil.copytree(STUCK, root, ignore=shutil.ignore_patterns("bin", "obj"))
    app = RoslynTui(root / "Stuck.slnx", theme="roslyn-dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app)
        app.open_location(Location(str(root / "src" / "Stuck.Core" / "Ledger.cs"), 33, 24, 33, 24))
        await _settled(app)
        await pilot.press("f9")
        await _until(pilot, lambda: bool(app.query_one("#tests-panel").tests()))
        await pilot.press("f5")
        await pilot.pause(25)  # built, and the test host deadlocked
        await pilot.press("shift+f5")
        await _until(pilot, lambda: "STOPPED" in str(app.query_one("#tests-panel").border_title))
        await pilot.pause(0.5)
        _save(app, "stopped")


async def shoot_profile_app() -> None:
    """The Stuck fixture's app profiled from the palette, with its allocations (``profile-app``)."""
    from textual.widgets import Input

    root = Path(tempfile.mkdtemp()) / "Stuck"
    shutil.copytree(STUCK, root, ignore=shutil.ignore_patterns("bin", "obj"))
    app = RoslynTui(root / "Stuck.slnx", theme="roslyn-dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app)
        app.action_profile_app()
        await _until(pilot, lambda: bool(app.screen.query("#app-path")))
        app.screen.query_one(Input).value = "apps/count.cs 2000000 spell"
        await pilot.press("enter")
        await _until(pilot, lambda: getattr(app.screen, "report", None) is not None)
        await _settled(app)
        await pilot.pause(0.5)
        _save(app, "profile-app")


async def shoot_project() -> None:
    """The Project view of Packages.Core (a copy of the Packages fixture: central package management, two
    targets): its frameworks, key properties and where each is set, its packages with the newest on the
    feed (``project``)."""
    from tui.widgets.solution_tree import SolutionTree

    root = Path(tempfile.mkdtemp()) / "Packages"
    shutil.copytree(PACKAGES, root, ignore=shutil.ignore_patterns("bin", "obj"))
    app = RoslynTui(root / "Packages.slnx", theme="roslyn-dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app)
        tree = app.query_one(SolutionTree)
        await _until(pilot, lambda: tree.structure is not None)
        tree.focus()
        tree.move_cursor(next(node for node in tree.root.children if str(node.label) == "Packages.Core"))
        await pilot.press("p")
        await _until(pilot, lambda: getattr(app.screen, "overview", None) is not None)
        await pilot.pause(0.5)
        _save(app, "project")


async def shoot_solutions() -> None:
    """Two solutions of one repository in one app (a copy of the Monorepo fixture: ``Store.slnx`` and
    ``Tools.slnx``, ``Store.Core`` in both), the cursor in Tools' part: the app answers about Tools
    (``solutions``)."""
    from tui.widgets.solution_tree import SolutionTree

    root = Path(tempfile.mkdtemp()) / "Monorepo"
    shutil.copytree(MONOREPO, root, ignore=shutil.ignore_patterns("bin", "obj"))
    app = RoslynTui(root / "Store.slnx", theme="roslyn-dark", more=(root / "Tools.slnx",))
    async with app.run_test(size=SIZE) as pilot:
        tree = app.query_one(SolutionTree)
        await _until(pilot, lambda: len(tree.structures) == 2)
        await _settled(app)
        tree.focus()
        cli = next(node for node in tree.root.children[1].children if str(node.label) == "Tools.Cli")
        tree.move_cursor(cli)
        cli.expand()
        await pilot.pause(0.3)
        program = next(node for node in cli.children if str(node.label) == "Program.cs")
        tree.move_cursor(program)
        await pilot.press("enter")
        await _until(pilot, lambda: (app.query_one("#source").path or "").endswith("Tools.Cli/Program.cs"))
        await _settled(app)
        await pilot.pause(1.0)
        _save(app, "solutions")


async def _settled(app: Any) -> None:
    """Every worker done; one that a newer one of its group replaced counts as done."""
    from textual.worker import WorkerCancelled

    while True:
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            continue


async def _until(pilot: Any, condition: Callable[[], bool]) -> None:
    for _ in range(600):
        if condition():
            return
        await pilot.pause(0.1)
    raise TimeoutError("the screenshot's state never came")


def _save(app: Any, name: str) -> None:
    (HERE / f"{name}.svg").write_text(app.export_screenshot(title=f"roslyn-tui: {name}"), encoding="utf-8")
    print(f"screenshots/{name}.svg")


def sample_copy() -> Path:
    """A copy of the sample for the shots that edit (the rename is rejected, but a copy costs nothing)."""
    root = Path(tempfile.mkdtemp()) / "sample"
    shutil.copytree(SAMPLE.parent, root, ignore=shutil.ignore_patterns("bin", "obj"))
    return root / SAMPLE.name


async def main() -> None:
    os.environ.setdefault("ROSLYN_TUI_CONFIG_DIR", tempfile.mkdtemp())
    wanted = set(sys.argv[1:])  # names to shoot again; none: every one
    for shot in SHOTS:
        if not wanted or shot[0] in wanted:
            await shoot(*shot)
    if not wanted or wanted & {"activity", "approve-write"}:
        await shoot_activity()
    if not wanted or wanted & {"coverage", "coverage-screen"}:
        await shoot_coverage()
    if not wanted or "profile" in wanted:
        await shoot_profile()
    if not wanted or "stopped" in wanted:
        await shoot_stopped()
    if not wanted or "profile-app" in wanted:
        await shoot_profile_app()
    if not wanted or "project" in wanted:
        await shoot_project()
    if not wanted or "solutions" in wanted:
        await shoot_solutions()


if __name__ == "__main__":
    asyncio.run(main())
