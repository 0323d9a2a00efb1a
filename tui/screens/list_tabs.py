"""A screen of tabbed lists, each an engine view (the text of its MCP tool), filled from worker
threads; enter on an item closes the screen with its place. The Health and App screens are two."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from engine import EngineError, Location
from shared_engine.session import Session

from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel, LocationChosen


class ListTabs(Screen[Location | None]):
    """``PANES``: ``(id, title, what it says while it waits)`` of each tab, the first shown first."""

    PANES: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    DEFAULT_CSS = """
    ListTabs ListPanel { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with TabbedContent(id=self.tabs_id, initial=self.PANES[0][0]):
            for pane, title, waiting in self.PANES:
                with TabPane(title, id=pane):
                    yield ListPanel(waiting, id=f"{pane}-panel")
        yield FittingFooter()

    @property
    def tabs_id(self) -> str:
        return type(self).__name__.lower()

    def fill(self, pane: str, query: Any, *arguments: Any) -> None:
        """Run ``query`` (from a worker thread) and show its view in ``pane``, or what went wrong."""
        try:
            view = self.session.run(query, *arguments, timeout=600)
        except EngineError as error:
            self.app.call_from_thread(self._problem, pane, error.message)
            return
        self.app.call_from_thread(self.query_one(f"#{pane}-panel", ListPanel).show, view)

    def _problem(self, pane: str, message: str) -> None:
        self.query_one(f"#{pane}-panel", ListPanel).border_title = message

    @on(LocationChosen)
    def location_chosen(self, event: LocationChosen) -> None:
        event.stop()
        self.dismiss(event.location)
