"""The REPL screen with Pilot on the Shop fixture: enter runs a complete submission, an open one gets
a new line, history, diagnostics pointing into the input, contexts, the solution's own types, and a
snapshot of the screen."""

from __future__ import annotations

import pytest

from engine import repl
from tui.app import RoslynTui
from tui.screens.repl import ReplInput, ReplScreen

from .conftest import SHOP_SLN

SIZE = (120, 36)


@pytest.fixture(autouse=True)
def no_contexts(tmp_path, monkeypatch):
    monkeypatch.setenv("ROSLYN_TUI_CONFIG_DIR", str(tmp_path / "config"))
    repl.reset_repl()
    yield
    repl.reset_repl()


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def log_text(screen: ReplScreen) -> str:
    return "\n".join(strip.text for strip in screen.query_one("#repl-log").lines)


async def submit(pilot, code: str) -> None:
    pilot.app.screen.query_one(ReplInput).load_text(code)
    pilot.app.screen.query_one(ReplInput).move_cursor(pilot.app.screen.query_one(ReplInput).document.end)
    await pilot.press("enter")
    await settle(pilot)


async def open_repl(pilot) -> ReplScreen:
    await settle(pilot)
    await pilot.press("ctrl+r")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReplScreen)
    return screen


async def test_values_state_history_and_errors():
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_repl(pilot)
        await submit(pilot, "var x = 5;")
        await submit(pilot, "x * 3")
        assert "= 15  (int)" in log_text(screen)
        # Up on the first line brings back the last submission, then the one before.
        await pilot.press("up")
        assert screen.query_one(ReplInput).text == "x * 3"
        await pilot.press("up")
        assert screen.query_one(ReplInput).text == "var x = 5;"
        await pilot.press("down", "down")
        assert screen.query_one(ReplInput).text == ""
        # An open block is not run: enter adds a line.
        await pilot.press(*"if (x > 1) {", "enter")
        await settle(pilot)
        assert screen.query_one(ReplInput).text.count("\n") == 1
        await submit(pilot, 'int broken = "text";')
        text = log_text(screen)
        assert "error CS0029 at 1:14" in text and "^^^^^^" in text


async def test_the_solution_types_and_a_second_context():
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_repl(pilot)
        assert screen.reference_solution  # a trusted solution is referenced by default
        await submit(pilot, 'new Shop.Core.Customer(2, "Cy").Name')
        assert '= "Cy"  (string)' in log_text(screen)
        await pilot.press("ctrl+n")
        assert screen.context == "ctx-2"
        await submit(pilot, "x")
        assert "CS0103" in log_text(screen)
        await pilot.press("ctrl+l")
        assert "ended context ctx-2" in log_text(screen)
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplScreen)


@pytest.mark.own_engine
def test_repl_screen_snapshot(snap_compare):
    async def run_before(pilot) -> None:
        await open_repl(pilot)
        await pilot.press("ctrl+o")  # without the solution: the notes stay the same on every run
        await submit(pilot, 'var names = new[] { "Ann", "Bo" };')
        await submit(pilot, 'string.Join(", ", names.Select(n => n.ToUpper()))')
        await submit(pilot, "names.Length +")
        await submit(pilot, "names.Lenght")
        pilot.app.screen.query_one(ReplInput).load_text("names.First()")

    assert snap_compare(RoslynTui(SHOP_SLN), terminal_size=SIZE, run_before=run_before)


async def test_ctrl_e_exports_the_context_as_an_app(tmp_path):
    from tui.screens.goto import AppPathScreen

    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_repl(pilot)
        await submit(pilot, 'Console.WriteLine("from the app");')
        await pilot.press("ctrl+e")
        await settle(pilot)
        prompt = pilot.app.screen
        assert isinstance(prompt, AppPathScreen)
        assert prompt.query_one("#app-path").value.endswith("apps/default.cs")  # beside the solution
        target = tmp_path / "hello.cs"  # a path the person typed: outside the solution is theirs to choose
        prompt.query_one("#app-path").value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert "dotnet build: ok" in log_text(screen)
        assert 'Console.WriteLine("from the app");' in target.read_text()


@pytest.mark.own_engine  # its engine gets the long time limit below
async def test_shift_f5_stops_running_code_before_its_time_limit(monkeypatch):
    """Code that never ends, stopped with shift+f5: the log says its context ended, long before the
    limit, and the context runs the next submission. Stop is in the footer only while code runs."""
    import time

    from .processes import cpu_seconds

    monkeypatch.setenv("ROSLYN_REPL_TIMEOUT_SECONDS", "120")
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_repl(pilot)

        def stop_shown() -> bool:
            return any(active.binding.action == "stop" for active in screen.active_bindings.values())

        assert not stop_shown()
        engine = app.session.engine_pid  # its workers only: another test's may run beside this one
        before = cpu_seconds("ReplWorker.dll", under=engine)
        screen.query_one(ReplInput).load_text("while (true) { }")
        screen.query_one(ReplInput).move_cursor(screen.query_one(ReplInput).document.end)
        await pilot.press("enter")
        deadline = time.monotonic() + 90
        while cpu_seconds("ReplWorker.dll", under=engine) - before < 3 and time.monotonic() < deadline:  # looping
            await pilot.pause(0.2)
        assert stop_shown()
        started = time.monotonic()
        await pilot.press("shift+f5")
        while "cancelled" not in log_text(screen) and time.monotonic() < deadline:
            await pilot.pause(0.2)
        assert "The evaluation was cancelled; its context ended." in log_text(screen)
        assert time.monotonic() - started < 30  # the limit was 120 s
        await settle(pilot)
        assert not stop_shown()
        await submit(pilot, "6 * 7")
        assert "= 42  (int)" in log_text(screen)
