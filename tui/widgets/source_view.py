"""The read-only source view with C# highlighting (tree-sitter-c-sharp and the project's own query)."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from textual.binding import BindingType
from textual.widgets import TextArea

from engine import SemanticClasses

from ..bindings import SOURCE_BINDINGS
from .razor_markup import markup_highlights, markup_styles

if TYPE_CHECKING:
    from tree_sitter import Language

HIGHLIGHTS = Path(__file__).parent.parent / "highlight" / "highlights.scm"


def csharp_language() -> Language | None:
    try:
        import tree_sitter_c_sharp
        from tree_sitter import Language
    except ImportError:
        return None
    return Language(tree_sitter_c_sharp.language())


# Roslyn's classes as Rider and VS Code colour them (their dark and light defaults); static members in italics.
_DARK = {
    "class": "#4EC9B0", "struct": "#86C691", "interface": "#B8D7A3", "enum": "#B8D7A3", "delegate": "#4EC9B0",
    "type-parameter": "#B8D7A3", "method": "#DCDCAA", "extension-method": "#DCDCAA", "property": "#9CDCFE",
    "field": "#9CDCFE", "event": "#9CDCFE", "local": "#9CDCFE", "parameter": "#9CDCFE", "namespace": "#D4D4D4",
    "constant": "#4FC1FF", "enum-member": "#4FC1FF",
}  # fmt: skip
_LIGHT = {
    "class": "#267F99", "struct": "#267F99", "interface": "#267F99", "enum": "#267F99", "delegate": "#267F99",
    "type-parameter": "#267F99", "method": "#795E26", "extension-method": "#795E26", "property": "#001080",
    "field": "#001080", "event": "#001080", "local": "#001080", "parameter": "#001080", "namespace": "#000000",
    "constant": "#0070C1", "enum-member": "#0070C1",
}  # fmt: skip
_EMPHASIS = {"interface": Style(italic=True), "static": Style(italic=True)}


def semantic_styles(dark: bool) -> dict[str, Style]:
    """The highlight names ``semantic.<kind>`` the source view adds to its theme."""
    colours = _DARK if dark else _LIGHT
    styles = {f"semantic.{kind}": Style(color=colour) for kind, colour in colours.items()}
    for kind, extra in _EMPHASIS.items():
        styles[f"semantic.{kind}"] = styles.get(f"semantic.{kind}", Style()) + extra
    return styles


class SourceView(TextArea):
    """Shows one file; ``path`` is the file shown (``None`` before any)."""

    BINDINGS: ClassVar[list[BindingType]] = [*SOURCE_BINDINGS]

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", read_only=True, show_line_numbers=True, soft_wrap=False, **kwargs)  # type: ignore[arg-type]
        self.path: str | None = None
        self._semantic: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        """Row -> (start byte, end byte, ``semantic.<kind>``): Roslyn's classes over the syntax colours."""
        self._markup: dict[int, list[tuple[int, int, str]]] = {}
        """Row -> (start byte, end byte, ``markup.<part>``): a Razor file's markup, under Roslyn's classes."""
        self.cursor_blink = False  # a steady cursor reads better in a viewer, and snapshots stay stable
        language = csharp_language()
        self._csharp: str | None = None
        if language is not None:
            self.register_language("csharp", language, HIGHLIGHTS.read_text(encoding="utf-8"))
            self.language = self._csharp = "csharp"

    def show(self, path: str, text: str, line: int, column: int, reload: bool = False) -> None:
        """Open ``path`` (if not already shown, or ``reload``) and put the cursor on a 1-based line and column."""
        if path != self.path or reload:
            self._semantic.clear()  # the old file's, or the old text's: the syntax colours until the new come
            # A Razor file is markup with C# inside: tree-sitter's C# grammar would misread it, so only
            # Roslyn's classes of its C# parts colour it.
            razor = path.lower().endswith((".razor", ".cshtml"))
            self.language = None if razor else self._csharp
            self._markup = markup_highlights(text) if razor else {}
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

    def show_semantic(self, classes: SemanticClasses) -> None:
        """Colour the names by what they are (types, members, locals, parameters, static), once Roslyn
        has classified the file shown; tree-sitter's colours stay for the rest."""
        if classes.path != self.path:
            return
        self._semantic.clear()
        lines = self.document.lines
        for span in classes.items:
            row = span.line - 1
            if not 0 <= row < len(lines):
                continue
            text = lines[row]
            start = len(text[: span.column - 1].encode("utf-8"))
            end = len(text[: span.end_column - 1].encode("utf-8"))
            self._semantic[row].append((start, end, f"semantic.{span.kind}"))
        self._build_highlight_map()
        self.refresh()

    def _build_highlight_map(self) -> None:
        super()._build_highlight_map()
        # TextArea builds its map while it is constructed, before this view has its own state.
        for row, spans in getattr(self, "_markup", {}).items():
            self._highlights[row].extend(spans)
        for row, spans in getattr(self, "_semantic", {}).items():
            self._highlights[row].extend(spans)  # after the markup's: the C# inside is drawn over it

    def _set_theme(self, theme: str) -> None:
        super()._set_theme(theme)
        # A copy: the builtin theme's own table stays as Textual made it.
        dark = self.app.current_theme.dark if self.is_attached else True
        styles = {**self._theme.syntax_styles, **markup_styles(dark), **semantic_styles(dark)}
        self._theme = dataclasses.replace(self._theme, syntax_styles=styles)

    def _app_theme_changed(self) -> None:
        super()._app_theme_changed()
        self.refresh()


__all__ = ["SourceView", "csharp_language", "semantic_styles"]
