"""Quick info (``K`` in the source view, as in Vim and Helix): the symbol under the cursor's signature,
summary, parameters and returns in a popup; ``f12`` and ``shift+f12`` act on that symbol from it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import SymbolInfo

from .edits import MODAL_CSS


class QuickInfoScreen(ModalScreen[str | None]):
    """Closes with ``definition``, ``references`` or None (escape)."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Close", id="quick_info_close"),
        Binding("f12", "dismiss('definition')", "Definition", id="quick_info_definition"),
        Binding("shift+f12", "dismiss('references')", "References", id="quick_info_references"),
    ]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="QuickInfoScreen")
        + """
    QuickInfoScreen > Vertical { width: auto; max-width: 90%; min-width: 40; }
    """
    )

    def __init__(self, info: SymbolInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        lines = self.info.brief()
        with Vertical():
            yield Label(lines[0], classes="title", markup=False)
            if len(lines) > 1:
                yield Static("\n".join(lines[1:]), markup=False, id="quick-info-text")
            yield Label("f12 definition   shift+f12 references   escape close", classes="hint")
