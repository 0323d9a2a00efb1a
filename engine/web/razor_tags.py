"""Components used as tags in a Razor file, paired with the C# the generator made of them.

A tag's name has no ``#line`` in the generated code: Razor writes ``OpenComponent<Ns.TodoList>(n)`` for
each component tag, in the order of the tags. Read with Razor's own syntax (a tag opens with ``<Name``;
``@* *@`` is a comment), the n-th ``<TodoList`` of a file is the n-th ``OpenComponent<...TodoList>`` of
its generated document; HTML elements open no component and pair with nothing.
"""

from __future__ import annotations

import re
from typing import Any

_COMMENT = re.compile(r"@\*.*?\*@", re.DOTALL)
_TAG = re.compile(r"<([A-Za-z_][\w.]*)(?=[\s/>])")
_OPENED = re.compile(r"OpenComponent<global::([\w.]+)")


def tags(text: str) -> list[tuple[str, int, int, int]]:
    """``(name as written, offset of the name, line, column)`` of every opening tag of ``text``
    (1-based line and column), comments left out."""
    visible = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    found = []
    for match in _TAG.finditer(visible):
        start = match.start(1)
        line = visible.count("\n", 0, start) + 1
        column = start - (visible.rfind("\n", 0, start) + 1) + 1
        found.append((match.group(1), start, line, column))
    return found


def opened_components(generated: str) -> list[tuple[str, int]]:
    """``(full name, offset of its last name)`` of each ``OpenComponent<T>`` of generated code, in order."""
    return [(m.group(1), m.start(1) + m.group(1).rfind(".") + 1) for m in _OPENED.finditer(generated)]


def written_as(written: str, full_name: str) -> bool:
    """``<TodoList`` and ``<Web.Client.Shared.TodoList`` both name ``Web.Client.Shared.TodoList``."""
    return written == full_name or written == full_name.rsplit(".", 1)[-1]


def paired(text: str, generated: str) -> list[tuple[tuple[str, int, int, int], tuple[str, int]]]:
    """Each component tag of a Razor file with the ``OpenComponent`` made of it: per component, the
    n-th tag with the n-th call; none for a component whose counts differ (no pairing is guessed)."""
    calls: dict[str, list[tuple[str, int]]] = {}
    for call in opened_components(generated):
        calls.setdefault(call[0], []).append(call)
    pairs = []
    found = tags(text)
    for full_name, made in calls.items():
        written = [tag for tag in found if written_as(tag[0], full_name)]
        if len(written) == len(made):
            pairs += list(zip(written, made, strict=True))
    return pairs


def tag_at(text: str, generated: str, line: int, column: int) -> int | None:
    """The offset in the generated code of the component whose tag name is at ``line``/``column``."""
    for (written, _, tag_line, tag_column), (_, offset) in paired(text, generated):
        if tag_line == line and tag_column <= column <= tag_column + len(written):
            return offset
    return None


def document_text(document: Any, operation: Any) -> str:
    return str(operation.wait(document.GetTextAsync(operation.token)))
