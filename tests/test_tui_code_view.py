"""The source view read like an editor, driven with Textual's Pilot on the Loop fixture (an interface, an
abstract class, overrides, literals, an xUnit project): code lenses that count what the engine's own queries
find, Roslyn's inlay hints drawn without changing the text, quick info where the mouse rests, the welcome,
the toggles; and keys acting while the solution's diagnostics are held running."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine import Location, SymbolRef, queries, testing
from tui import config
from tui.app import RoslynTui
from tui.screens.goto import GoToLineScreen
from tui.screens.lens_choice import LensChoiceScreen
from tui.screens.search import SymbolSearchScreen
from tui.widgets.panels import ListPanel
from tui.widgets.source_view import SourceView
from tui.widgets.welcome import Welcome

from .pilot_waits import screen_is_up

LOOP = Path(__file__).parent / "fixtures" / "Loop"
LOOP_SLN = LOOP / "Loop.slnx"
PRICING = LOOP / "src" / "Loop.Core" / "Pricing.cs"


pytestmark = pytest.mark.usefixtures("private_config")


def drawn(source: SourceView, row: int) -> str:
    """The text of a document row as the view draws it (the row must be on screen)."""
    strip = source.render_line(row - int(source.scroll_y))
    return "".join(segment.text for segment in strip).rstrip()


async def lenses_with_tests(pilot, source: SourceView, seconds: float = 90) -> None:
    """Until every lens on screen has its tests (they wait for the warm-up's call graph)."""
    for _ in range(int(seconds / 0.2)):
        await pilot.app.workers.wait_for_complete()
        if source.lenses and all(lens.tests is not None for lens in source.lenses.values()):
            return
        await pilot.pause(0.2)
    raise AssertionError(f"lenses without tests: {source.lenses}")


async def test_lenses_hints_quick_info_and_the_welcome() -> None:
    app = RoslynTui(LOOP_SLN)
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        welcome = app.query_one(Welcome)
        source = app.query_one(SourceView)
        assert welcome.display and not source.display
        summary = str(welcome.query_one("#welcome-solution").render())
        assert "Loop.slnx  ·  3 projects loaded in" in summary and "Loop.Tests  net10.0" in summary
        assert "ctrl+t" in str(welcome.query_one("#welcome-keys").render())

        app.open_location(Location(str(PRICING), 4, 18, 4, 18))
        await pilot.pause()
        assert source.display and not welcome.display
        await lenses_with_tests(pilot, source)

        # Each count is what the matching panel's query finds.
        lens = source.lenses[3]
        assert lens.name == "IPriceRule"
        ref = SymbolRef(name=lens.documentation_id)
        assert lens.references == app.session.run(queries.find_references, ref).total
        assert lens.implementations == app.session.run(queries.find_implementations, ref).total
        assert lens.tests == app.session.run(testing.find_tests, ref).total > 0
        sealed_override = next(
            x for x in source.lenses.values() if x.documentation_id.startswith("M:Loop.Core.FlatOff.Apply")
        )
        assert sealed_override.implementations is None  # nothing can override a member of a sealed class

        # Marks are drawn, never written: the document keeps the file's text.
        lines = PRICING.read_text(encoding="utf-8").splitlines()
        assert source.document.get_line(3) == lines[3]
        assert drawn(source, 3).endswith(f"public interface IPriceRule   {lens.label()}")
        rounding = next(row for row, text in enumerate(lines) if "Math.Round(amount, 2)" in text)
        assert [m.text for m in source.hints[rounding]] == ["decimals: "]
        assert "Math.Round(amount, decimals: 2)" in drawn(source, rounding)
        assert source.document.get_line(rounding) == lines[rounding]

        # L on the declaration's line: its panels to choose from; the references panel shows the lens's count.
        await pilot.press("L")
        assert isinstance(app.screen, LensChoiceScreen)
        assert [o.id for o in app.screen.query_one("#lens-parts").options] == ["references", "implementations", "tests"]
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.query_one("#references-panel", ListPanel).view.total == lens.references

        # Quick info where the mouse rests on a name.
        source.focus()
        row_on_screen = 3 - int(source.scroll_y) + source.gutter.top  # the view's border is above its first row
        await pilot.hover(SourceView, offset=(source.gutter.left + source.gutter_width + 20, row_on_screen))
        for _ in range(50):
            await pilot.pause(0.1)
            await app.workers.wait_for_complete()
            if source.tooltip:
                break
        assert "IPriceRule" in str(source.tooltip) and "A rule that changes a price." in str(source.tooltip)

        # The toggles hide the marks and are remembered.
        await pilot.press("alt+l", "alt+i")
        assert drawn(source, 3).endswith("public interface IPriceRule")
        assert "Math.Round(amount, 2)" in drawn(source, rounding)
        assert config.load()["code_lens"] == "off" and config.load()["inlay_hints"] == "off"
        await pilot.press("alt+l", "alt+i")
        assert config.load()["code_lens"] == "on"

        # Closing the file brings the welcome back, with the file among the recent ones; enter reopens it.
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert welcome.display and not source.display and source.path is None
        recent = welcome.query_one("#welcome-recent")
        assert "src/Loop.Core/Pricing.cs:" in str(recent.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert source.path == str(PRICING) and source.display


@pytest.fixture
def held_diagnostics(monkeypatch):
    """The app's diagnostics held running (the real query, then a wait) until ``release`` is set."""
    import tui.actions.loading as loading

    computing, release = threading.Event(), threading.Event()

    def held(snapshot, operation, *args, **kwargs):
        computing.set()
        view = queries.diagnostics(snapshot, operation, *args, **kwargs)
        release.wait(120)
        return view

    held.__query__ = queries.diagnostics.__query__  # type: ignore[attr-defined]
    monkeypatch.setattr(loading, "queries", SimpleNamespace(**{**vars(queries), "diagnostics": held}))
    yield computing, release
    release.set()


@pytest.mark.in_process  # replaces an engine function in this process
async def test_the_diagnostics_wait_for_the_first_files_marks(held_diagnostics, monkeypatch) -> None:
    """A file opened just after the load gets its hints and lenses before the whole solution's
    diagnostics start: at 25 projects the two together put the first lens off by 15 s."""
    import time

    import tui.actions.code_view as code_view_actions
    import tui.actions.loading as loading
    from engine import code_view

    def slow_lenses(snapshot, operation, *args, **kwargs):
        time.sleep(3.0)  # as a first start's lenses at 25 projects: longer than the grace
        return code_view.code_lens(snapshot, operation, *args, **kwargs)

    slow_lenses.__query__ = code_view.code_lens.__query__  # type: ignore[attr-defined]
    slow = SimpleNamespace(**{**vars(code_view), "code_lens": slow_lenses})
    monkeypatch.setattr(code_view_actions, "code_view", slow)
    # The file is opened once the test sees the load done: on a slow machine (CI's) its marks were
    # asked more than 0.5 s after the load, so the grace is longer here, and the lenses longer still.
    monkeypatch.setattr(loading, "DIAGNOSTICS_GRACE_SECONDS", 2.0)
    computing, release = held_diagnostics
    release.set()
    app = RoslynTui(LOOP_SLN)
    async with app.run_test(size=(160, 45)) as pilot:
        while app.session is None or not app.session.is_loaded:
            await pilot.pause(0.05)
        app.open_location(Location(str(PRICING), 1, 1, 1, 1))
        source = app.query_one(SourceView)
        for _ in range(600):
            if computing.is_set():
                break
            await pilot.pause(0.05)
        assert computing.is_set(), "the diagnostics never started"
        assert source.lenses and source.hints, "the diagnostics started before the file's marks"
        await app.workers.wait_for_complete()


@pytest.mark.in_process  # replaces an engine function in this process
async def test_keys_act_while_the_diagnostics_run(held_diagnostics) -> None:
    """Each key acts while the diagnostics worker is still running (they never wait for it); how soon is
    bench/tui_key_latency.py's to say (on 25 projects)."""
    computing, release = held_diagnostics
    app = RoslynTui(LOOP_SLN)
    async with app.run_test(size=(160, 45)) as pilot:
        while app.session is None or not computing.is_set():
            await pilot.pause(0.05)
        app.open_location(Location(str(PRICING), 1, 1, 1, 1))
        await pilot.pause()
        source = app.query_one(SourceView)

        async def acts(key: str, done) -> None:
            # The diagnostics are held until the end: a generous bound proves the same on a slow machine.
            await pilot.press(key)
            for _ in range(1000):
                if done() and screen_is_up(app):  # a screen's keys reach its input only once it is up
                    return
                await asyncio.sleep(0.01)
            raise AssertionError(f"{key} did nothing while the diagnostics ran")

        await acts("down", lambda: source.cursor_location[0] == 1)
        await acts("ctrl+g", lambda: isinstance(app.screen, GoToLineScreen))
        await pilot.press("2", "0")
        await acts("enter", lambda: source.cursor_location[0] == 19)
        await acts("ctrl+t", lambda: isinstance(app.screen, SymbolSearchScreen))
        await acts("escape", lambda: not isinstance(app.screen, SymbolSearchScreen))
        assert any(w.group == "diagnostics" and not w.is_finished for w in app.workers), "the diagnostics ended first"
        release.set()
        await app.workers.wait_for_complete()
