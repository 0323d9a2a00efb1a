"""Editing in the terminal app with Pilot, on a private copy of Workbench: code actions at the cursor
and at a diagnostic, the diff modal with Apply, rename with its prompt; snapshots of the three screens."""

from __future__ import annotations

import pytest

from tui.app import RoslynTui
from tui.screens.edits import CodeActionsScreen, DiffScreen, RenameScreen
from tui.widgets.panels import ListPanel
from tui.widgets.source_view import SourceView

from .conftest import copy_fixture

SIZE = (140, 40)


pytestmark = pytest.mark.usefixtures("private_config")


@pytest.fixture
def workbench(tmp_path):
    return copy_fixture("Workbench", tmp_path) / "Workbench.slnx"


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_at(pilot, symbol: str, line: int, column: int) -> None:
    """Open the file declaring ``symbol`` by search, then put the cursor at a 1-based position."""
    await settle(pilot)
    await pilot.press("ctrl+t", *symbol)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    pilot.app.query_one(SourceView).move_cursor((line - 1, column - 1))
    await settle(pilot)


async def choose(pilot, title: str) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, CodeActionsScreen)
    index = [item.title for item in screen.actions.items].index(title)
    screen.query_one("#action-list").highlighted = index
    await pilot.press("enter")
    await settle(pilot)


async def test_code_action_diff_and_apply(workbench):
    clock = workbench.parent / "Workbench.Core" / "Clock.cs"
    app = RoslynTui(workbench)
    async with app.run_test(size=SIZE) as pilot:
        await open_at(pilot, "Clock", 5, 12)
        await pilot.press("ctrl+full_stop")
        await settle(pilot)
        assert isinstance(app.screen, CodeActionsScreen)
        assert app.screen.actions.items[0].kind == "fix"  # fixes first
        await choose(pilot, "using System.Diagnostics;")
        assert isinstance(app.screen, DiffScreen)
        assert "+using System.Diagnostics;" in app.screen.preview.render().splitlines()
        assert not clock.read_text().startswith("using")  # nothing written before Apply
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not isinstance(app.screen, DiffScreen)
        assert clock.read_text().startswith("using System.Diagnostics;")
        assert app.query_one(SourceView).text.startswith("using System.Diagnostics;")  # the view refreshed
        await settle(pilot)
        diagnostics = app.query_one("#diagnostics-panel", ListPanel).plain_text()
        assert "Clock.cs:5:12" not in diagnostics  # the panel refreshed too


async def test_code_actions_for_the_chosen_diagnostic(workbench):
    app = RoslynTui(workbench)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.query_one("#diagnostics-panel", ListPanel)
        assert "[fix]" in panel.plain_text()  # items with a fix are marked
        index = next(i for i, d in enumerate(panel.view.items) if d.id == "CA1822")
        panel.focus()
        panel.highlighted = index
        await pilot.press("f4")  # the code actions key every terminal delivers
        await settle(pilot)
        assert isinstance(app.screen, CodeActionsScreen)
        assert {item.diagnostic_id for item in app.screen.actions.items} == {"CA1822"}
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, CodeActionsScreen)


async def test_rename_prompt_diff_and_apply(workbench):
    inventory = workbench.parent / "Workbench.Core" / "Inventory.cs"
    app = RoslynTui(workbench)
    async with app.run_test(size=SIZE) as pilot:
        await open_at(pilot, "Owner", 14, 19)
        await pilot.press("f2")
        assert isinstance(app.screen, RenameScreen) and app.screen.old_name == "Owner"  # at once: type ahead
        await pilot.press(*"Keeper", "enter")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen) and app.screen.can_apply
        await pilot.press("ctrl+s")
        await settle(pilot)
        text = inventory.read_text()
        assert "public string Keeper { get; set; }" in text and "Owner" not in text.split("namespace", 1)[1]


async def test_organize_usings_from_the_palette(workbench):
    inventory = workbench.parent / "Workbench.Core" / "Inventory.cs"
    app = RoslynTui(workbench)
    async with app.run_test(size=SIZE) as pilot:
        await open_at(pilot, "Inventory", 7, 14)
        await pilot.press("ctrl+p", *"Organize usings")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen)
        assert "-using System.Text; // unnecessary: organize usings removes it" in app.screen.preview.render()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert inventory.read_text().startswith("using System; ")
        await pilot.press("ctrl+p", *"Organize usings")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiffScreen)  # nothing left to change: a notice, no empty diff


def edit_screen(*steps: str, at: tuple[int, int] = (5, 12)):
    """A run_before that opens Clock.cs (at the Stopwatch error by default), then presses ``steps``."""

    async def run_before(pilot) -> None:
        await open_at(pilot, "Clock", *at)
        for step in steps:
            if step.startswith("choose:"):
                await choose(pilot, step.removeprefix("choose:"))
            else:
                await pilot.press(step)
                await settle(pilot)

    return run_before


def test_code_actions_screen(snap_compare, workbench):
    assert snap_compare(RoslynTui(workbench), terminal_size=SIZE, run_before=edit_screen("ctrl+full_stop"))


def test_diff_screen(snap_compare, workbench):
    steps = edit_screen("ctrl+full_stop", "choose:using System.Diagnostics;")
    assert snap_compare(RoslynTui(workbench), terminal_size=SIZE, run_before=steps)


def test_rename_screen(snap_compare, workbench):
    assert snap_compare(RoslynTui(workbench), terminal_size=SIZE, run_before=edit_screen("f2", at=(7, 17)))


async def test_change_signature_and_extract_interface_from_the_actions_list(shop):
    from textual.widgets import Input

    from tui.screens.edits import PromptScreen

    from .conftest import SHOP_SLN

    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await open_at(pilot, "Journal", 25, 17)  # Add(string text, decimal amount)
        await pilot.press("f4")
        await settle(pilot)
        await choose(pilot, "Change signature…")
        assert isinstance(app.screen, PromptScreen)
        assert app.screen.query_one(Input).value == "text, amount"
        app.screen.query_one(Input).value = "amount, text"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen)
        assert '+        journal.Add(5m, "deposit"); // overload Add(string, decimal)' in app.screen.preview.render()
        await pilot.press("escape")  # nothing written
        app.query_one(SourceView).move_cursor((8, 14))  # the class Journal
        await pilot.press("f4")
        await settle(pilot)
        await choose(pilot, "Extract interface…")
        assert app.screen.query_one(Input).value == "IJournal"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen) and "+public class Journal : IJournal" in app.screen.preview.render()
        await pilot.press("escape")
