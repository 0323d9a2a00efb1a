"""The Coverage screen: the last run with coverage by member, least covered first (the text of the
``coverage`` MCP tool), of the solution or of one symbol; enter opens a member's place."""

from __future__ import annotations

from textual import work
from textual.binding import Binding

from engine import EngineError, SymbolRef, runtime
from shared_engine.session import Session

from ..widgets.panels import ListPanel
from .list_tabs import ListTabs


class CoverageScreen(ListTabs):
    PANES = (("coverage", "Coverage", "Reading the last run's coverage…"),)
    BINDINGS = [Binding("escape", "dismiss(None)", "Back", id="coverage_back", tooltip="back to the solution")]

    def __init__(self, session: Session, symbol: SymbolRef | None = None) -> None:
        super().__init__(session)
        self.symbol = symbol

    def on_mount(self) -> None:
        self.read()

    @work(thread=True, group="coverage")
    def read(self) -> None:
        try:
            view = self.session.call(runtime.coverage, self.symbol)
        except EngineError as error:
            self.app.call_from_thread(self._problem, "coverage", error.describe().replace("\n", " "))
            return
        self.app.call_from_thread(self.query_one("#coverage-panel", ListPanel).show, view)
