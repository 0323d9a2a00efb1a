"""The colours of a Razor file's markup (``tui.widgets.razor_markup``), on the Web fixture's files: tags,
attributes and their values, directives, comments; none inside ``@code``, whose C# Roslyn colours."""

from __future__ import annotations

from tui.widgets.razor_markup import markup_highlights

from .test_web_razor import WEB


def _coloured(path) -> list[tuple[int, str, str]]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    return [
        (row + 1, lines[row].encode()[start:end].decode(), name)
        for row, spans in sorted(markup_highlights(text).items())
        for start, end, name in spans
    ]


def test_tags_attributes_values_and_directives():
    counter = _coloured(WEB / "Web.Client/Pages/Counter.razor")
    assert (1, "@page", "markup.directive") in counter
    assert (2, "@rendermode", "markup.directive") in counter
    assert (6, "button", "markup.tag") in counter
    assert (6, "@onclick", "markup.attribute") in counter
    assert (6, '"IncrementCount"', "markup.string") in counter
    assert (7, "TodoList", "markup.tag") in counter
    assert (7, "Heading", "markup.attribute") in counter


def test_comments_and_code_blocks():
    todo_list = _coloured(WEB / "Web.Client/Shared/TodoList.razor")
    assert todo_list[0][2] == "markup.comment" and todo_list[0][0] == 1
    code_starts = next(row for row, text, _ in todo_list if text == "@code")
    assert not [item for item in todo_list if item[0] > code_starts]  # C# members: Roslyn's to colour
