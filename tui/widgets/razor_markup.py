"""Colours for the markup of a Razor file (``.razor``, ``.cshtml``): tags, attributes, their values,
comments and Razor's directives and transitions. Roslyn's classes of the C# inside are laid over
these (``SourceView.show_semantic``), as an editor shows a Razor file."""

from __future__ import annotations

import re
from collections import defaultdict

from rich.style import Style

_COMMENT = re.compile(r"@\*.*?\*@|<!--.*?-->", re.DOTALL)
_TAG = re.compile(r"(</?)([A-Za-z][\w.:-]*)([^<>]*?)(/?>)", re.DOTALL)
_ATTRIBUTE = re.compile(r"([@A-Za-z_:][\w:.@-]*)(?:\s*=\s*(\"[^\"]*\"|'[^']*'))?")
_DIRECTIVE = re.compile(
    r"^[ \t]*(@(?:page|code|inject|using|rendermode|layout|inherits|implements|attribute|model|namespace|"
    r"typeparam|functions|section|addTagHelper|preservewhitespace|key|ref|bind[\w:-]*|on\w+))\b",
    re.MULTILINE,
)
_TRANSITION = re.compile(r"@(?=[\w(])")

_DARK = {"tag": "#569CD6", "attribute": "#9CDCFE", "string": "#CE9178", "comment": "#6A9955", "directive": "#C586C0"}
_LIGHT = {"tag": "#800000", "attribute": "#E50000", "string": "#0000FF", "comment": "#008000", "directive": "#AF00DB"}


def markup_styles(dark: bool) -> dict[str, Style]:
    """The highlight names ``markup.<part>`` the source view adds to its theme."""
    return {f"markup.{part}": Style(color=colour) for part, colour in (_DARK if dark else _LIGHT).items()}


def markup_highlights(text: str) -> dict[int, list[tuple[int, int, str]]]:
    """Row -> (start byte, end byte, ``markup.<part>``) of the markup of a Razor file's ``text``."""
    spans: list[tuple[int, int, str]] = []  # character offsets into text
    comments = [(m.start(), m.end()) for m in _COMMENT.finditer(text)]
    spans += [(start, end, "markup.comment") for start, end in comments]

    code = [*comments, *_code_blocks(text)]  # C# only: Roslyn colours it, and `List<Order>` is no tag

    def commented(offset: int) -> bool:
        return any(start <= offset < end for start, end in comments)

    for tag in _TAG.finditer(text):
        if any(start <= tag.start() < end for start, end in code):
            continue
        spans.append((tag.start(2), tag.end(2), "markup.tag"))
        for attribute in _ATTRIBUTE.finditer(tag.group(3)):
            base = tag.start(3)
            spans.append((base + attribute.start(1), base + attribute.end(1), "markup.attribute"))
            if attribute.group(2):
                spans.append((base + attribute.start(2), base + attribute.end(2), "markup.string"))
    directives = [(m.start(1), m.end(1)) for m in _DIRECTIVE.finditer(text) if not commented(m.start(1))]
    spans += [(start, end, "markup.directive") for start, end in directives]
    spans += [
        (m.start(), m.end(), "markup.directive")
        for m in _TRANSITION.finditer(text)
        if not commented(m.start()) and not any(start <= m.start() < end for start, end in directives)
    ]
    return _by_row(text, spans)


def _code_blocks(text: str) -> list[tuple[int, int]]:
    """The bodies of ``@code { }`` and ``@functions { }``: C# members, no markup."""
    blocks = []
    for opened in re.finditer(r"@(?:code|functions)\s*\{", text):
        depth, index = 1, opened.end()
        while index < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
        blocks.append((opened.end(), index))
    return blocks


def _by_row(text: str, spans: list[tuple[int, int, str]]) -> dict[int, list[tuple[int, int, str]]]:
    """Character spans (which may cross lines) as byte spans per row, as the text area draws them."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    rows: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for start, end, name in sorted(spans):
        row = _row_of(starts, start)
        while start < end and row < len(starts):
            line_start = starts[row]
            line_end = starts[row + 1] - 1 if row + 1 < len(starts) else len(text)
            stop = min(end, line_end)
            line = text[line_start:line_end]
            first = len(line[: start - line_start].encode("utf-8"))
            last = len(line[: stop - line_start].encode("utf-8"))
            if last > first:
                rows[row].append((first, last, name))
            row += 1
            start = starts[row] if row < len(starts) else end
    return rows


def _row_of(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low
