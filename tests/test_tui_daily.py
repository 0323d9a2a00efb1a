"""The terminal app's everyday keys, driven with Pilot on the Shop fixture: go to a file by a fragment of
its path, go to a line, find in the file, back to the exact place left, the tree revealing the file, the
file header, maximising, sizes remembered, and search and navigation while the diagnostics still run."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Static, TabbedContent

import engine.queries
from tui import config
from tui.actions.layout import DEFAULT_PANEL_HEIGHT
from tui.app import RoslynTui
from tui.screens.goto import FindScreen, GoToFileScreen, GoToLineScreen
from tui.widgets.solution_tree import SolutionTree
from tui.widgets.source_view import SourceView

from .conftest import SHOP_SLN

SIZE = (160, 45)


pytestmark = pytest.mark.usefixtures("private_config")


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_go_to_file_line_and_find_then_back_to_the_exact_place(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        source = app.query_one(SourceView)
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, GoToFileScreen)
        await pilot.press(*"custord")  # Customer.Orders.cs by a fragment
        await pilot.press("enter")
        await settle(pilot)
        assert source.path is not None and source.path.endswith("Shop.Core/Customer.Orders.cs")
        header = str(app.query_one("#file-header", Static).render())
        assert header.startswith("src/Shop.Core/Customer.Orders.cs  ·  Shop.Core (net10.0)")
        tree = app.query_one(SolutionTree)
        assert tree.cursor_node is not None and str(tree.cursor_node.label) == "Customer.Orders.cs"

        await pilot.press("ctrl+g")
        assert isinstance(app.screen, GoToLineScreen)
        await pilot.press(*"12:9", "enter")
        await settle(pilot)
        assert source.position == (12, 9)

        await pilot.press("ctrl+f")
        assert isinstance(app.screen, FindScreen)
        await pilot.press(*"balance", "enter")
        await settle(pilot)
        first = source.selection
        assert source.get_text_range(*first).lower() == "balance"
        status = str(app.query_one("#status", Static).render())
        assert status.startswith("'balance': match ") and "f3 next" in status
        await pilot.press("f3")
        assert source.selection != first and source.get_text_range(*source.selection).lower() == "balance"
        await pilot.press("shift+f3")
        assert source.selection == first

        # Leave from a place the cursor moved to, then come back to exactly there.
        source.move_cursor((15, 4))
        await pilot.press("ctrl+t", *"Seeder")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert source.path.endswith("Seeder.cs")
        # The recent files reopen the file left where its cursor was, not where it was opened.
        left = dict(config.recent_files(str(SHOP_SLN.resolve())))
        assert left[str(SHOP_SLN.parent / "src" / "Shop.Core" / "Customer.Orders.cs")] == 16
        await pilot.press("alt+left")
        await settle(pilot)
        assert source.path.endswith("Customer.Orders.cs") and source.position == (16, 5)


async def test_maximise_and_sizes_remembered(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.query_one(SourceView).focus()
        await pilot.press("f10")
        assert app.screen.maximized is app.query_one(SourceView)
        await pilot.press("f10")
        assert app.screen.maximized is None
        app.query_one("#references-panel").focus()
        await pilot.press("f10")
        assert app.screen.maximized is app.query_one("#panels", TabbedContent)
        await pilot.press("f10")
        await pilot.press("alt+full_stop", "alt+full_stop", "alt+minus")
        assert app.query_one("#left").styles.width.value == 40
    again = RoslynTui(SHOP_SLN)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.query_one("#left").styles.width.value == 40
        assert (
            again.query_one("#panels").styles.height.value == DEFAULT_PANEL_HEIGHT - 4
        )  # percent of the centre, one step lower


@pytest.mark.in_process  # replaces an engine function in this process
async def test_search_and_navigation_work_while_the_diagnostics_are_held_back(shop, monkeypatch):
    release = threading.Event()
    real = engine.queries.diagnostics

    def held(*args, **kwargs):
        release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.queries, "diagnostics", held)
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        while app.session is None or not app.session.is_loaded:
            await pilot.pause(0.1)
        await pilot.pause(0.3)
        label = str(app.query_one(TabbedContent).get_tab("diagnostics").label)
        assert label.startswith("Diagnostics ") and label != "Diagnostics"  # the spinner
        await pilot.press("ctrl+t", *"Balance")
        await pilot.pause(1.0)
        await pilot.press("enter")
        await pilot.pause(1.0)
        source = app.query_one(SourceView)
        assert source.path is not None and source.path.endswith("Customer.Orders.cs")
        await pilot.press("shift+f12")
        await pilot.pause(2.0)
        assert app.query_one("#references-panel").view is not None
        release.set()
        await settle(pilot)
        assert str(app.query_one(TabbedContent).get_tab("diagnostics").label) == "Diagnostics"
        assert app.query_one("#diagnostics-panel").view is not None


def test_semantic_classes_tell_names_apart(shop):
    from engine.queries import semantic_classes

    classes = shop.run(semantic_classes, "src/Shop.Core/CustomerExtensions.cs")
    on = {(s.line, s.column): s.kind for s in classes.items if s.kind != "static"}
    # public static string DisplayName(this Customer c) => $"{c.Name} [{c.Level}]";
    assert [on[(9, column)] for column in (26, 43, 52, 61, 63)] == [
        "extension-method",
        "class",
        "parameter",
        "parameter",
        "property",
    ]
    # public static IEnumerable<T> WhereActive<T>(this IEnumerable<T> items) where T : Entity
    assert [on[(14, column)] for column in (19, 31, 54, 69, 86)] == [
        "interface",
        "type-parameter",
        "interface",
        "parameter",
        "class",
    ]
    assert on[(15, 24)] == "parameter"  # the lambda's i, in items.Where(i => i.IsActive)
    statics = {(s.line, s.column) for s in classes.items if s.kind == "static"}
    assert {(4, 21), (9, 26), (14, 34)} <= statics  # the static class and its two methods


async def test_the_source_view_colours_names_by_what_they_are(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o", *"custext", "enter")
        await settle(pilot)
        source = app.query_one(SourceView)
        names = {name for _, _, name in source._highlights[8]}  # line 9
        assert {"semantic.class", "semantic.parameter", "semantic.property", "semantic.static"} <= names
        styles = source._theme.syntax_styles
        assert styles["semantic.class"].color != styles["semantic.parameter"].color


async def test_drag_the_bars_to_resize_and_the_sizes_stay(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.mouse_down("#tree-splitter")
        await pilot.hover(offset=(50, 10))
        await pilot.mouse_up(offset=(50, 10))
        assert app.query_one("#left").styles.width.value == 50
        center = app.query_one("#center").region
        y = center.y + center.height - center.height // 4  # the panels a quarter of the centre
        await pilot.mouse_down("#panels-splitter")
        await pilot.hover(offset=(80, y))
        await pilot.mouse_up(offset=(80, y))
        assert abs(app.query_one("#panels").styles.height.value - 25) <= 2
    again = RoslynTui(SHOP_SLN)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.query_one("#left").styles.width.value == 50


def test_a_warm_start_opens_a_symbol_from_the_index_before_the_load(tmp_path):
    """A fresh process (no .NET runtime yet) whose load is held back: the last run's index answers the
    search, the symbol opens with its file header, and nothing waits for or crashes on the runtime."""
    import json
    import os
    import subprocess
    import sys

    from .conftest import copy_fixture

    root = copy_fixture("Shop", tmp_path)
    environment = {
        **os.environ,
        "ROSLYN_TUI_CACHE_DIR": str(tmp_path / "cache"),
        "ROSLYN_TUI_CONFIG_DIR": str(tmp_path),
    }
    first = subprocess.run(
        # Stacks on its stderr (in the report) if it ever hangs, before the test's own timeout.
        [sys.executable, "-c", "import faulthandler; faulthandler.dump_traceback_later(240, exit=True); "
         f"from engine import load_solution; load_solution({str(root / 'Shop.sln')!r}, watch=False).wait_warm()"],
        env=environment, cwd=Path(__file__).parent.parent, timeout=300, check=True,
    )  # fmt: skip
    assert first.returncode == 0
    script = tmp_path / "warm.py"
    script.write_text(WARM_START.format(solution=str(root / "Shop.sln")))
    ran = subprocess.run([sys.executable, str(script)], env=environment, cwd=Path(__file__).parent.parent,
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout.strip().splitlines()[-1])
    assert "Shop.Core/Customer" in seen["opened"] and not seen["loaded"]  # a partial class: one of its files
    assert "(from the index" in seen["status"] or "Loading" in seen["status"]


WARM_START = """
import asyncio, json, threading
import engine.workspace.loading as loading
from tui import config
from tui.actions.layout import DEFAULT_PANEL_HEIGHT
from tui.app import RoslynTui
from tui.widgets.source_view import SourceView

release = threading.Event()
real = loading.load_trusted

def held(*args, **kwargs):
    release.wait(120)  # the load holds until the symbol is open
    return real(*args, **kwargs)

loading.load_trusted = held

async def main():
    app = RoslynTui({solution!r})
    async with app.run_test(size=(160, 45)) as pilot:
        while app.session is None:
            await pilot.pause(0.05)
        app.action_search_symbols()
        await pilot.pause(0.1)
        app.screen.query_one("#search-input").value = "Shop.Core.Customer"
        for _ in range(200):
            await pilot.pause(0.05)
            if getattr(app.screen, "hits", ()):
                break
        app.screen.submitted()
        source = app.query_one(SourceView)
        for _ in range(200):
            await pilot.pause(0.05)
            if source.path is not None:
                break
        await pilot.pause(0.5)  # the header and breadcrumbs ask the engine: they must wait, not fail
        seen = dict(opened=source.path, loaded=app.session.is_loaded, status=str(app.query_one("#status").render()))
        release.set()
        await app.workers.wait_for_complete()
    print(json.dumps(seen))

asyncio.run(main())
"""


async def test_w_in_the_tree_widens_a_focus_without_a_restart(tmp_path):
    from .conftest import copy_fixture

    root = copy_fixture("Shop", tmp_path)
    app = RoslynTui(root / "Shop.sln")
    app.projects = ["Shop.Core"]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tree = app.query_one(SolutionTree)
        assert [p.name for p in tree.structure.items] == ["Shop.Core"]
        tree.focus()
        await pilot.press("w")
        await settle(pilot)
        assert app.session is not None and not app.session.target.left_out
        assert len(app.query_one(SolutionTree).structure.items) == 6
