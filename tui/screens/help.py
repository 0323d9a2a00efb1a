"""The help screen: every key, generated from the bindings' descriptions."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..bindings import KEY_HELP


def help_text() -> str:
    width = max(len(key) for key, _ in KEY_HELP)
    lines = ["roslyn-tui keys", ""]
    lines += [f"{key:<{width}}  {what}" for key, what in KEY_HELP]
    lines += [
        "",
        "Select any item in a panel (a reference, a hierarchy node, a diagnostic) to open it in the source view.",
        "Type in the box above the solution tree to filter files. Press escape to close this screen.",
    ]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark", "dismiss", "Close", id="close_help")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 100; height: auto; max-height: 90%; border: round $primary; background: $surface; padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_text(), markup=False, id="help-text")
