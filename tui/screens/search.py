"""Symbol search as you type (ctrl+t): camel humps, wildcards, substrings, ranked by the engine."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from engine import EngineError, SymbolSummary, find_symbols, symbol_line
from shared_engine.session import Session


class SymbolSearchScreen(ModalScreen[SymbolSummary | None]):
    # The arrows move through the results while the typing goes on in the input, as in every IDE's search.
    BINDINGS = [
        Binding("escape", "dismiss_search", "Close", id="close_search"),
        Binding("down", "move(1)", "Next", show=False, id="search_next"),
        Binding("up", "move(-1)", "Previous", show=False, id="search_previous"),
        Binding("pagedown", "move(10)", "Next page", show=False, id="search_next_page"),
        Binding("pageup", "move(-10)", "Previous page", show=False, id="search_previous_page"),
    ]
    DEFAULT_CSS = """
    SymbolSearchScreen { align: center top; }
    SymbolSearchScreen > Vertical { width: 90%; height: 70%; margin-top: 2; border: round $primary; background: $surface; }
    SymbolSearchScreen OptionList { height: 1fr; }
    """

    def __init__(self, session: Session, initial: str = "") -> None:
        super().__init__()
        self.session = session
        self.initial = initial
        self.hits: tuple[SymbolSummary, ...] = ()
        self.shown_for = ""
        """The search text whose hits are on screen."""
        self.submit_pending = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(
                value=self.initial,
                placeholder="A name, camel humps (GBI), a pattern (I*Repository) or Type.Member",
                id="search-input",
            )
            yield Label("Type to search", id="search-summary")
            yield OptionList(id="search-results")

    def on_mount(self) -> None:
        if self.initial:
            self.search(self.initial)

    @on(Input.Changed, "#search-input")
    def changed(self, event: Input.Changed) -> None:
        self.search(event.value)

    @on(Input.Submitted, "#search-input")
    def submitted(self) -> None:
        if self.shown_for != self.query_one(Input).value:
            # The hits on screen are for older text: open the first hit for the text typed, once it arrives.
            self.submit_pending = True
            return
        if self.hits:
            results = self.query_one(OptionList)
            index = results.highlighted or 0
            self.dismiss(self.hits[index])

    @on(OptionList.OptionSelected, "#search-results")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.hits[event.option_index])

    def action_dismiss_search(self) -> None:
        self.dismiss(None)

    def action_move(self, rows: int) -> None:
        results = self.query_one(OptionList)
        if results.option_count:
            current = results.highlighted or 0
            results.highlighted = max(0, min(results.option_count - 1, current + rows))

    @work(thread=True, exclusive=True, group="search")
    def search(self, text: str) -> None:
        if not text.strip():
            self.app.call_from_thread(self._show, text, None, "Type to search")
            return
        try:
            view = self.session.run(find_symbols, text, limit=100)
        except EngineError as error:
            self.app.call_from_thread(self._show, text, None, error.message)
            return
        self.app.call_from_thread(self._show, text, view, None)

    def _show(self, text: str, view: Any, message: str | None) -> None:
        # Thread workers are not interrupted when a newer keystroke cancels them: drop answers to older text.
        if not self.is_attached or text != self.query_one(Input).value:
            return
        self.shown_for = text
        results = self.query_one(OptionList)
        results.clear_options()
        if view is None:
            self.hits = ()
            self.query_one("#search-summary", Label).update(message or "")
            return
        self.hits = view.items
        self.query_one("#search-summary", Label).update(view.render().splitlines()[0])
        results.add_options([Option(symbol_line(item, view.root)) for item in view.items])
        if view.items:
            results.highlighted = 0
        if self.submit_pending:
            self.submit_pending = False
            if self.hits:
                self.dismiss(self.hits[0])
