"""The editing screens: the code actions at the cursor, an edit's diff with Apply / Cancel, and the
rename prompt. Each is a modal that answers with what the user chose; the app does the work."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import CodeActionItem, CodeActionList, EditPreview, SymbolDiff

MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 90%; height: auto; max-height: 90%; border: round $primary; background: $surface;
    padding: 0 1; }}
{name} .title {{ text-style: bold; margin-bottom: 1; }}
{name} .hint {{ color: $text-muted; }}
"""


class CodeActionsScreen(ModalScreen[CodeActionItem | None]):
    """The actions offered at a place, fixes first; enter chooses one (its diff comes next)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="close_code_actions")]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="CodeActionsScreen")
        + """
    CodeActionsScreen OptionList { height: auto; max-height: 30; }
    """
    )

    def __init__(self, actions: CodeActionList) -> None:
        super().__init__()
        self.actions = actions

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.actions.render().splitlines()[0], classes="title", markup=False)
            yield OptionList(*[Option(self._label(item)) for item in self.actions.items], id="action-list")
            yield Label("enter: preview the change   escape: close", classes="hint")

    @staticmethod
    def _label(item: CodeActionItem) -> Text:
        label = Text()
        if item.kind == "fix":
            label.append(f"fix {item.diagnostic_id}  ", style="bold")
        else:
            label.append("refactor  ", style="dim")
        label.append(item.title)
        return label

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.actions.items[event.option_index])


def diff_text(preview: EditPreview | SymbolDiff) -> Text:
    """The preview's (or a symbol's diff's) text with the diff's lines coloured as a terminal diff is."""
    styles = {"+": "green", "-": "red", "@": "cyan"}
    text = Text()
    for number, line in enumerate(preview.render().splitlines()):
        if line.startswith("preview_token: "):
            continue  # for an assistant; a person applies with the button
        style = "bold" if number == 0 else ""
        if line.startswith(("problem:", "new error:")):
            style = "bold red"
        elif line.startswith(("+++", "---")):
            style = "bold"
        elif line[:1] in styles:
            style = styles[line[:1]]
        text.append(line + "\n", style=style)
    return text


class DiffScreen(ModalScreen[bool]):
    """An edit's unified diff; Apply writes it (only when it has no problem), Cancel leaves every file."""

    BINDINGS = [
        Binding("escape", "dismiss(False)", "Cancel", id="cancel_edit"),
        Binding("ctrl+s", "apply", "Apply", id="apply_edit"),
    ]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="DiffScreen")
        + """
    DiffScreen VerticalScroll { height: auto; max-height: 32; }
    DiffScreen Horizontal { height: auto; margin-top: 1; }
    DiffScreen Button { margin-right: 2; }
    """
    )

    def __init__(self, preview: EditPreview) -> None:
        super().__init__()
        self.preview = preview

    @property
    def can_apply(self) -> bool:
        return not self.preview.problems and bool(self.preview.files)

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(diff_text(self.preview), id="diff-text")
            with Horizontal():
                yield Button("Apply (ctrl+s)", id="apply", variant="primary", disabled=not self.can_apply)
                yield Button("Cancel (escape)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#apply" if self.can_apply else "#cancel", Button).focus()

    def action_apply(self) -> None:
        if self.can_apply:
            self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "apply":
            self.action_apply()
        else:
            self.dismiss(False)


class RenameScreen(ModalScreen[str | None]):
    """Asks for the new name of the symbol at the cursor; enter previews the rename."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="cancel_rename")]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="RenameScreen")
        + """
    RenameScreen > Vertical { width: 90; }
    """
    )

    def __init__(self, symbol: str, name: str) -> None:
        super().__init__()
        self.symbol = symbol
        self.old_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Rename {self.symbol}", id="rename-title", classes="title", markup=False)
            yield Input(self.old_name, id="new-name", select_on_focus=True)
            yield Label("enter: preview the rename (conflicts are shown before anything is written)", classes="hint")

    def name_symbol(self, shown: str) -> None:
        """Say exactly which symbol (which overload) is renamed, once the engine has resolved it."""
        self.symbol = shown
        self.query_one("#rename-title", Label).update(f"Rename {shown}")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        self.dismiss(name if name and name != self.old_name else None)


class PromptScreen(ModalScreen[str | None]):
    """Asks for one line (a refactoring's answer: a parameter list, an interface's name); enter previews."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel", id="cancel_prompt")]
    DEFAULT_CSS = (
        MODAL_CSS.format(name="PromptScreen")
        + """
    PromptScreen > Vertical { width: 100; }
    """
    )

    def __init__(self, title: str, value: str, hint: str) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title", markup=False)
            yield Input(self.value, id="prompt-value", select_on_focus=False)
            yield Label(self.hint, classes="hint", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


__all__ = ["CodeActionsScreen", "DiffScreen", "PromptScreen", "RenameScreen", "diff_text"]
