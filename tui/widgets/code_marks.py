"""What the source view draws over a line of code without changing it: inlay hints inserted before the
character they belong to, and a code lens after the line's end (Rider's code vision placed "right").
The document is untouched, so the cursor's line and column, a selection and a copy are the code's own;
only the drawing and the mapping of a click back to a column know of the marks."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual._cells import cell_len, cell_width_to_column_index
from textual.expand_tabs import expand_tabs_inline
from textual.strip import Strip

LENS_GAP = 3
"""Cells between a line's last character and its lens."""


@dataclass(frozen=True)
class Mark:
    """A hint drawn before ``column`` (0-based) of its line."""

    column: int
    text: str


def cells_before(line: str, column: int, tab_width: int) -> int:
    """The cells ``line[:column]`` takes on screen, tabs expanded."""
    return cell_len(expand_tabs_inline(line[:column], tab_width))


def draw_marks(
    strip: Strip,
    line: str,
    marks: list[Mark],
    lens: str,
    *,
    gutter: int,
    scroll_x: int,
    tab_width: int,
    hint_style: Style,
    lens_style: Style,
) -> Strip:
    """``strip`` (a rendered line: the gutter, then the code from ``scroll_x``) with ``marks`` inserted and
    ``lens`` drawn after the code, cut to the strip's width."""
    width = strip.cell_length
    shift = 0
    for mark in sorted(marks, key=lambda m: m.column):
        x = gutter + cells_before(line, mark.column, tab_width) + shift - scroll_x
        shift += cell_len(mark.text)
        if x < gutter:
            continue  # scrolled out of view to the left
        left, right = strip.crop(0, x), strip.crop(x, strip.cell_length)
        strip = Strip.join([left, Strip([Segment(mark.text, hint_style)], cell_len(mark.text)), right])
    if lens:
        x = lens_x(line, marks, gutter=gutter, scroll_x=scroll_x, tab_width=tab_width)
        if x < width:
            drawn = Strip([Segment(lens, lens_style)], cell_len(lens))
            strip = Strip.join([strip.crop(0, x), drawn, strip.crop(x + drawn.cell_length, strip.cell_length)])
    return strip.crop(0, width).extend_cell_length(width)


def lens_x(line: str, marks: list[Mark], *, gutter: int, scroll_x: int, tab_width: int) -> int:
    """Where a line's lens starts on screen: after the code and its hints."""
    shift = sum(cell_len(m.text) for m in marks)
    return max(gutter, gutter + cells_before(line, len(line), tab_width) + shift - scroll_x + LENS_GAP)


def part_at(parts: list[str], separator: str, x: int) -> int | None:
    """Which of ``parts`` (drawn joined by ``separator``) is ``x`` cells into the drawing, if any."""
    start = 0
    for index, part in enumerate(parts):
        if start <= x < start + cell_len(part):
            return index
        start += cell_len(part) + cell_len(separator)
    return None


def column_at(line: str, marks: list[Mark], x: int, tab_width: int) -> int:
    """The document column of a click ``x`` cells into the drawn line (hints included, scrolling not):
    a click on a hint is a click on the character it stands before."""
    shift = 0
    for mark in sorted(marks, key=lambda m: m.column):
        start = cells_before(line, mark.column, tab_width) + shift
        if x < start:
            break
        if x < start + cell_len(mark.text):
            return mark.column
        shift += cell_len(mark.text)
    return cell_width_to_column_index(line, x - shift, tab_width)


def widest(marks: dict[int, list[Mark]]) -> int:
    """The most cells any line's hints add: what the view's scrollable width must grow by."""
    return max((sum(cell_len(m.text) for m in row) for row in marks.values()), default=0)
