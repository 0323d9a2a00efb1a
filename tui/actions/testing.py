"""The app's change-loop actions: the tests that reach the symbol at the cursor, running them with
results as they arrive (and stopping them, to see where each thread was), building the solution into
the Diagnostics panel, and the Stack trace screen.

Builds and tests run the solution's own code, so the engine refuses them for a restricted solution;
the app says so rather than offering them."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import Label, ProgressBar, TabbedContent

from engine import EngineError, Location, SymbolRef, review, testing
from shared_engine.session import Session

from ..screens.stack_trace import StackTraceScreen
from ..widgets.panels import ListPanel
from ..widgets.tests_panel import TestsPanel
from .base import AppMixin


class TestingActions(AppMixin):
    """Mixed into ``RoslynTui``: the actions behind f9, f5, shift+f5, ctrl+b and ctrl+k."""

    session: Session | None
    _run_thread: int | None = None
    """The worker thread waiting for the test run now going (what shift+f5 stops)."""

    if TYPE_CHECKING:

        def cursor_symbol(self) -> SymbolRef | None: ...

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_find_tests(self) -> None:
        ref = self.cursor_symbol()
        if ref is not None and self.session is not None:
            self.find_tests(ref)

    @work(thread=True, exclusive=True, group="tests")
    def find_tests(self, ref: SymbolRef) -> None:
        session = self.session
        if session is None:
            return
        try:
            view = session.run(testing.find_tests, ref)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        self.call_from_thread(self._show_tests, view)

    def _show_tests(self, view: Any) -> None:
        self.query_one("#tests-panel", TestsPanel).show(view)
        self.query_one(TabbedContent).active = "tests"

    def chosen_tests(self) -> tuple[SymbolRef | None, list[str]] | None:
        """(the cursor's symbol, the tests the Tests panel lists): the tests listed, else those reaching
        the symbol; ``None`` (said) while the solution loads."""
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return None
        listed = self.query_one("#tests-panel", TestsPanel).tests()
        return (None if listed else self.cursor_symbol()), listed

    def action_run_tests(self) -> None:
        """Run the tests the panel lists; with none listed, those reaching the symbol at the cursor."""
        if (chosen := self.chosen_tests()) is None:
            return
        ref, listed = chosen
        if listed or ref is not None:
            self.query_one("#tests-panel", TestsPanel).running("Running tests…")
            self.query_one(TabbedContent).active = "tests"
            self.run_tests(ref, listed)

    def run_change_tests(self, base: str) -> None:
        """Run the tests that reach the change since ``base``, results in the Tests panel: the Changes screen's ``t``."""
        self.query_one("#tests-panel", TestsPanel).running(f"Running the tests that reach the change since {base}…")
        self.query_one(TabbedContent).active = "tests"
        self.run_tests(None, [], changed_since=base)

    @work(thread=True, exclusive=True, group="tests")
    def run_tests(self, ref: SymbolRef | None, listed: list[str], changed_since: str | None = None) -> None:
        panel = self.query_one("#tests-panel", TestsPanel)

        def arrived(outcome: str, name: str) -> None:
            self.call_from_thread(panel.finished_one, outcome, name)

        session = self.session
        if session is None:
            return
        try:
            with self.stoppable_run():
                if changed_since is not None:
                    run = session.call(review.run_changed_tests, changed_since, on_result=arrived)
                else:
                    run = session.call(testing.run_tests, symbol=ref, tests=listed or None, on_result=arrived)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Tests", severity="error")
            return
        self.call_from_thread(self._show_tests, run)
        summary = f"{run.passed} passed, {run.failed} failed, {run.skipped} skipped"
        self.call_from_thread(
            self.notify, summary, title="Tests", severity="error" if run.failed or run.problems else "information"
        )

    @contextlib.contextmanager
    def stoppable_run(self) -> Iterator[None]:
        """While the body waits for a run, shift+f5 stops it."""
        self._run_thread = threading.get_ident()
        try:
            yield
        finally:
            self._run_thread = None

    def action_stop_run(self) -> None:
        thread, session = self._run_thread, self.session
        if thread is None or session is None:
            self.notify("No test run is going: f5 starts one.", title="Stop")
            return
        self.query_one("#tests-panel", TestsPanel).border_title = "Stopping: reading where each thread is…"
        self.stop_run(session, thread)

    @work(thread=True, group="stop")
    def stop_run(self, session: Session, thread: int) -> None:
        try:
            session.stop(thread)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Stop", severity="error")

    def action_build(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        self.query_one("#loading").display = True
        self.query_one("#loading-label", Label).update("Building")
        self.build()

    @work(thread=True, exclusive=True, group="build")
    def build(self) -> None:
        def progress(done: int, total: int, project: str) -> None:
            self.call_from_thread(self._build_progress, done, total, project)

        session = self.session
        if session is None:
            return
        try:
            report = session.call(testing.run_build, progress=progress)
        except EngineError as error:
            self.call_from_thread(self._build_done, None)
            self.call_from_thread(self.notify, error.describe(), title="Build", severity="error")
            return
        self.call_from_thread(self._build_done, report)

    def _build_progress(self, done: int, total: int, project: str) -> None:
        self.query_one("#loading-bar", ProgressBar).update(total=max(total, 1), progress=done)
        self.query_one("#loading-label", Label).update(f"Built {project} ({done} of {total})")

    def _build_done(self, report: Any) -> None:
        self.query_one("#loading").display = False
        if report is None:
            return
        self.query_one("#diagnostics-panel", ListPanel).show(report.as_diagnostics())
        self.query_one(TabbedContent).active = "diagnostics"
        self.notify(
            report.render().splitlines()[0], title="Build", severity="information" if report.succeeded else "error"
        )

    def action_stack_trace(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(StackTraceScreen(self.session), chosen)
