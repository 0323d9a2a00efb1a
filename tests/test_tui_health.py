"""The terminal app's Health screen, driven with Pilot on the Health fixture: each list is the text of
the matching MCP tool, enter opens an item's place, ctrl+l switches the graph's level."""

from __future__ import annotations

import pytest
from textual.widgets import TabbedContent

from tui.app import RoslynTui
from tui.screens.health import HealthScreen
from tui.widgets.panels import ListPanel
from tui.widgets.source_view import SourceView

from .conftest import HEALTH

SIZE = (160, 45)


pytestmark = pytest.mark.usefixtures("private_config")


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_health_screen_lists_and_opens(health):
    from engine.analysis import complexity, find_unused

    app = RoslynTui(HEALTH)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+u")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HealthScreen)
        await settle(pilot)
        unused = screen.query_one("#unused-panel", ListPanel)
        assert unused.plain_text() == health.run(find_unused).render()
        assert screen.query_one("#complexity-panel", ListPanel).plain_text() == health.run(complexity).render()
        graph = screen.query_one("#dependencies-panel", ListPanel)
        assert graph.border_title.startswith("Namespace dependencies: 3 namespaces, 4 edges, 1 cycle")
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert screen.query_one(TabbedContent).active == "dependencies"
        assert graph.border_title.startswith("Project dependencies: 2 projects, 1 edge, 0 cycles")
        screen.query_one(TabbedContent).active = "unused"
        unused.focus()
        unused.highlighted = next(
            i for i in range(unused.option_count) if "Order.Discount()" in str(unused.get_option_at_index(i).prompt)
        )
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, HealthScreen)
        source = app.query_one(SourceView)
        assert source.cursor_location == (23, 20)  # Order.Discount at 24:21, 0-based
