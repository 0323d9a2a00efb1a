"""The Health screen: what nothing uses, the most complex members and the dependency graph, each the
text the matching MCP tool returns (``find_unused``, ``complexity``, ``dependency_graph``)."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from engine import EngineError, Location, analysis

from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel, LocationChosen

PANELS = (
    ("unused", "Unused", "Looking for symbols nothing uses…"),
    ("complexity", "Complexity", "Measuring every member…"),
    ("dependencies", "Dependencies", "Binding the namespaces' names…"),
)


class HealthScreen(Screen[Location | None]):
    """Three lists of the solution (or, with ``project``, of one project); enter opens an item's place."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Back", id="health_back", tooltip="back to the solution"),
        Binding(
            "ctrl+l",
            "toggle_level",
            "Projects/namespaces",
            id="health_level",
            tooltip="the dependency graph between projects or between namespaces",
        ),
    ]
    DEFAULT_CSS = """
    HealthScreen ListPanel { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, session: Any, project: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.project = project
        self.level = "namespace"

    def compose(self) -> ComposeResult:
        with TabbedContent(id="health", initial="unused"):
            for pane, title, waiting in PANELS:
                with TabPane(title, id=pane):
                    yield ListPanel(waiting, id=f"{pane}-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.measure_unused()
        self.measure_complexity()
        self.measure_dependencies()

    def action_toggle_level(self) -> None:
        self.level = "project" if self.level == "namespace" else "namespace"
        self.query_one("#dependencies-panel", ListPanel).border_title = PANELS[2][2]
        self.query_one(TabbedContent).active = "dependencies"
        self.measure_dependencies()

    @work(thread=True, group="health-unused")
    def measure_unused(self) -> None:
        self._run("unused", analysis.find_unused, None, self.project)

    @work(thread=True, group="health-complexity")
    def measure_complexity(self) -> None:
        self._run("complexity", analysis.complexity, None, self.project)

    @work(thread=True, exclusive=True, group="health-dependencies")
    def measure_dependencies(self) -> None:
        self._run(
            "dependencies", analysis.dependency_graph, self.level, self.project if self.level != "project" else None
        )

    def _run(self, pane: str, query: Any, *arguments: Any) -> None:
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
