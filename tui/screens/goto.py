"""Small prompts over the source view: go to a file by any fragment of its path (ctrl+o), go to a line
(ctrl+g) and find in the file (ctrl+f). Each answers with what the user chose; the app moves there."""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from ..fuzzy import ranked

PROMPT_CSS = """
{name} {{ align: center top; }}
{name} > Vertical {{ width: 80%; height: auto; max-height: 70%; margin-top: 2; border: round $primary;
    background: $surface; padding: 0 1; }}
{name} OptionList {{ height: auto; max-height: 24; }}
{name} .hint {{ color: $text-muted; }}
"""


class GoToFileScreen(ModalScreen[str | None]):
    """The solution's files by any fragment of their path, the recently opened first."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Close", id="close_go_to_file"),
        Binding("down", "move(1)", "Next", show=False, id="file_next"),
        Binding("up", "move(-1)", "Previous", show=False, id="file_previous"),
        Binding("pagedown", "move(10)", "Next page", show=False, id="file_next_page"),
        Binding("pageup", "move(-10)", "Previous page", show=False, id="file_previous_page"),
    ]
    DEFAULT_CSS = PROMPT_CSS.format(name="GoToFileScreen")

    def __init__(self, files: list[str], root: str, recent: list[str]) -> None:
        super().__init__()
        self.files = files
        self.root = root.rstrip("/") + "/"
        self.recent = recent
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(placeholder="Any part of a file's path: Cart, Core/Che, ltsts", id="file-input")
            yield Label("", id="file-summary", classes="hint")
            yield OptionList(id="file-results")

    def on_mount(self) -> None:
        self._show("")

    @on(Input.Changed, "#file-input")
    def changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    @on(Input.Submitted, "#file-input")
    def submitted(self) -> None:
        results = self.query_one("#file-results", OptionList)
        if self.shown:
            self.dismiss(self.shown[results.highlighted or 0])

    @on(OptionList.OptionSelected, "#file-results")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index])

    def action_move(self, rows: int) -> None:
        results = self.query_one("#file-results", OptionList)
        if results.option_count:
            current = results.highlighted or 0
            results.highlighted = max(0, min(results.option_count - 1, current + rows))

    def _show(self, text: str) -> None:
        relative = {path: path.removeprefix(self.root) for path in self.files}
        by_relative = {shown: path for path, shown in relative.items()}
        recent = [relative[p] for p in self.recent if p in relative]
        names = ranked(text, list(by_relative), recent)
        self.shown = [by_relative[name] for name in names]
        results = self.query_one("#file-results", OptionList)
        results.clear_options()
        results.add_options([Option(name) for name in names])
        if names:
            results.highlighted = 0
        count = len(names)
        what = "recent first" if not text.strip() else f"matching '{text.strip()}'"
        self.query_one("#file-summary", Label).update(
            f"{count} file{'s' if count != 1 else ''} {what}   enter: open   escape: close"
        )


class GoToLineScreen(ModalScreen[tuple[int, int] | None]):
    """A line, or ``line:column``, in the file shown."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="close_go_to_line")]
    DEFAULT_CSS = PROMPT_CSS.format(name="GoToLineScreen")

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(placeholder=f"line (1-{self.lines}) or line:column", id="line-input")
            yield Label("enter: go   escape: close", id="line-hint", classes="hint")

    @on(Input.Submitted, "#line-input")
    def submitted(self, event: Input.Submitted) -> None:
        match = re.fullmatch(r"\s*(\d+)\s*(?:[:,]\s*(\d+)\s*)?", event.value)
        if match is None or not 1 <= int(match[1]) <= self.lines:
            self.query_one("#line-hint", Label).update(f"Give a line from 1 to {self.lines}, or line:column.")
            return
        self.dismiss((int(match[1]), int(match[2] or 1)))


class FindScreen(ModalScreen[str | None]):
    """Text to find in the file shown; f3 and shift+f3 then go to the next and previous match."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="close_find")]
    DEFAULT_CSS = PROMPT_CSS.format(name="FindScreen")

    def __init__(self, initial: str = "") -> None:
        super().__init__()
        self.initial = initial

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(value=self.initial, placeholder="Text to find (case-insensitive)", id="find-input")
            yield Label("enter: find   f3 / shift+f3: next / previous match   escape: close", classes="hint")

    @on(Input.Submitted, "#find-input")
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value if event.value else None)


class AppPathScreen(ModalScreen[str | None]):
    """A file-based app's path the person names: where to write a REPL context as one, or which to run
    under the profiler (its arguments after the path)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="cancel_app_path")]
    DEFAULT_CSS = PROMPT_CSS.format(name="AppPathScreen")

    def __init__(self, initial: str, hint: str) -> None:
        super().__init__()
        self.initial = initial
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Input(value=self.initial, placeholder="path/to/app.cs", id="app-path")
            yield Label(f"{self.hint}   escape: cancel", classes="hint")

    @on(Input.Submitted, "#app-path")
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)
