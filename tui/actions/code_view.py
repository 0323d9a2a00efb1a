"""The app's code view: inlay hints and code lenses for the lines on screen, asked for in the background
once scrolling pauses and kept per file until it changes; the keys that toggle them (remembered) and the
one that opens a lens's panel.

The engine keeps lens counts per snapshot and Roslyn answers hints per range, so what scrolls back into
view is drawn from what the view already holds, and a scroll asks only for the lines it has not seen."""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work
from textual.timer import Timer
from textual.widgets import TabbedContent
from textual.worker import get_current_worker

from engine import CodeLens, EngineError, SymbolRef, code_view, queries
from shared_engine.session import Session

from .. import config
from ..screens.lens_choice import LensChoiceScreen
from ..widgets.source_view import SourceView
from .base import AppMixin

log = logging.getLogger("roslyn_tui")
SETTLE_SECONDS = 0.15
"""How long scrolling must pause before the lines on screen are asked for: a scroll at animation rate asks once."""
LENS_SECONDS = (0.6, 1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0)
"""The times lenses are counted within, one call each while some count is still short and no other file
waits. Before them, and on a reader of its own, a call without time draws what is known at once: counts
found already and the on-disk index's estimates from the last run (``~15,755 refs``). On a first start at
25 projects nothing is found within the first 0.6 s (the compilations are not built), and then more each
time as they are (tmux, a first start: "6+ refs" at 2.4 s, thousands within
15 s), a count never going down (``code_lens``); the exact counts come on their own reader. No call is
longer than 2 s: another file opened meanwhile waits for the one in flight."""
EXACT_PATIENCE_SECONDS = 30.0
"""How long the exact lenses wait for the counts of a file opened meanwhile."""
TESTS_RETRY_SECONDS = 1.0
"""How soon lenses ask again for the tests while the warm-up builds the call graph."""
TESTS_PATIENCE_SECONDS = 300.0
"""How long lenses wait for the call graph before they go without the tests."""


@dataclasses.dataclass(frozen=True)
class _MarksRequest:
    view: SourceView
    path: str
    generation: int
    first: int
    last: int
    give_up: float = 0.0
    """When a request waiting for the call graph stops waiting (``time.monotonic()``)."""


def _current(request: _MarksRequest) -> bool:
    """Whether the view still shows the text ``request`` was made for."""
    return (request.view.path, request.view.generation) == (request.path, request.generation)


class _Queue:
    """The requests one reader thread has still to answer, and whether that thread runs (used under the
    mixin's lock)."""

    def __init__(self) -> None:
        self.wanted: list[_MarksRequest] = []
        self.reading = False

    def add(self, request: _MarksRequest) -> bool:
        """Queue ``request``; whether the reader must be started."""
        self.wanted.append(request)
        start, self.reading = not self.reading, True
        return start

    def newest(self, closing: bool) -> _MarksRequest | None:
        """The newest request still for the text shown (older ones for another text are dropped); ``None``
        ends the reader, when none is left or the app is ``closing``."""
        while self.wanted and not _current(self.wanted[-1]):
            self.wanted.pop()
        if not self.wanted or closing:
            self.reading = False
            return None
        return self.wanted.pop()


class CodeViewActions(AppMixin):
    """Mixed into ``RoslynTui``: hints and lenses over the source view, and the keys for them."""

    session: Session | None

    if TYPE_CHECKING:
        show_query: Callable[..., Any]
        find_tests: Callable[[SymbolRef], Any]
        want_coverage_marks: Callable[[SourceView], None]
        show_coverage_screen: Callable[[SymbolRef | None], None]

    _settle: Timer | None = None
    _covered: tuple[str, int, set[int]] | None = None
    """(path, text generation, rows asked for): what the view holds marks for."""
    _marks_lock = threading.Lock()
    _marks_wanted: list[_MarksRequest] = []
    _marks_reading = False

    @property
    def _hints(self) -> _Queue:
        return self.__dict__.setdefault("_hints_queue", _Queue())  # type: ignore[no-any-return]

    @property
    def _counts(self) -> _Queue:
        return self.__dict__.setdefault("_counts_queue", _Queue())  # type: ignore[no-any-return]

    @property
    def _known(self) -> _Queue:
        return self.__dict__.setdefault("_known_queue", _Queue())  # type: ignore[no-any-return]

    @property
    def _counted(self) -> set[tuple[str, int, int]]:
        """(path, generation, first line) of each request whose counts were drawn: what is known comes
        later only when a call for them was in flight, and is then older than what is shown."""
        return self.__dict__.setdefault("_counted_requests", set())  # type: ignore[no-any-return]

    def _first_marks_pending(self) -> bool:
        """Whether a file's hints or first lens counts are still being read (the diagnostics wait)."""
        return self._hints.reading or self._counts.reading

    def apply_code_view_config(self) -> None:
        remembered = config.load()
        self.query_one(SourceView).toggle_marks(
            hints=remembered.get("inlay_hints", "on") != "off", lenses=remembered.get("code_lens", "on") != "off"
        )

    def on_source_view_lines_shown(self, event: SourceView.LinesShown) -> None:
        if self._settle is not None:
            self._settle.stop()
        self._settle = self.set_timer(SETTLE_SECONDS, lambda: self._ask_marks(event.view))

    def _ask_marks(self, view: SourceView) -> None:
        if self.session is None or not self.session.is_loaded or view.path is None:
            return
        self.want_coverage_marks(view)
        if not (view.show_hints or view.show_lenses) or not view.path.endswith(".cs"):
            return
        height = max(view.size.height, 1)
        first = max(1, int(view.scroll_y) + 1 - height // 2)
        last = min(view.document.line_count, int(view.scroll_y) + height + height // 2)
        if self._covered is None or self._covered[:2] != (view.path, view.generation):
            self._covered = (view.path, view.generation, set())
        missing = [row for row in range(first, last + 1) if row not in self._covered[2]]
        if missing:
            self._covered[2].update(missing)
            self._want_marks(_MarksRequest(view, view.path, view.generation, missing[0], missing[-1]))

    def _want_marks(self, request: _MarksRequest) -> None:
        """Queue ``request`` for three readers, one thread each, so that nothing waits behind a slower
        kind: the hints (a file's own semantic model), the lens counts within growing times, and the
        exact lenses with their tests (``_want_exact``: at 25 projects on a first start, 40 s or more)."""
        with self._marks_lock:
            start_hints, start_counts = self._hints.add(request), self._counts.add(request)
            start_known = self._known.add(request)
        if start_hints:
            self.read_hints()
        if start_known:
            self.read_known_lenses()
        if start_counts:
            self.read_counts()

    def _want_exact(self, request: _MarksRequest) -> None:
        with self._marks_lock:
            self._marks_wanted = [*self._marks_wanted, request]
            if self._marks_reading:
                return
            self._marks_reading = True
        self.read_marks()

    @work(thread=True, group="code-view-counts")
    def read_counts(self) -> None:
        """The lenses of each request still for the text shown (the newest first), counted within
        ``LENS_SECONDS`` in turn until every count is exact or another file waits; then the exact lenses
        and the tests, on their own reader."""
        while True:
            with self._marks_lock:
                request = self._counts.newest(get_current_worker().is_cancelled)
            if request is None:
                return
            if self.session is None:  # between two engines: the next file shown asks again
                continue
            for number, seconds in enumerate(LENS_SECONDS):
                if number and (self._counts.wanted or not _current(request)):
                    break  # another file or place first: this one's exact counts come on the other reader
                answer = self._asked(code_view.code_lens, request, tests=False, seconds=seconds)
                if answer is None:
                    break
                with self._marks_lock:
                    self._counted.add((request.path, request.generation, request.first))
                self.call_from_thread(request.view.show_lenses_of, answer)
                if not answer.counting:
                    break
            give_up = time.monotonic() + TESTS_PATIENCE_SECONDS
            self._want_exact(dataclasses.replace(request, give_up=give_up))

    @work(thread=True, group="code-view-known")
    def read_known_lenses(self) -> None:
        """The lenses of each request still for the text shown with what is known of their counts, asked
        without time: drawn at once, while the counts reader may still be busy with another file."""
        while True:
            with self._marks_lock:
                request = self._known.newest(get_current_worker().is_cancelled)
            if request is None:
                return
            answer = self._asked(code_view.code_lens, request, tests=False, seconds=0.0)
            with self._marks_lock:
                late = (request.path, request.generation, request.first) in self._counted
            if answer is not None and not late:
                self.call_from_thread(request.view.show_lenses_of, answer)

    @work(thread=True, group="code-view-hints")
    def read_hints(self) -> None:
        """The inlay hints of each request still for the text shown, the newest first."""
        while True:
            with self._marks_lock:
                request = self._hints.newest(get_current_worker().is_cancelled)
            if request is None:
                return
            answer = self._asked(code_view.inlay_hints, request)
            if answer is not None:
                self.call_from_thread(request.view.show_hints_of, answer)

    def _asked(self, query: Any, request: Any, **options: Any) -> Any:
        """``query``'s answer for the request's lines, or ``None``: between two engines (the next file shown
        asks again), or a failure, which leaves the code as it reads without it (the log has it)."""
        session = self.session
        if session is None:
            return None
        try:
            return session.run(query, request.path, request.first, request.last, **options)
        except EngineError as error:
            log.info("%s of %s: %s", query.__name__, request.path, error)
            return None

    def _next_marks(self, waiting: list[_MarksRequest]) -> _MarksRequest | None:
        """The newest request still for the text shown (what is on screen now comes first); with none, a
        request whose tests wait for the call graph, after a pause (a poll is a query of milliseconds:
        the warm-up's quiet moments stay). ``None`` ends the reader."""
        while True:
            with self._marks_lock:
                while self._marks_wanted:
                    request, self._marks_wanted = self._marks_wanted[-1], self._marks_wanted[:-1]
                    if _current(request):
                        return request
                waiting[:] = [r for r in waiting if _current(r) and time.monotonic() < r.give_up]
                if not waiting:
                    self._marks_reading = False
                    return None
            time.sleep(TESTS_RETRY_SECONDS)
            with self._marks_lock:
                if get_current_worker().is_cancelled:  # the app is closing
                    self._marks_reading = False
                    return None
                if not self._marks_wanted and waiting:
                    return waiting.pop()

    @work(thread=True, group="code-view")
    def read_marks(self) -> None:
        """The exact lenses with the tests that reach each declaration, of each request still for the text
        shown. A failure leaves the code as it reads without them (the log has it); a changed file asks
        again."""
        waiting: list[_MarksRequest] = []
        while (request := self._next_marks(waiting)) is not None:
            # The counts of a file just opened first: the exact ones would take the cores from them.
            patience = time.monotonic() + EXACT_PATIENCE_SECONDS
            while self._counts.reading and time.monotonic() < patience and not get_current_worker().is_cancelled:
                time.sleep(0.1)
            answer = self._asked(code_view.code_lens, request)
            if answer is None:
                continue
            self.call_from_thread(request.view.show_lenses_of, answer)
            if answer.tests_pending:
                # The warm-up is still building the call graph: the tests come once it has.
                waiting.insert(0, request)

    def action_toggle_code_lens(self) -> None:
        view = self.query_one(SourceView)
        view.toggle_marks(lenses=not view.show_lenses)
        config.save(code_lens="on" if view.show_lenses else "off")
        self._ask_marks(view)

    def action_toggle_inlay_hints(self) -> None:
        view = self.query_one(SourceView)
        view.toggle_marks(hints=not view.show_hints)
        config.save(inlay_hints="on" if view.show_hints else "off")
        self._ask_marks(view)

    def action_code_lens(self) -> None:
        """The lens of the declaration on the cursor's line: its one panel, or a choice of them."""
        lens = self.query_one(SourceView).lens_at_cursor()
        if lens is None:
            self.notify("No code lens on this line: put the cursor on a declaration's line.", timeout=3)
            return
        parts = lens.parts()
        if len(parts) == 1:
            self.open_lens(lens, parts[0][0])
            return
        self.push_screen(LensChoiceScreen(lens), lambda panel: self.open_lens(lens, panel) if panel else None)

    def open_lens(self, lens: CodeLens, panel: str) -> None:
        ref = SymbolRef(name=lens.documentation_id)
        if panel == "references":
            self.show_query("references", queries.find_references, ref)
        elif panel == "implementations":
            self.show_query("implementations", queries.find_implementations, ref)
        elif panel == "coverage":
            self.show_coverage_screen(ref)
        elif panel == "profile":
            self.notify(
                f"{lens.name}: {lens.time} on the CPU in the last profile (the palette's Profile tests).", timeout=4
            )
        else:
            self.query_one(TabbedContent).active = "tests"
            self.find_tests(ref)

    def on_source_view_lens_chosen(self, event: SourceView.LensChosen) -> None:
        self.open_lens(event.lens, event.panel)

    def on_source_view_hover_rested(self, event: SourceView.HoverRested) -> None:
        if self.session is not None and self.session.is_loaded and not self.screen.is_modal:
            self.read_hover(event.view, event.path, event.row, event.column)

    @work(thread=True, exclusive=True, group="hover")
    def read_hover(self, view: SourceView, path: str, row: int, column: int) -> None:
        session = self.session
        if session is None:
            return
        try:
            info = session.run(queries.symbol_info, SymbolRef(file=path, line=row + 1, column=column + 1))
        except EngineError:
            return  # resting on a keyword or a blank: nothing to say
        self.call_from_thread(view.show_hover, path, row, column, "\n".join(info.brief()))
