"""Coverage in the terminal app, driven with Textual's Pilot on a private copy of Loop: the tests run with
coverage from the palette's command, the covered and uncovered lines marked in the gutter and each
member's share in its lens (both what the engine's ``coverage`` answers), the toggle remembered, and the
Coverage screen opening a member's place; tests profiled, the flame graph drawn and a block opening its
member, whose lens then shows its time."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from textual.widgets import Input

from engine import Location, runtime
from tui import config
from tui.app import RoslynTui
from tui.screens.coverage import CoverageScreen
from tui.screens.goto import AppPathScreen
from tui.screens.profile import ProfileScreen
from tui.screens.repl import ReplInput, ReplScreen
from tui.widgets.flame_graph import FlameGraph
from tui.widgets.panels import ListPanel
from tui.widgets.source_view import SourceView
from tui.widgets.tests_panel import TestsPanel

from .conftest import copy_fixture
from .pilot_waits import screen_is_up
from .processes import at_rest, held_for, host_of_the_tests, running

pytestmark = pytest.mark.usefixtures("private_config")


async def settled(pilot, until, seconds: float = 120) -> None:
    # Each turn waits for the workers, as long as the clock allows: a run that hangs fails here, named,
    # instead of holding the test's process until pytest-timeout ends it.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pilot.app.workers.wait_for_complete(), max(0.1, deadline - time.monotonic()))
        if until() and screen_is_up(pilot.app):
            return
        await pilot.pause(0.2)
    raise AssertionError("the app did not get there")


async def test_gutter_marks_lens_shares_and_the_coverage_screen(tmp_path) -> None:
    root = copy_fixture("Loop", tmp_path)
    cart = root / "src" / "Loop.Core" / "Cart.cs"
    app = RoslynTui(root / "Loop.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        app.open_location(Location(str(cart), 26, 20, 26, 20))
        await pilot.pause()
        source = app.query_one(SourceView)
        await settled(pilot, lambda: bool(source.lenses))
        assert not source.coverage  # no run with coverage yet: nothing marked

        app.action_run_tests_with_coverage()  # the cursor is in Cart.Total: the tests reaching it
        await settled(pilot, lambda: bool(source.coverage))
        expected = app.session.call(runtime.coverage, None, str(cart))
        assert source.coverage == expected.marks()
        add = next(item for item in expected.items if item.display.startswith("Cart.Add("))
        assert add.uncovered and source.coverage[add.uncovered[0] - 1] is False
        total = next(lens for lens in source.lenses.values() if lens.name == "Total")
        assert total.coverage == "100%" and total.label().endswith("| 100%")

        # The gutter's bar is drawn in the line number's margin; the code keeps its place.
        row = add.uncovered[0] - 1 - int(source.scroll_y)
        drawn = "".join(segment.text for segment in source.render_line(row))
        code = source.document.get_line(add.uncovered[0] - 1)
        assert drawn[source.gutter_width - 1] == "▌"
        assert drawn[source.gutter_width :].startswith(code[: code.index("(")])

        app.action_toggle_coverage_marks()
        assert not source.show_coverage and config.load()["coverage_marks"] == "off"
        assert not any(lens.coverage for lens in source.lenses.values())
        app.action_toggle_coverage_marks()
        assert source.show_coverage and total.documentation_id in source.coverage_percent

        app.action_coverage()
        await settled(
            pilot, lambda: isinstance(app.screen, CoverageScreen) and any(p.view for p in app.screen.query(ListPanel))
        )
        panel = app.screen.query_one("#coverage-panel", ListPanel)
        assert str(panel.border_title).startswith("Coverage of the solution:")
        panel.focus()
        await pilot.press("enter")
        await settled(pilot, lambda: not isinstance(app.screen, CoverageScreen))
        assert source.path is not None and source.path.endswith(".cs")


async def test_a_profile_s_flame_graph_opens_the_hot_member_and_its_lens_shows_the_time(tmp_path) -> None:
    root = copy_fixture("Stuck", tmp_path)
    primes = root / "src" / "Stuck.Core" / "Primes.cs"
    app = RoslynTui(root / "Stuck.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        app.open_location(Location(str(primes), 6, 23, 6, 23))  # Primes.CountBelow: the test that reaches it
        source = app.query_one(SourceView)
        # Before the file shows there is no symbol at the cursor, and the profile would take every test,
        # the deadlocked one among them.
        await settled(pilot, lambda: source.path == str(primes) and source.position[0] == 6, 60)
        app.action_profile()
        await settled(pilot, lambda: isinstance(app.screen, ProfileScreen) and bool(app.screen.query(ListPanel)), 30)
        screen = app.screen
        panel = screen.query_one(ListPanel)
        await settled(pilot, lambda: screen.report is not None or "…" not in str(panel.border_title), 180)
        assert screen.report is not None, panel.border_title
        flame = screen.query_one(FlameGraph)

        def path(nodes):
            return [nodes[0].display, *path(nodes[0].children)] if nodes else []

        assert path(flame.nodes)[-3:] == [
            "PrimesTests.Counts_the_primes_below_two_million()", "Primes.CountBelow(int)", "Primes.IsPrime(int)"
        ], screen.report.render()[:1500]
        await pilot.pause()
        hot = next((row, start) for row, start, _, node in flame._blocks if node.display == "Primes.IsPrime(int)")
        await pilot.click(FlameGraph, offset=(hot[1] + 2 + 1, hot[0] + 1))  # inside the border
        await settled(pilot, lambda: not isinstance(app.screen, ProfileScreen))
        assert source.path == str(primes) and source.cursor_location[0] == 18
        await settled(pilot, lambda: any(lens.time for lens in source.lenses.values()))
        lens = next(lens for lens in source.lenses.values() if lens.name == "IsPrime")
        assert lens.time.endswith(" ms") and lens.label().endswith(lens.time)


async def test_shift_f5_stops_a_test_run_and_the_tests_panel_shows_where_each_thread_was(tmp_path) -> None:
    """On the shared engine: the stop travels to the engine, which reads the stuck test host's stacks
    before it ends it; each thread in the solution's code opens where it waits."""
    root = copy_fixture("Stuck", tmp_path)
    ledger = root / "src" / "Stuck.Core" / "Ledger.cs"
    app = RoslynTui(root / "Stuck.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        app.open_location(Location(str(ledger), 33, 24, 33, 24))  # Ledger.TransferBothWays: the deadlocked test reaches it
        source = app.query_one(SourceView)
        await settled(pilot, lambda: source.path == str(ledger) and source.position[0] == 33, 60)
        panel = app.query_one("#tests-panel", TestsPanel)
        await pilot.press("f9")
        await settled(pilot, lambda: panel.tests() == ["M:Stuck.Tests.LedgerTests.Transfers_both_ways_at_once"], 60)
        await pilot.press("f5")
        deadlocked = at_rest(*host_of_the_tests(root))
        deadline = time.monotonic() + 180
        while not deadlocked() and time.monotonic() < deadline:  # built, and the test host deadlocked
            await pilot.pause(0.2)
        assert app._run_thread is not None, "the run ended by itself"
        await pilot.press("shift+f5")
        await settled(pilot, lambda: "STOPPED" in str(panel.border_title), 90)
        shown = [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]
        assert shown[0] == "problem: dotnet test was stopped; it and every process it started were ended."
        assert any(line.startswith("deadlock-shaped: 2 threads wait for locks") for line in shown)
        checking = next(i for i, line in enumerate(shown) if "at Ledger.ToChecking()" in line)
        assert shown[checking].split("\n")[0].endswith("blocked on a lock in Monitor.Enter_Slowpath")
        panel.focus()
        panel.highlighted = checking
        await pilot.press("enter")
        await settled(pilot, lambda: source.path == str(ledger) and source.cursor_location[0] == 10)


async def test_an_app_and_repl_code_are_profiled_from_the_app(tmp_path) -> None:
    """The palette's "Profile this app" on an app the prompt names, then f6 in the REPL: both open the
    Profile screen on the shared engine, the deliberately hot member under the flame graph's root."""
    root = copy_fixture("Stuck", tmp_path)
    app = RoslynTui(root / "Stuck.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()

        def profiled() -> bool:
            return isinstance(app.screen, ProfileScreen) and app.screen.report is not None

        app.action_profile_app()
        await settled(pilot, lambda: isinstance(app.screen, AppPathScreen), 30)
        app.screen.query_one(Input).value = "apps/count.cs 2000000 spell"
        await pilot.press("enter")
        await settled(pilot, profiled, 180)
        report = app.screen.report
        assert report.what == "apps/count.cs 2000000 spell" and report.items[0].display == "Primes.IsPrime(int)"
        listed = app.screen.query_one(ListPanel).plain_text()
        assert "allocated most (" in listed and "in Primes.Spelled(int)" in listed
        flame = app.screen.query_one(FlameGraph)
        assert {node.display for node in flame.nodes} >= {"Primes.CountBelow(int)", "Primes.Spelled(int)"}
        await pilot.press("escape")

        await pilot.press("ctrl+r")
        await settled(pilot, lambda: isinstance(app.screen, ReplScreen), 30)
        app.screen.query_one(ReplInput).load_text("Stuck.Core.Primes.CountBelow(2_000_000)")
        await pilot.press("f6")
        await settled(pilot, lambda: isinstance(app.screen, ProfileScreen), 30)
        panel = app.screen.query_one(ListPanel)
        await settled(pilot, lambda: app.screen.report is not None or "…" not in str(panel.border_title), 180)
        assert app.screen.report is not None, panel.border_title
        report = app.screen.report
        assert report.what == "REPL code in context default: Stuck.Core.Primes.CountBelow(2_000_000)"
        own = [member.display for member in report.by_inclusive if not member.external]
        assert own[:2] == ["Primes.CountBelow(int)", "Primes.IsPrime(int)"]


async def test_shift_f5_stops_an_app_s_profile_which_is_then_of_the_time_until_the_stop(tmp_path) -> None:
    """An app that never ends, profiled from the palette on the shared engine: shift+f5 on the Profile
    screen ends it; the profile says it covers the seconds it ran, and where each thread was."""
    root = copy_fixture("Stuck", tmp_path)
    app = RoslynTui(root / "Stuck.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        app.action_profile_app()
        await settled(pilot, lambda: isinstance(app.screen, AppPathScreen), 30)
        app.screen.query_one(Input).value = "apps/transfer.cs"
        await pilot.press("enter")
        # Polled, not settled: settling waits for the workers, and the profile's never ends by itself.
        deadlocked = held_for(3, lambda: isinstance(app.screen, ProfileScreen) and running("transfer.dll"))
        deadline = time.monotonic() + 180
        while not deadlocked() and time.monotonic() < deadline:  # built, and the app deadlocked
            await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, ProfileScreen) and screen._run_thread is not None, app.screen
        await pilot.press("shift+f5")
        await settled(pilot, lambda: screen.report is not None or screen._run_thread is None, 90)
        assert screen.report is not None, screen.query_one(ListPanel).border_title
        assert screen.report.what == "apps/transfer.cs"
        assert any(note.startswith("the app was stopped after ") for note in screen.report.notes), screen.report.notes
        # The deadlocked app sampled little: where its threads waited is listed under the members.
        assert "deadlock-shaped: 2 threads wait for locks" in screen.query_one(ListPanel).plain_text()
