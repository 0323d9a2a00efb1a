"""The choice of a code lens's panels (``L`` on a declaration's line, or enter after its end): references,
implementations, tests; enter opens the one chosen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine import CodeLens

from .edits import MODAL_CSS


class LensChoiceScreen(ModalScreen[str | None]):
    """Closes with the panel chosen (``references``, ``implementations``, ``tests``) or None (escape)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="close_lens_choice")]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="LensChoiceScreen")
        + """
    LensChoiceScreen > Vertical { width: auto; min-width: 40; }
    LensChoiceScreen OptionList { height: auto; }
    """
    )

    def __init__(self, lens: CodeLens) -> None:
        super().__init__()
        self.lens = lens

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.lens.name, classes="title", markup=False)
            yield OptionList(*[Option(words, id=panel) for panel, words in self.lens.parts()], id="lens-parts")
            yield Label("enter opens the panel   escape close", classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
