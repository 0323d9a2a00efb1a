"""The App screen: a web application's map, each list the text of the matching MCP tool: its
endpoints (``endpoints``), its services (``service_registrations``) and its data model (``data_model``)."""

from __future__ import annotations

from textual import work
from textual.binding import Binding

from engine import web

from .list_tabs import ListTabs

QUERIES = {"routes": web.endpoints, "services": web.service_registrations, "model": web.data_model}


class AppMapScreen(ListTabs):
    """Three lists of the solution's web projects; enter opens the handler, registration or entity."""

    PANES = (
        ("routes", "Routes", "Reading the routes…"),
        ("services", "Services", "Reading the service registrations…"),
        ("model", "Data model", "Reading the EF Core model…"),
    )
    BINDINGS = [Binding("escape", "dismiss(None)", "Back", id="app_map_back", tooltip="back to the solution")]

    def on_mount(self) -> None:
        self.read_map()

    @work(thread=True, group="app-map")
    def read_map(self) -> None:
        for pane, _, _ in self.PANES:
            self.fill(pane, QUERIES[pane])
