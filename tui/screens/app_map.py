"""The App screen: a web application's map, each list the text of the matching MCP tool: its
endpoints (``endpoints``), its services (``service_registrations``) and its data model (``data_model``)."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from engine import EngineError, Location, web

from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel, LocationChosen

PANELS = (
    ("routes", "Routes", "Reading the routes…", web.endpoints),
    ("services", "Services", "Reading the service registrations…", web.service_registrations),
    ("model", "Data model", "Reading the EF Core model…", web.data_model),
)


class AppMapScreen(Screen[Location | None]):
    """Three lists of the solution's web projects; enter opens the handler, registration or entity."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Back", id="app_map_back", tooltip="back to the solution")]
    DEFAULT_CSS = """
    AppMapScreen ListPanel { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with TabbedContent(id="app-map", initial="routes"):
            for pane, title, waiting, _ in PANELS:
                with TabPane(title, id=pane):
                    yield ListPanel(waiting, id=f"{pane}-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.read_map()

    @work(thread=True, group="app-map")
    def read_map(self) -> None:
        for pane, _, _, query in PANELS:
            try:
                view = self.session.run(query, timeout=600)
            except EngineError as error:
                self.app.call_from_thread(self._problem, pane, error.message)
                continue
            self.app.call_from_thread(self.query_one(f"#{pane}-panel", ListPanel).show, view)

    def _problem(self, pane: str, message: str) -> None:
        self.query_one(f"#{pane}-panel", ListPanel).border_title = message

    @on(LocationChosen)
    def location_chosen(self, event: LocationChosen) -> None:
        event.stop()
        self.dismiss(event.location)
