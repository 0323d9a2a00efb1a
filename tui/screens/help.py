"""The help screen: every key, generated from the bindings (``tui.bindings.key_help``)."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..bindings import key_help

FOOTNOTE = (
    "Select any item in a panel (a reference, a hierarchy node, a diagnostic, a search hit) to open it in the "
    "source view. Type in the box above the solution tree to filter files. Escape closes this screen."
)


def help_text() -> str:
    """The help as plain text, one key per line."""
    rows = key_help()
    width = max(len(key) for key, _ in rows)
    lines = ["roslyn-tui keys", ""]
    lines += [f"{key:<{width}}  {what}" for key, what in rows]
    return "\n".join([*lines, "", FOOTNOTE])


def help_table() -> Table:
    table = Table(title="roslyn-tui keys", show_header=False, box=None, expand=True, padding=(0, 2, 0, 0))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for key, what in key_help():
        table.add_row(key, what)
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark", "dismiss", "Close", id="close_help")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 100; height: auto; max-height: 90%; border: round $primary; background: $surface; padding: 1 2; }
    HelpScreen #help-footnote { margin-top: 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_table(), id="help-text")
            yield Static(FOOTNOTE, markup=False, id="help-footnote")
