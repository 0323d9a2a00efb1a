"""Keys typed before an answer arrives are not lost: enter in the symbol search before its first
results opens the first result when it arrives."""

from __future__ import annotations

import threading

import pytest
from textual.worker import WorkerState

import tui.screens.search as search_screen
from tui.app import RoslynTui
from tui.screens.search import SymbolSearchScreen
from tui.widgets.source_view import SourceView

from .conftest import SHOP_SLN

pytestmark = pytest.mark.usefixtures("private_config")


@pytest.mark.in_process  # replaces an engine function in this process
async def test_enter_before_the_results_opens_the_first_result(monkeypatch):
    answer_now = threading.Event()
    real_search = search_screen.find_symbols

    def slow_search(*args, **kwargs):
        # The engine's real answer, held back until the user has already pressed enter.
        answer_now.wait(30)
        return real_search(*args, **kwargs)

    monkeypatch.setattr(search_screen, "find_symbols", slow_search)
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+t", *"CustomerRepository", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SymbolSearchScreen)
        assert app.screen.submit_pending
        answer_now.set()
        await settled(app, pilot)
        assert not isinstance(app.screen, SymbolSearchScreen)
        assert app.query_one(SourceView).path.endswith("CustomerRepository.cs")


async def settled(app: RoslynTui, pilot) -> None:
    """Wait until no worker is pending or running, then for what their answers started (opening the hit,
    which may start workers of its own). Polled: each keystroke's search cancelled the one before it, and
    waiting on a worker that is cancelled meanwhile raises WorkerCancelled, as the machine's timing has it."""
    for _ in range(2):
        for _ in range(600):
            if all(w.state in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED) for w in app.workers):
                break
            await pilot.pause(0.05)
        await pilot.pause()


async def test_the_arrows_move_through_the_results_while_typing():
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+t", *"Cust")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SymbolSearchScreen) and len(screen.hits) >= 3
        await pilot.press("down", "down", "up", "down")
        await pilot.pause()
        assert screen.focused is screen.query_one("#search-input")  # still typing
        results = screen.query_one("#search-results")
        assert results.highlighted == 2
        await pilot.press("pagedown")
        assert results.highlighted == min(12, len(screen.hits) - 1)
        await pilot.press("pageup", "pageup", "down", "down")
        assert results.highlighted == 2
        chosen = screen.hits[2]
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, SymbolSearchScreen)
        assert app.query_one(SourceView).path == chosen.location.path
