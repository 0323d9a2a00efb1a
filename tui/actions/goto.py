"""The app's keys for moving around the code as in any editor: go to a file by a fragment of its path
(ctrl+o, recent files first), go to a line (ctrl+g) and find in the file (ctrl+f, then f3 / shift+f3)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.widgets import Static
from textual.widgets.text_area import Selection

from engine import Location
from shared_engine.session import Session

from ..screens.goto import FindScreen, GoToFileScreen, GoToLineScreen
from ..widgets.solution_tree import SolutionTree
from ..widgets.source_view import SourceView
from .base import AppMixin


class GoToActions(AppMixin):
    """Mixed into ``RoslynTui``: ctrl+o, ctrl+g, ctrl+f, f3 and shift+f3."""

    session: Session | None
    recent_files: list[str]
    _find_text: str
    find_note: tuple[Selection, str] | None

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_go_to_file(self) -> None:
        structure = self.query_one(SolutionTree).structure
        if self.session is None or structure is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        files = sorted(
            {
                document
                for project in structure.items
                for document in project.documents
                if "obj" not in Path(document).relative_to(Path(project.path).parent).parts
                and Path(project.path).parent in Path(document).parents
            }
        )

        def chosen(path: str | None) -> None:
            if path is not None:
                self.open_location(Location(path, 1, 1, 1, 1))

        self.push_screen(GoToFileScreen(files, str(self.session.root), list(self.recent_files)), chosen)

    def action_go_to_line(self) -> None:
        source = self.query_one(SourceView)
        if source.path is None:
            self.notify("Open a file first (ctrl+o, the tree or ctrl+t).", severity="warning")
            return
        path = source.path

        def chosen(place: tuple[int, int] | None) -> None:
            if place is not None:
                self.open_location(Location(path, place[0], place[1], place[0], place[1]))

        self.push_screen(GoToLineScreen(source.document.line_count), chosen)

    def action_find_in_file(self) -> None:
        source = self.query_one(SourceView)
        if source.path is None:
            self.notify("Open a file first (ctrl+o, the tree or ctrl+t).", severity="warning")
            return

        def chosen(text: str | None) -> None:
            if text:
                self._find_text = text
                self._find(1, from_cursor=True)

        self.push_screen(FindScreen(source.selected_text or self._find_text), chosen)

    def action_find_next(self) -> None:
        self._find(1)

    def action_find_previous(self) -> None:
        self._find(-1)

    def _find(self, step: int, from_cursor: bool = False) -> None:
        """Select the next (or previous) match of the find text after (before) the cursor, wrapping."""
        source = self.query_one(SourceView)
        if not self._find_text or source.path is None:
            self.notify("Nothing to find: ctrl+f first.", timeout=3)
            return
        matches = find_all(source.text, self._find_text)
        if not matches:
            self.notify(f"'{self._find_text}' is not in this file.", severity="warning", timeout=4)
            return
        here = tuple(source.selection.start)
        if step > 0:
            # From the cursor the match under it counts; f3 moves past the one selected.
            later = [m for m in matches if (m[0], m[1]) > here or (from_cursor and (m[0], m[1]) == here)]
            chosen = later[0] if later else matches[0]
        else:
            earlier = [m for m in matches if (m[0], m[1]) < here]
            chosen = earlier[-1] if earlier else matches[-1]
        row, start, end = chosen
        source.selection = Selection((row, start), (row, end))
        source.scroll_cursor_visible(center=True)
        index = matches.index(chosen) + 1
        # The status line says it while the match stays selected (the member at the cursor follows it).
        self.find_note = (
            source.selection,
            f"'{self._find_text}': match {index} of {len(matches)}   f3 next, shift+f3 previous",
        )
        self.query_one("#status", Static).update(self.find_note[1])


def find_all(text: str, wanted: str) -> list[tuple[int, int, int]]:
    """Every (row, start column, end column) where ``wanted`` occurs, case-insensitively, in order."""
    lowered = wanted.lower()
    found = []
    for row, line in enumerate(text.splitlines()):
        start = line.lower().find(lowered)
        while start >= 0:
            found.append((row, start, start + len(wanted)))
            start = line.lower().find(lowered, start + 1)
    return found
