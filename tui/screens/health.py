"""The Health screen: what nothing uses, the most complex members and the dependency graph, each the
text the matching MCP tool returns (``find_unused``, ``complexity``, ``dependency_graph``)."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.widgets import TabbedContent

from engine import analysis
from shared_engine.session import Session

from ..widgets.panels import ListPanel
from .list_tabs import ListTabs


class HealthScreen(ListTabs):
    """Three lists of the solution (or, with ``project``, of one project); enter opens an item's place."""

    PANES = (
        ("unused", "Unused", "Looking for symbols nothing uses…"),
        ("complexity", "Complexity", "Measuring every member…"),
        ("dependencies", "Dependencies", "Binding the namespaces' names…"),
    )
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

    def __init__(self, session: Session, project: str | None = None) -> None:
        super().__init__(session)
        self.project = project
        self.level = "namespace"

    def on_mount(self) -> None:
        self.measure_unused()
        self.measure_complexity()
        self.measure_dependencies()

    def action_toggle_level(self) -> None:
        self.level = "project" if self.level == "namespace" else "namespace"
        self.query_one("#dependencies-panel", ListPanel).border_title = self.PANES[2][2]
        self.query_one(TabbedContent).active = "dependencies"
        self.measure_dependencies()

    @work(thread=True, group="health-unused")
    def measure_unused(self) -> None:
        self.fill("unused", analysis.find_unused, None, self.project)

    @work(thread=True, group="health-complexity")
    def measure_complexity(self) -> None:
        self.fill("complexity", analysis.complexity, None, self.project)

    @work(thread=True, exclusive=True, group="health-dependencies")
    def measure_dependencies(self) -> None:
        self.fill(
            "dependencies", analysis.dependency_graph, self.level, self.project if self.level != "project" else None
        )
