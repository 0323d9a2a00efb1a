"""The Stack trace screen: paste a .NET stack trace (an exception, a log, a failed test) and every frame
becomes a line that opens its source place."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, TextArea
from textual.widgets.option_list import Option

from engine import EngineError, Location, StackTrace, testing
from shared_engine.session import Session

from ..widgets.footer import FittingFooter


class StackTraceScreen(Screen[Location | None]):
    """Pasted text above, its frames below; enter on a frame opens it in the source view."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Back", id="stack_back", tooltip="back to the solution"),
        Binding("f5", "resolve", "Resolve", id="stack_resolve", tooltip="read the pasted text's frames again"),
    ]
    DEFAULT_CSS = """
    StackTraceScreen #trace { height: 40%; border: round $panel; }
    StackTraceScreen #frames { height: 1fr; border: round $panel; text-wrap: nowrap; text-overflow: ellipsis; }
    StackTraceScreen .hint { color: $text-muted; padding: 0 1; }
    """

    def __init__(self, session: Session, text: str = "") -> None:
        super().__init__()
        self.session = session
        self.initial = text
        self.view: StackTrace | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                "Paste a stack trace (ctrl+v or your terminal's paste); its frames appear below.", classes="hint"
            )
            yield TextArea(self.initial, id="trace", soft_wrap=False)
            yield OptionList(id="frames")
            yield Label("enter on a frame: open it   f5: read again   escape: back", classes="hint")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#frames", OptionList).border_title = "Frames"
        self.query_one("#trace", TextArea).focus()
        if self.initial:
            self.action_resolve()

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.action_resolve()

    def action_resolve(self) -> None:
        self.resolve(self.query_one("#trace", TextArea).text)

    @work(thread=True, exclusive=True, group="stack")
    def resolve(self, text: str) -> None:
        if not text.strip() or self.session is None:
            return
        try:
            view = self.session.run(testing.resolve_stack_trace, text)
        except EngineError as error:
            self.app.call_from_thread(self._problem, error.message)
            return
        self.app.call_from_thread(self._show, view)

    def _problem(self, message: str) -> None:
        frames = self.query_one("#frames", OptionList)
        frames.clear_options()
        frames.border_title = message

    def _show(self, view: StackTrace) -> None:
        self.view = view
        lines = view.render().splitlines()
        frames = self.query_one("#frames", OptionList)
        frames.border_title = lines[0]
        frames.clear_options()
        frames.add_options([Option(line) for line in lines[1:]])
        first = next((i for i, item in enumerate(view.items) if not item.external and item.location), None)
        if first is not None:
            frames.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.view is not None and 0 <= event.option_index < len(self.view.items):
            location = self.view.items[event.option_index].location
            if location is not None:
                self.dismiss(location)
