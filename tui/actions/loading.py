"""Opening the solution in the app: search as soon as the last load's index answers, everything once
MSBuild is done, the diagnostics and the Problems tab after it in the background, and trusting a
solution that opened restricted."""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.css.query import NoMatches
from textual.widgets import Label, ProgressBar, Static, TabbedContent

from engine import (
    NAMED_BY_USER,
    EngineError,
    LoadProgress,
    LoadSummary,
    ProblemList,
    compile_problems,
    decide,
    grant,
    headline,
    open_session,
    queries,
    remember_all_generated,
    resolve_target,
    whole_solution,
)
from shared_engine import protocol
from shared_engine.place import NoPrivatePlace, engines_of
from shared_engine.remote import RemoteSession, attach_session
from shared_engine.session import Session
from shared_engine.starter import AttachFailed

from .. import config
from ..widgets.panels import InfoPanel, ListPanel
from ..widgets.solution_tree import SolutionTree
from ..widgets.source_view import SourceView
from ..widgets.welcome import Welcome
from .base import AppMixin, on_app_thread

SPINNER_SECONDS = 0.25
"""A frame of a tab's spinner."""
DIAGNOSTICS_GRACE_SECONDS = 2.0
"""After the load, the time a person takes to open a file, whose lenses then come before the diagnostics."""
DIAGNOSTICS_PATIENCE_SECONDS = 45.0
"""The longest the diagnostics wait for a file's lenses and hints."""


def _engine_gone_error(message: str) -> EngineError:
    return EngineError(message, "The app starts the engine again by itself; ask again once it has loaded.")


class LoadingActions(AppMixin):
    """Mixed into ``RoslynTui``: the load, its progress and failure, and the trust and widen actions."""

    session: Session | None
    path: Path
    restricted: bool
    _load_step: tuple[LoadProgress, float] | None = None
    """The load's last step and when its phase began."""
    _load_clock: Any = None
    """The timer showing the seconds of that phase while the load runs."""
    projects: list[str] | None

    if TYPE_CHECKING:

        def _first_marks_pending(self) -> bool: ...

        def _ask_marks(self, view: SourceView) -> None: ...

        load_more_solutions: Callable[[], Any]

    @work(thread=True, exclusive=True, group="load")
    def load(self) -> None:
        """Open the solution; search as soon as the last load's index can answer, everything once MSBuild
        is done. The diagnostics come after, in the background (``load_diagnostics``)."""
        try:
            session = self._open_session()
            if session.answers_before_load():
                on_app_thread(self, self._searchable, session)
            session.load(lambda p: on_app_thread(self, self._progress, p))
        except EngineError as error:
            on_app_thread(self, self._load_failed, error)
            return
        # Generated files wait for the compilations (the diagnostics' work): the tree shows at once.
        structure = session.run(queries.project_structure, True, include_generated=False)
        on_app_thread(self, self._loaded, session, structure)
        if not session.restricted:
            on_app_thread(self, self.load_diagnostics)
        on_app_thread(self, self.load_more_solutions)

    def _open_session(self, path: Path | None = None) -> Session:
        """The solution's shared engine's session (started when none runs), so that an assistant on the
        same solution shares its load; this process's own with ``--restricted``, without sharing, or
        when no engine can be had (said). ``path``: another solution the app shows beside its own."""
        own = path is None
        path = self.path if path is None else path
        target = resolve_target(path).path
        trust = decide(target) if self.restricted else NAMED_BY_USER
        if not self.restricted and protocol.enabled():
            focus = ",".join(self.projects) if self.projects is not None else os.environ.get("ROSLYN_PROJECTS")
            others = [e for e in engines_of(str(target)) if e.version != protocol.version()]
            if others:
                note = (
                    f"An engine of another version (pid {others[0].pid}, {others[0].version}) serves this "
                    f"solution; this app ({protocol.version()}) starts one of its own."
                )
                self.call_from_thread(self.notify, note, severity="warning", timeout=10)
            try:
                stopped = self._engine_stopped if own else None
                return attach_session(str(target), focus, _engine_gone_error, stopped, remember_all_generated)
            except (AttachFailed, NoPrivatePlace, OSError) as error:
                note = f"No shared engine ({error}); the solution loads in this process."
                self.call_from_thread(self.notify, note, severity="warning", timeout=10)
        return open_session(path, trust=trust, projects=self.projects)

    def _engine_stopped(self, why: str) -> None:
        """The shared engine stopped under this app (killed, or it failed): start (or attach to) a new
        one, saying so. Called from the session's reading thread."""
        with contextlib.suppress(RuntimeError):  # the app has closed
            self.call_from_thread(self._reattach, why)

    def _reattach(self, why: str) -> None:
        if not isinstance(self.session, RemoteSession) or self.session.gone is None:
            return
        self.notify(f"The shared engine stopped ({why}); starting it again.", severity="warning", timeout=10)
        self._forget_session()
        self.query_one("#loading").display = True
        self.load()

    def _forget_session(self) -> None:
        if isinstance(self.session, RemoteSession):
            self.session.close()
        self.session = None

    def _searchable(self, session: Session) -> None:
        """The solution still loads, but symbol search answers (and opens files): from the last load's
        index, or on a first start from syntax alone."""
        if self.session is None:
            self.session = session
            source = "the last load's index" if session.early_index() is not None else "syntax alone"
            self.query_one("#status", Static).update(f"Loading…  ctrl+t searches already (from {source})")

    @work(thread=True, exclusive=True, group="diagnostics")
    def load_diagnostics(self) -> None:
        """The solution's diagnostics, with a spinner on their tab meanwhile: everything else works."""
        assert self.session is not None
        spinner = on_app_thread(self, self._spin, "diagnostics", "Diagnostics")
        self._wait_for_marks()
        try:
            view = self.session.run(queries.diagnostics, timeout=900)
        except EngineError as error:
            message = error.describe()
            on_app_thread(self, lambda: self.notify(message, title="Diagnostics", severity="warning"))
            return
        finally:
            on_app_thread(self, self._stop_spinning, spinner, "diagnostics", "Diagnostics")
        on_app_thread(self, lambda: self.query_one("#diagnostics-panel", ListPanel).show(view))
        with_generated = self.session.run(queries.project_structure, True)
        on_app_thread(self, lambda: self.query_one(SolutionTree).show_generated(with_generated))
        assert self.session.report is not None
        # The projects that do not compile, from the diagnostics just computed: the same list as
        # workspace_problems, without compiling it all again.
        load = self.session.report.diagnostics
        found = sorted(
            [*load, *compile_problems(str(self.session.root), view.items)], key=lambda p: p.severity != "error"
        )
        problems = ProblemList(str(self.session.root), tuple(found), compile_checked=True)
        on_app_thread(self, lambda: self.query_one("#problems-panel", InfoPanel).show(problems))

    def _wait_for_marks(self) -> None:
        """Let the hints and first lens counts of a file opened just after the load come first. The whole solution's
        diagnostics compile and analyse every project at once: at 25 projects, started beside a file's
        first lenses, they put those off from 1.1 s to 16-20 s (tmux, a first start)."""
        time.sleep(DIAGNOSTICS_GRACE_SECONDS)
        deadline = time.monotonic() + DIAGNOSTICS_PATIENCE_SECONDS
        while self._first_marks_pending() and time.monotonic() < deadline:
            time.sleep(0.25)

    def _spin(self, tab: str, label: str) -> Any:
        frames = iter(itertools.cycle("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"))
        content = self.query_one(TabbedContent)

        def tick() -> None:
            # Not ``Tab.label``: every relabel re-animates the underline beneath the tabs, so ten a second
            # kept the animator from ever resting. The frames are one width: the underline stays put.
            try:
                shown = content.get_tab(tab)
            except NoMatches:  # the app is closing: its tabs are gone before its timers stop
                return
            Static.update(shown, f"{label} {next(frames)}")

        content.get_tab(tab).label = f"{label} {next(frames)}"
        # Four frames a second: each frame lays the screen out again, which at animation rate took the
        # time a key needs while the diagnostics ran (bench/tui_key_latency.py).
        return self.set_interval(SPINNER_SECONDS, tick)

    def _stop_spinning(self, timer: Any, tab: str, label: str) -> None:
        if timer is None:  # the app was closing when the spinner would have started
            return
        timer.stop()
        self.query_one(TabbedContent).get_tab(tab).label = label

    def _progress(self, progress: LoadProgress) -> None:
        """Show a step of the load, with the seconds its phase has taken so far (a restore or a
        generator's build can take a minute on a fresh clone: the time moves when the count cannot)."""
        if self._load_step is None or self._load_step[0].phase != progress.phase:
            self._load_step = (progress, time.monotonic())
        else:
            self._load_step = (progress, self._load_step[1])
        if self._load_clock is None:
            self._load_clock = self.set_interval(1.0, self._show_load_step)
        self._show_load_step()

    def _show_load_step(self) -> None:
        if self._load_step is None:
            return
        progress, began = self._load_step
        bar = self.query_one("#loading-bar", ProgressBar)
        bar.update(total=max(progress.total, 1), progress=progress.index)
        self.query_one("#loading-label", Label).update(
            f"{progress.phase} {progress.project} ({progress.index} of {progress.total})  "
            f"{time.monotonic() - began:.0f} s"
        )

    def _load_done(self) -> None:
        if self._load_clock is not None:
            self._load_clock.stop()
        self._load_clock = self._load_step = None

    def _load_failed(self, error: EngineError) -> None:
        self._load_done()
        self.query_one("#loading").display = False
        self.query_one(Welcome).display = False
        source = self.query_one(SourceView)
        source.display = True
        source.load_text(f"Could not open {self.path.name}.\n\n{error.message}\n{error.hint}")
        self.query_one("#status", Static).update(f"load failed: {error.message}")
        self.notify(error.describe(), title="Load failed", severity="error", timeout=30)

    def _loaded(self, session: Session, structure: Any) -> None:
        self._load_done()
        self.session = session
        self.query_one("#loading").display = False
        self.query_one(SolutionTree).show(structure)
        panel = self.query_one("#diagnostics-panel", ListPanel)
        panel.border_title = "Diagnostics need a trusted solution." if session.restricted else "Diagnostics: computing…"
        if session.restricted:
            self.sub_title = f"{self.path.name} (restricted: syntax only)"
            self.notify(
                "Opened restricted: nothing from this solution runs. ctrl+p 'Trust this solution' to load it fully.",
                severity="warning",
                timeout=15,
            )
        assert session.report is not None
        summary = LoadSummary(str(session.root), session.report, show_time=False)
        self.query_one("#info-panel", InfoPanel).show(summary)
        self.query_one("#status", Static).update(
            f"{len(structure.items)} projects loaded.  ctrl+t search a symbol   ? help"
        )
        self._ask_marks(self.query_one(SourceView))  # a file opened from the index while loading
        welcome = self.query_one(Welcome)
        welcome.show_solution(structure, session.report)
        welcome.show_recent(config.recent_files(str(self.path.resolve())), session.root)
        problems = ProblemList(str(session.root), session.report.diagnostics, compile_checked=False)
        self.query_one("#problems-panel", InfoPanel).show(problems)
        if session.report.diagnostics:
            self.notify(
                f"{headline(session.report.diagnostics)} while loading: see the Problems tab.",
                severity="warning",
                timeout=10,
            )

    def action_widen_focus(self) -> None:
        """Load the whole solution where a focus or a solution filter left projects out, without a restart."""
        if self.session is None or not self.session.target.left_out:
            self.notify("The whole solution is open already.", timeout=3)
            return
        self.path = whole_solution(self.session.target)
        self.projects = []
        self._forget_session()
        self.sub_title = self.path.name
        self.query_one("#loading").display = True
        self.load()

    def action_trust_solution(self) -> None:
        """Remember that the user trusts this solution, and load it fully (MSBuild, analyzers, generators)."""
        if self.session is None or not self.session.restricted:
            self.notify("This solution is already trusted.", timeout=3)
            return
        grant(self.session.target.path)
        self._forget_session()
        self.sub_title = self.path.name
        self.query_one("#loading").display = True
        self.load()
