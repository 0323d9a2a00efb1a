"""The app's view of the code running: tests run with coverage, the covered and uncovered lines marked in
the source view's gutter with each member's share in its lens (a toggle, remembered), the Coverage
screen; and tests profiled, the Profile screen's flame graph, each member's time then in its lens.

Marks are asked for once per text shown, and again after each run with coverage, whoever ran it (an
assistant on the same engine too); with no run yet the engine says so at once and nothing is drawn."""

from __future__ import annotations

import contextlib
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import TabbedContent

from engine import EngineError, Location, SymbolRef, apps, runtime
from shared_engine.session import Session

from .. import config
from ..screens.coverage import CoverageScreen
from ..screens.goto import AppPathScreen
from ..screens.profile import ProfileScreen
from ..widgets.source_view import SourceView
from ..widgets.tests_panel import TestsPanel
from .base import AppMixin


class CoverageActions(AppMixin):
    """Mixed into ``RoslynTui``: the palette's coverage commands and the gutter's marks."""

    session: Session | None
    _coverage_read: tuple[str, int] | None = None
    """(path, generation) the marks were asked for."""

    if TYPE_CHECKING:

        def chosen_tests(self) -> tuple[SymbolRef | None, list[str]] | None: ...

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

        def _show_tests(self, view: Any) -> None: ...

        @contextlib.contextmanager
        def stoppable_run(self) -> Iterator[None]: ...

    def apply_coverage_config(self) -> None:
        self.query_one(SourceView).toggle_marks(coverage=config.load().get("coverage_marks", "on") != "off")

    def action_toggle_coverage_marks(self) -> None:
        view = self.query_one(SourceView)
        view.toggle_marks(coverage=not view.show_coverage)
        config.save(coverage_marks="on" if view.show_coverage else "off")
        self.want_coverage_marks(view)

    def want_coverage_marks(self, view: SourceView) -> None:
        """Ask for the marks of the text shown, once, after a run with coverage."""
        if not view.show_coverage or view.path is None or not view.path.endswith(".cs") or self.session is None:
            return
        if self._coverage_read == (view.path, view.generation):
            return
        self._coverage_read = (view.path, view.generation)
        self.read_coverage_marks(view, view.path)

    @work(thread=True, exclusive=True, group="coverage-marks")
    def read_coverage_marks(self, view: SourceView, path: str) -> None:
        session = self.session
        if session is None:
            return
        try:
            report = session.call(runtime.coverage, None, path)
        except EngineError:
            return  # a file no run covered, or no run yet: the code reads as it is
        self.call_from_thread(view.show_coverage_of, path, report)

    def action_run_tests_with_coverage(self) -> None:
        """Run the tests the Tests panel lists (else those reaching the cursor's symbol, else all) with
        coverage; then the marks and the Coverage screen."""
        if (chosen := self.chosen_tests()) is None:
            return
        ref, listed = chosen
        what = "the listed tests" if listed else "the tests reaching the cursor's symbol" if ref else "every test"
        self.query_one("#tests-panel", TestsPanel).running(f"Running {what} with coverage…")
        self.query_one(TabbedContent).active = "tests"
        self.run_with_coverage(ref, listed)

    @work(thread=True, exclusive=True, group="tests")
    def run_with_coverage(self, ref: SymbolRef | None, listed: list[str]) -> None:
        panel = self.query_one("#tests-panel", TestsPanel)
        session = self.session
        if session is None:
            return
        try:
            with self.stoppable_run():
                run = session.call(
                    runtime.run_tests_with_coverage,
                    ref,
                    listed or None,
                    on_result=lambda outcome, name: self.call_from_thread(panel.finished_one, outcome, name),
                )
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Coverage", severity="error")
            return
        self._coverage_read = None
        self.call_from_thread(self._show_tests, run)
        words = (
            run.coverage.line() if run.coverage is not None else "no coverage was collected: the Tests panel says why"
        )
        self.call_from_thread(self.notify, words, title="Coverage")
        self.call_from_thread(self.want_coverage_marks, self.query_one(SourceView))

    def action_profile(self) -> None:
        """Profile the tests the Tests panel lists (else those reaching the cursor's symbol, else all)."""
        if (tests := self.chosen_tests()) is None or self.session is None:
            return
        ref, listed = tests
        screen = ProfileScreen(self.session, ref, listed or None)
        self.push_screen(screen, self._profile_closed(screen))

    def action_profile_app(self) -> None:
        """Profile a file-based app, named with its arguments (the open file when it is an app.cs): it
        runs confined, as run_app runs it, its allocations sampled too."""
        if self.session is None:
            return
        shown = self.query_one(SourceView).path
        initial = shown if shown and shown.endswith(".cs") else str(self.session.root) + "/"
        hint = "enter: run the app (its arguments after the path) under the profiler"
        self.push_screen(AppPathScreen(initial, hint), self.profile_app)

    def profile_app(self, typed: str | None) -> None:
        if not typed or self.session is None:
            return
        try:
            path, *arguments = shlex.split(typed)
        except ValueError as error:  # an unclosed quote
            self.notify(f"{typed}: {error}", title="Profile", severity="warning")
            return
        session = self.session
        screen = ProfileScreen(
            session,
            ask=lambda: session.call(apps.profile_app, path, arguments, allocations=True),
            waiting=f"Running {Path(path).name} under the profiler…",
        )
        self.push_screen(screen, self._profile_closed(screen))

    def _profile_closed(self, screen: ProfileScreen) -> Callable[[Location | None], None]:
        """What closing a Profile screen does: its times in the lenses, the member chosen opened."""

        def chosen(location: Location | None) -> None:
            if screen.report is not None:
                self.query_one(SourceView).show_profile_times(screen.report.time_of())
            if location is not None:
                self.open_location(location)

        return chosen

    def action_coverage(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        self.show_coverage_screen(None)

    def show_coverage_screen(self, symbol: SymbolRef | None) -> None:
        assert self.session is not None

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(CoverageScreen(self.session, symbol), chosen)
