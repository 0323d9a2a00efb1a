"""The terminal app's change loop, driven with Pilot on a private copy of the Loop fixture: the tests
that reach the symbol at the cursor, running them with a failure opening where it failed, the build
filling the Diagnostics panel, and the Stack trace screen."""

from __future__ import annotations

import pytest
from textual.widgets import TabbedContent, TextArea

from tui.app import RoslynTui
from tui.screens.stack_trace import StackTraceScreen
from tui.widgets.panels import ListPanel
from tui.widgets.source_view import SourceView
from tui.widgets.tests_panel import TestsPanel

from .conftest import copy_fixture

SIZE = (160, 45)


pytestmark = pytest.mark.usefixtures("private_config")


@pytest.fixture(scope="module")
def loop_copy(tmp_path_factory):
    return copy_fixture("Loop", tmp_path_factory.mktemp("tui-loop")) / "Loop.slnx"


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_by_search(pilot, text: str) -> None:
    await pilot.press("ctrl+t", *text)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def test_find_the_tests_run_them_and_open_a_failure(loop_copy):
    app = RoslynTui(loop_copy)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_by_search(pilot, "PercentOff.Apply")
        await pilot.press("f9")
        await settle(pilot)
        panel = app.query_one("#tests-panel", TestsPanel)
        assert app.query_one(TabbedContent).active == "tests"
        assert panel.border_title == "Tests reaching PercentOff.Apply(decimal): 4 tests (Loop.Tests 4)"
        assert "via Cart.Total() -> PercentOff.Apply(decimal)" in panel.plain_text()
        await pilot.press("f5")
        await settle(pilot)
        text = panel.plain_text()
        assert text.startswith("Tests of tests/Loop.Tests/Loop.Tests.csproj (4 named tests) FAILED")
        assert "2 passed, 2 failed, 0 skipped" in text.splitlines()[0]
        panel.focus()
        panel.highlighted = 0  # the first failure: Percent_off_rounds_to_cents
        await pilot.press("enter")
        await settle(pilot)
        source = app.query_one(SourceView)
        assert source.path is not None and source.path.endswith("CartTests.cs")
        assert source.position[0] == 28


async def test_build_fills_the_diagnostics_panel(loop_copy):
    program = loop_copy.parent / "src" / "Loop.App" / "Program.cs"
    original = program.read_text()
    program.write_text(original.replace("=> rule.Describe();", "=> rule.Describe() + missing;"))
    try:
        app = RoslynTui(loop_copy)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+b")
            await settle(pilot)
            panel = app.query_one("#diagnostics-panel", ListPanel)
            assert app.query_one(TabbedContent).active == "diagnostics"
            assert panel.border_title == "Diagnostics in the build of Loop.slnx: 1 error"
            assert "src/Loop.App/Program.cs:9:" in panel.plain_text() and "CS0103" in panel.plain_text()
            assert not app.query_one("#loading").display
    finally:
        program.write_text(original)


async def test_a_pasted_stack_trace_opens_its_frames(loop_copy):
    trace = (
        "System.FormatException: Too many of tea.\n"
        "   at Loop.Core.Checkout.<Receipt>g__Format|3_1(Line line)\n"
        "   at Loop.Core.Checkout.<>c.<Receipt>b__3_0(Line line)\n"
        "   at System.Linq.Enumerable.ToList[TSource](IEnumerable`1 source)\n"
    )
    app = RoslynTui(loop_copy)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+k")
        assert isinstance(app.screen, StackTraceScreen)
        app.screen.query_one("#trace", TextArea).load_text(trace)
        frames = app.screen.query_one("#frames")
        for _ in range(100):  # the trace is read once the typing pauses, then resolved by a worker
            await settle(pilot)
            if frames.border_title != "Frames":
                break
            await pilot.pause(0.1)
        assert frames.border_title == "Stack trace: 3 frames, 2 in the solution"
        frames.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, StackTraceScreen)
        source = app.query_one(SourceView)
        assert source.path is not None and source.path.endswith("Checkout.cs")
        # The trace has no line numbers: the first frame's local function, where it is declared.
        assert source.position[0] == 27


async def test_undo_the_last_applied_edit_from_the_palette(loop_copy):
    from engine import SymbolRef, symbol_edits

    cart = loop_copy.parent / "src" / "Loop.Core" / "Cart.cs"
    original = cart.read_text()
    app = RoslynTui(loop_copy)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.session.call(symbol_edits.replace_symbol, SymbolRef(name="Cart.Count"), "=> 1;", body_only=True, apply=True)
        assert cart.read_text() != original
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Undo the last applied edit" in commands
        assert len(commands) == len(set(commands)), "the palette lists a command twice"
        app.action_undo_edit()
        await settle(pilot)
        assert cart.read_text() == original
        app.action_undo_edit()  # nothing left: a warning, not a crash
        await settle(pilot)
        assert cart.read_text() == original
