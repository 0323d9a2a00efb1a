"""The command palette's commands: every action by its title, with its key as the user's keymap binds
it, and the commands that depend on the solution (widen a focus, trust it) and the themes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

from shared_engine.session import Session
from themes import THEMES

from ..bindings import APP_BINDINGS, key_text
from .base import AppMixin

_UNBOUND_HELP = {
    "Undo the last applied edit": "Put back the files the last applied edit changed (any editing tool)",
    "Run tests with coverage": "Run the listed tests (else those reaching the cursor, else all) collecting coverage",
    "Coverage: the least covered members": "The last run with coverage by member, least covered first",
    "Toggle coverage marks": "Covered and uncovered lines in the gutter, each member's share in its lens",
    "Profile tests: a flame graph": "Run the listed tests (else those reaching the cursor) under the CPU profiler",
    "Profile this app: a flame graph and its allocations": "Run the open file-based app confined under the profiler",
    "Project: packages, references, frameworks, properties": "The Project view of the open file's project (p in the tree)",
}
"""What the palette says of a command without a key, when not the default (an edit of the open file)."""


class CommandActions(AppMixin):
    """Mixed into ``RoslynTui``: ``get_system_commands``, what ctrl+p lists."""

    session: Session | None

    if TYPE_CHECKING:

        def action_widen_focus(self) -> None: ...

        def action_trust_solution(self) -> None: ...

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for title, action in (
            ("Search symbols", "search_symbols"),
            ("Go to definition", "go_to_definition"),
            ("Find references", "find_references"),
            ("Find implementations", "find_implementations"),
            ("Type hierarchy", "type_hierarchy"),
            ("Call hierarchy", "call_hierarchy"),
            ("Code actions", "code_actions"),
            ("Rename symbol", "rename"),
            ("Organize usings", "organize_usings"),
            ("Format document", "format_document"),
            ("Undo the last applied edit", "undo_edit"),
            ("Next diagnostic", "next_diagnostic"),
            ("Tests reaching the symbol", "find_tests"),
            ("Run tests", "run_tests"),
            ("Run tests with coverage", "run_tests_with_coverage"),
            ("Coverage: the least covered members", "coverage"),
            ("Toggle coverage marks", "toggle_coverage_marks"),
            ("Profile tests: a flame graph", "profile"),
            ("Profile this app: a flame graph and its allocations", "profile_app"),
            ("Project: packages, references, frameworks, properties", "project_view"),
            ("Build the solution", "build"),
            ("Stack trace", "stack_trace"),
            ("Code health: unused, complexity, dependencies", "health"),
            ("App: routes, services, data model", "app_map"),
            ("Changes since HEAD: by symbol, breaks first", "changes"),
            ("C# REPL", "repl"),
            ("Go to file", "go_to_file"),
            ("Go to line", "go_to_line"),
            ("Find in file", "find_in_file"),
            ("Maximise the source or the panels (again: back)", "toggle_maximize"),
            ("Toggle code lenses", "toggle_code_lens"),
            ("Toggle inlay hints", "toggle_inlay_hints"),
            ("Back", "history_back"),
            ("Forward", "history_forward"),
            ("Help: every key", "help"),
        ):
            key = self._key_of(action)
            unbound = _UNBOUND_HELP.get(title, f"{title} (in the open file, with a diff first)")
            yield SystemCommand(title, f"{title} ({key})" if key else unbound, getattr(self, f"action_{action}"))

        if self.session is not None and self.session.target.left_out:
            yield SystemCommand(
                "Widen to the whole solution",
                f"Load the {self.session.target.left_out} projects outside the focus too (w in the tree)",
                self.action_widen_focus,
            )
        if self.session is not None and self.session.restricted:
            yield SystemCommand(
                "Trust this solution",
                "Load it fully: runs its MSBuild targets, analyzers and source generators (remembered)",
                self.action_trust_solution,
            )
        for each in THEMES:
            yield SystemCommand(
                f"Theme: {each.name}",
                f"Switch to the {each.name} theme (remembered)",
                lambda name=each.name: setattr(self, "theme", name),
            )

    def _key_of(self, action: str) -> str:
        """The keys of ``action`` as the user's keymap binds them (``App.set_keymap`` remaps by binding id)."""
        binding = next((b for b in APP_BINDINGS if b.action == action), None)
        if binding is None:
            return ""
        remapped = self._keymap.get(binding.id or "")  # Textual keeps the keymap it applies here
        if remapped:
            return key_text(remapped)
        return binding.key_display or key_text(binding.key)
