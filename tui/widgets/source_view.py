"""The read-only source view with C# highlighting (tree-sitter-c-sharp and the project's own query)."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import BindingType
from textual.events import Click, MouseEvent, MouseMove
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.timer import Timer
from textual.widgets import TextArea
from textual.widgets.text_area import Location

from engine import CodeLens, CodeLenses, CoverageReport, InlayHints, SemanticClasses

from ..bindings import SOURCE_BINDINGS
from .code_marks import Mark, column_at, draw_marks, lens_x, part_at, widest
from .razor_markup import markup_highlights, markup_styles

if TYPE_CHECKING:
    from tree_sitter import Language

HIGHLIGHTS = Path(__file__).parent.parent / "highlight" / "highlights.scm"
HOVER_SECONDS = 0.4
"""How long the mouse rests on a name before its quick info is asked for."""


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
# Dimmed beside the code, as Visual Studio and Rider draw hints (a faint chip) and lenses (grey text).
_MARKS = {
    True: {"mark.hint": Style(color="#A0A0A0", bgcolor="#2E3440", italic=True), "mark.lens": Style(color="#8C8C8C", italic=True)},
    False: {"mark.hint": Style(color="#707070", bgcolor="#E8E8EC", italic=True), "mark.lens": Style(color="#7A7A7A", italic=True)},
}  # fmt: skip


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

    class LinesShown(Message):
        """The lines on screen changed (another file, or a scroll): what code lenses and hints to ask for."""

        def __init__(self, view: SourceView, path: str, first: int, last: int) -> None:
            super().__init__()
            self.view = view
            self.path = path
            self.first = first
            self.last = last

        @property
        def control(self) -> SourceView:
            return self.view

    class LensChosen(Message):
        """A click on one part of a code lens (``panel``: references, implementations or tests)."""

        def __init__(self, lens: CodeLens, panel: str) -> None:
            super().__init__()
            self.lens = lens
            self.panel = panel

    class HoverRested(Message):
        """The mouse rested on a character of the code (0-based row and column): quick info shows it."""

        def __init__(self, view: SourceView, path: str, row: int, column: int) -> None:
            super().__init__()
            self.view = view
            self.path = path
            self.row = row
            self.column = column

        @property
        def control(self) -> SourceView:
            return self.view

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", read_only=True, show_line_numbers=True, soft_wrap=False, **kwargs)  # type: ignore[arg-type]
        self.path: str | None = None
        self._semantic: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        """Row -> (start byte, end byte, ``semantic.<kind>``): Roslyn's classes over the syntax colours."""
        self._markup: dict[int, list[tuple[int, int, str]]] = {}
        """Row -> (start byte, end byte, ``markup.<part>``): a Razor file's markup, under Roslyn's classes."""
        self.hints: dict[int, list[Mark]] = {}
        """Row -> the inlay hints drawn on it."""
        self.lenses: dict[int, CodeLens] = {}
        """Row -> the code lens of the declaration named on it."""
        self.coverage: dict[int, bool] = {}
        """Row -> whether the last run with coverage ran it (coverable rows only)."""
        self.coverage_percent: dict[str, str] = {}
        """Documentation ID -> the share of its lines run, shown in its lens."""
        self.profile_time: dict[str, str] = {}
        """Documentation ID -> its time in the last profile (of any file), shown in its lens."""
        self.show_hints = True
        self.show_lenses = True
        self.show_coverage = True
        self.generation = 0
        """Counts the texts shown: marks asked for an older one are not this text's."""
        self._hover: tuple[int, int] | None = None
        self._centre_when_sized = False
        self._hover_timer: Timer | None = None
        self.cursor_blink = False  # a steady cursor reads better in a viewer, and snapshots stay stable
        language = csharp_language()
        self._csharp: str | None = None
        if language is not None:
            self.register_language("csharp", language, HIGHLIGHTS.read_text(encoding="utf-8"))
            self.language = self._csharp = "csharp"

    def show(self, path: str, text: str, line: int, column: int, reload: bool = False) -> None:
        """Open ``path`` (if not already shown, or ``reload``) and put the cursor on a 1-based line and column."""
        if path != self.path or reload:
            # A Razor file is markup with C# inside: tree-sitter's C# grammar would misread it, so only
            # Roslyn's classes of its C# parts colour it.
            razor = path.lower().endswith((".razor", ".cshtml"))
            self.language = None if razor else self._csharp
            self._markup = markup_highlights(text) if razor else {}
            self._load(path, text)
        row = max(0, min(line - 1, self.document.line_count - 1))
        col = max(0, column - 1)
        self.move_cursor((row, col), center=True)
        if not self.size.width:
            # Just shown in the welcome's place, not laid out yet: centred on a size of nothing, the view
            # would stay scrolled sideways. It centres once it has its size.
            self.scroll_to(0, 0, animate=False, immediate=True)
            self._centre_when_sized = True
        self.call_after_refresh(self._lines_shown)

    def _on_resize(self) -> None:
        super()._on_resize()
        if self._centre_when_sized and self.size.width:
            self._centre_when_sized = False
            self.scroll_cursor_visible(center=True)
            self._lines_shown()

    def close(self) -> None:
        """Show nothing (the welcome takes the view's place)."""
        self._load(None, "")

    def _load(self, path: str | None, text: str) -> None:
        """A new text: what was drawn over the old one (Roslyn's colours, hints, lenses, quick info) goes;
        the syntax colours stay until the new classes come."""
        self._semantic.clear()
        self.hints, self.lenses = {}, {}
        self.coverage, self.coverage_percent = {}, {}
        self.generation += 1
        self.tooltip = None
        self.path = path
        self.load_text(text)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self.path is not None and int(old) != int(new):
            self._lines_shown()

    def _lines_shown(self) -> None:
        if self.path is not None:
            first = int(self.scroll_y) + 1
            self.post_message(self.LinesShown(self, self.path, first, first + max(self.size.height, 1) - 1))

    def show_hints_of(self, hints: InlayHints) -> None:
        """Draw ``hints`` (of lines of the file shown) beside the code."""
        if hints.path != self.path:
            return
        for row in range(hints.first_line - 1, hints.last_line):
            self.hints.pop(row, None)
        for hint in hints.items:
            self.hints.setdefault(hint.line - 1, []).append(Mark(hint.column - 1, hint.text))
        self._marks_changed()

    def show_lenses_of(self, lenses: CodeLenses) -> None:
        """Draw ``lenses`` (of lines of the file shown) after their declarations' lines."""
        if lenses.path != self.path:
            return
        for row in range(lenses.first_line - 1, lenses.last_line):
            self.lenses.pop(row, None)
        self.lenses.update({lens.line - 1: self._with_coverage(lens) for lens in lenses.items})
        self._marks_changed()

    def show_coverage_of(self, path: str, report: CoverageReport) -> None:
        """Mark the coverable lines of ``path`` in the gutter and put each member's share in its lens."""
        if path != self.path:
            return
        self.coverage, self.coverage_percent = report.marks(), report.percent_of()
        self.lenses = {row: self._with_coverage(lens) for row, lens in self.lenses.items()}
        self._marks_changed()

    def show_profile_times(self, times: dict[str, str]) -> None:
        """Put each member's time in the last profile in its lens (kept across files)."""
        self.profile_time = times
        self.lenses = {row: self._with_coverage(lens) for row, lens in self.lenses.items()}
        self._marks_changed()

    def _with_coverage(self, lens: CodeLens) -> CodeLens:
        share = self.coverage_percent.get(lens.documentation_id, "") if self.show_coverage else ""
        time = self.profile_time.get(lens.documentation_id, "")
        same = (lens.coverage, lens.time) == (share, time)
        return lens if same else dataclasses.replace(lens, coverage=share, time=time)

    def _marks_changed(self) -> None:
        self._line_cache.clear()
        self._refresh_size()
        self.refresh()

    def _refresh_size(self) -> None:
        super()._refresh_size()
        hints = getattr(self, "hints", None)  # TextArea sizes itself while it is constructed
        if hints and self.show_hints and not self.soft_wrap:
            # Hints lengthen their lines: the view scrolls far enough to show the ends.
            width, height = self.virtual_size
            self.virtual_size = Size(width + widest(hints), height)

    def _render_line(self, y: int) -> Strip:
        strip = super()._render_line(y)
        row = y + int(self.scroll_y)
        marks = self.hints.get(row, []) if self.show_hints else []
        lens = self.lenses.get(row) if self.show_lenses else None
        strip = self._coverage_mark(strip, row)
        if (not marks and lens is None) or row >= self.document.line_count or self._theme is None:
            return strip
        theme = self._theme
        base = theme.base_style or Style()
        if row == self.cursor_location[0] and self.highlight_cursor_line and theme.cursor_line_style:
            base = base + theme.cursor_line_style
        styles = theme.syntax_styles
        return draw_marks(
            strip,
            self.document.get_line(row),
            marks,
            lens.label() if lens is not None else "",
            gutter=self.gutter_width,
            scroll_x=int(self.scroll_x),
            tab_width=self.indent_width,
            hint_style=base + styles.get("mark.hint", Style(dim=True)),
            lens_style=base + styles.get("mark.lens", Style(dim=True)),
        )

    def _coverage_mark(self, strip: Strip, row: int) -> Strip:
        """The gutter's last cell as a bar: green where a test ran the line, red where none did."""
        ran = self.coverage.get(row) if self.show_coverage else None
        if ran is None or self.gutter_width < 2:
            return strip
        cell = self.gutter_width - 1
        style = Style(color="green" if ran else "red", bold=True)
        return Strip.join(
            [strip.crop(0, cell), Strip([Segment("▌", style)], 1), strip.crop(cell + 1, strip.cell_length)]
        )

    def get_target_document_location(self, event: MouseEvent) -> Location:
        row, column = super().get_target_document_location(event)
        marks = self.hints.get(row) if self.show_hints else None
        if not marks:
            return row, column
        x = event.x - self.gutter_width + int(self.scroll_x) - self.gutter.left
        return row, column_at(self.document.get_line(row), marks, x, self.indent_width)

    async def _on_click(self, event: Click) -> None:
        row = event.y + int(self.scroll_y) - self.gutter.top
        lens = self.lenses.get(row) if self.show_lenses else None
        if lens is None:
            return
        marks = self.hints.get(row, []) if self.show_hints else []
        start = lens_x(
            self.document.get_line(row),
            marks,
            gutter=self.gutter_width,
            scroll_x=int(self.scroll_x),
            tab_width=self.indent_width,
        )
        parts = lens.parts()
        chosen = part_at([words for _, words in parts], lens.SEPARATOR, event.x - self.gutter.left - start)
        if chosen is not None:
            self.post_message(self.LensChosen(lens, parts[chosen][0]))

    async def _on_mouse_move(self, event: MouseMove) -> None:
        await super()._on_mouse_move(event)
        if self.path is None or event.button:
            return
        row, column = self.get_target_document_location(event)
        if (row, column) == self._hover:
            return
        self._hover = (row, column)
        if self.tooltip is not None:
            self.tooltip = None
        if self._hover_timer is not None:
            self._hover_timer.stop()
        path = self.path
        self._hover_timer = self.set_timer(
            HOVER_SECONDS, lambda: self.post_message(self.HoverRested(self, path, row, column))
        )

    def show_hover(self, path: str, row: int, column: int, text: str) -> None:
        """Quick info for where the mouse rests, if it still rests there."""
        if (path, (row, column)) != (self.path, self._hover):
            return
        self.tooltip = text
        # Textual shows a tooltip after the mouse stops; this one came later, so it is shown now.
        shown = getattr(self.screen, "_handle_tooltip_timer", None)
        if shown is not None:
            shown(self)

    def lens_at_cursor(self) -> CodeLens | None:
        """The lens of the declaration on the cursor's line, when lenses are shown."""
        return self.lenses.get(self.cursor_location[0]) if self.show_lenses else None

    def toggle_marks(self, hints: bool | None = None, lenses: bool | None = None, coverage: bool | None = None) -> None:
        if hints is not None:
            self.show_hints = hints
        if lenses is not None:
            self.show_lenses = lenses
        if coverage is not None:
            self.show_coverage = coverage
            self.lenses = {row: self._with_coverage(lens) for row, lens in self.lenses.items()}
        self._marks_changed()

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
        styles = {**self._theme.syntax_styles, **markup_styles(dark), **semantic_styles(dark), **_MARKS[dark]}
        self._theme = dataclasses.replace(self._theme, syntax_styles=styles)

    def _app_theme_changed(self) -> None:
        super()._app_theme_changed()
        self.refresh()


__all__ = ["SourceView", "csharp_language", "semantic_styles"]
