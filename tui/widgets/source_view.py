"""The read-only source view with C# highlighting (tree-sitter-c-sharp and the project's own query)."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import TextArea

from ..bindings import SOURCE_BINDINGS

HIGHLIGHTS = Path(__file__).parent.parent / "highlight" / "highlights.scm"


def csharp_language() -> object | None:
    try:
        import tree_sitter_c_sharp
        from tree_sitter import Language
    except ImportError:
        return None
    return Language(tree_sitter_c_sharp.language())


class SourceView(TextArea):
    """Shows one file; ``path`` is the file shown (``None`` before any)."""

    BINDINGS = SOURCE_BINDINGS

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", read_only=True, show_line_numbers=True, soft_wrap=False, **kwargs)  # type: ignore[arg-type]
        self.path: str | None = None
        self.cursor_blink = False  # a steady cursor reads better in a viewer, and snapshots stay stable
        language = csharp_language()
        if language is not None:
            self.register_language("csharp", language, HIGHLIGHTS.read_text(encoding="utf-8"))
            self.language = "csharp"

    def show(self, path: str, text: str, line: int, column: int, reload: bool = False) -> None:
        """Open ``path`` (if not already shown, or ``reload``) and put the cursor on a 1-based line and column."""
        if path != self.path or reload:
            self.load_text(text)
            self.path = path
        row = max(0, min(line - 1, self.document.line_count - 1))
        col = max(0, column - 1)
        self.move_cursor((row, col), center=True)

    def word_at_cursor(self) -> str:
        """The identifier the cursor is on (or just after), ``""`` when there is none."""
        row, col = self.cursor_location
        line = self.document.get_line(row)
        for match in re.finditer(r"@?[A-Za-z_][A-Za-z0-9_]*", line):
            if match.start() <= col <= match.end():
                return match.group().lstrip("@")
        return ""

    @property
    def selected_span(self) -> tuple[int, int, int, int] | None:
        """The selection as 1-based (line, column, end line, end column), or ``None`` when nothing is selected."""
        start, end = sorted(self.selection)
        if start == end:
            return None
        return start[0] + 1, start[1] + 1, end[0] + 1, end[1] + 1

    @property
    def position(self) -> tuple[int, int]:
        """The cursor as a 1-based (line, column)."""
        row, col = self.cursor_location
        return row + 1, col + 1
