"""What the source view shows before any file is open, and again once the file shown is closed: the
solution (its projects, their targets, the load's time and problems), this solution's recent files
(enter opens one where it was left) and the ten keys a newcomer needs."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import LoadReport, ProjectStructure, headline, plural, relative_path, targets

from ..bindings import APP_BINDINGS, SOURCE_BINDINGS, key_text

FIRST_KEYS = (
    ("search_symbols", "search a symbol (camel humps: GBI finds GetById)"),
    ("go_to_file", "go to a file"),
    ("go_to_definition", "go to the definition of what the cursor is on"),
    ("find_references", "its references"),
    ("source_quick_info", "its signature and documentation"),
    ("back", "back to where you were"),
    ("code_actions", "fixes and refactorings here"),
    ("next_diagnostic", "the next error or warning"),
    ("command_palette", "every command, by name"),
    ("help", "every key"),
)
"""The bindings (by id) a newcomer needs first, in the order they are shown, with what each does."""


class Welcome(VerticalScroll):
    """The solution at a glance; ``RecentChosen`` when a recent file is chosen."""

    DEFAULT_CSS = """
    Welcome { padding: 1 2; }
    Welcome .heading { text-style: bold; margin-top: 1; }
    Welcome #welcome-recent { height: auto; max-height: 12; border: none; padding: 0; }
    Welcome #welcome-keys { color: $text-muted; }
    """

    class RecentChosen(Message):
        def __init__(self, path: str, line: int) -> None:
            super().__init__()
            self.path = path
            self.line = line

    def __init__(self, solution: Path, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.solution = solution
        self._recent: list[tuple[str, int]] = []

    def compose(self) -> ComposeResult:
        yield Static(f"{self.solution.name}  ·  loading…", id="welcome-solution", markup=False)
        yield Label("Recent files", classes="heading")
        yield OptionList(id="welcome-recent")
        yield Label("Keys", classes="heading")
        yield Static(_keys(), id="welcome-keys", markup=False)

    def show_solution(self, structure: ProjectStructure, report: LoadReport) -> None:
        lines = [
            f"{Path(structure.solution_path).name}  ·  {plural(len(structure.items), 'project')} loaded in "
            f"{report.seconds:.1f} s  ·  {headline(report.diagnostics)}"
            + ("  (Problems tab)" if report.diagnostics else "")
        ]
        width = max((len(p.name) for p in structure.items), default=0)
        lines.extend(
            f"  {p.name:<{width}}  {targets(p.target_framework, p.target_frameworks)}  {p.output_kind}"
            for p in structure.items
        )
        self.query_one("#welcome-solution", Static).update("\n".join(lines))

    def show_recent(self, recent: list[tuple[str, int]], root: Path) -> None:
        self._recent = [(path, line) for path, line in recent if Path(path).is_file()]
        shown = self.query_one("#welcome-recent", OptionList)
        shown.clear_options()
        if not self._recent:
            shown.add_option(Option("none yet: ctrl+o goes to a file, ctrl+t to a symbol", disabled=True))
            return
        shown.add_options(Option(f"{relative_path(path, str(root))}:{line}") for path, line in self._recent)
        shown.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path, line = self._recent[event.option_index]
        self.post_message(self.RecentChosen(path, line))


def _keys() -> str:
    keys = {b.id: key_text(b.key_display or b.key) for b in [*APP_BINDINGS, *SOURCE_BINDINGS]}
    keys["command_palette"] = "ctrl+p"  # Textual's own binding
    rows = [(keys[binding], words) for binding, words in FIRST_KEYS]
    width = max(len(key) for key, _ in rows)
    return "\n".join(f"{key:<{width}}  {what}" for key, what in rows)
