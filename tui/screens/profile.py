"""The Profile screen: the tests chosen, an app or REPL code run under the CPU sampler (the
``profile_tests``, ``profile_app`` and ``profile_repl`` MCP tools' answer), drawn as a flame graph above
the list of the hottest members; a click on a block or enter on a member opens its source. The time of
each member then shows in its lens. shift+f5 ends the run: the profile is of the time until then (an
app's, with where its threads were)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine import EngineError, Location, ProfileReport, SymbolRef, runtime
from shared_engine.session import Session

from ..widgets.flame_graph import FlameGraph
from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel, LocationChosen


class ProfileScreen(Screen[Location | None]):
    BINDINGS = [
        Binding("escape", "dismiss(None)", "Back", id="profile_back", tooltip="back to the solution"),
        Binding(
            "shift+f5",
            "stop",
            "Stop",
            id="profile_stop",
            tooltip="end the run now: the profile is of the time until then",
        ),
    ]
    DEFAULT_CSS = """
    ProfileScreen FlameGraph { border: round $panel; border-title-color: $text; }
    ProfileScreen ListPanel { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(
        self,
        session: Session,
        symbol: SymbolRef | None = None,
        tests: list[str] | None = None,
        *,
        ask: Callable[[], ProfileReport] | None = None,
        waiting: str = "Running the tests under the profiler…",
    ) -> None:
        """The tests reaching ``symbol`` or named in ``tests``; or what ``ask`` profiles (an app, REPL
        code), with ``waiting`` said meanwhile."""
        super().__init__()
        self.session = session
        self.ask = ask or (lambda: session.call(runtime.profile_tests, symbol, tests))
        self.waiting = waiting
        self.report: ProfileReport | None = None
        self._run_thread: int | None = None
        """The worker thread waiting for the profiled run (what shift+f5 stops)."""

    def compose(self) -> ComposeResult:
        yield FlameGraph(id="flame")
        yield ListPanel(self.waiting, id="profile-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one(FlameGraph).border_title = "Flame graph (the solution's calls; click a block for its source)"
        self.profile()

    @work(thread=True, group="profile")
    def profile(self) -> None:
        self._run_thread = threading.get_ident()
        try:
            report = self.ask()
        except EngineError as error:
            self.app.call_from_thread(self._problem, error.describe().replace("\n", " "))
            return
        finally:
            self._run_thread = None
        self.app.call_from_thread(self._show, report)

    def action_stop(self) -> None:
        if self._run_thread is None:
            self.notify("Nothing is running: the profile is shown.", title="Stop")
            return
        self.query_one(ListPanel).border_title = "Stopping: the profile is of the time until now…"
        self.stop(self._run_thread)

    @work(thread=True, group="stop")
    def stop(self, thread: int) -> None:
        try:
            self.session.stop(thread)
        except EngineError as error:
            self.app.call_from_thread(self.notify, error.describe(), title="Stop", severity="error")

    def _show(self, report: ProfileReport) -> None:
        self.report = report
        self.query_one(FlameGraph).show(report.tree)
        self.query_one(ListPanel).show(report)

    def _problem(self, message: str) -> None:
        self.query_one(ListPanel).border_title = message

    @on(LocationChosen)
    def location_chosen(self, event: LocationChosen) -> None:
        event.stop()
        self.dismiss(event.location)
