"""Razor files (``.razor`` components, ``.cshtml`` pages and views) answered where people edit them.

The Razor source generator turns each file into C# whose ``#line`` directives say which span of the
Razor file each part came from. Every answer already shows locations in that C# at the Razor file
(``symbols.describe.answered_span``, ``Symbols.Answered`` in C#). This module takes the other
direction for the tools that take a position: a line and column of a Razor file to the same place in
its generated C#, through the same line table (``SyntaxTree.GetLineMappings``), checked by mapping the
place back. A position in plain markup (HTML, a tag's name) has no C# and says so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FileNotInSolution, PositionOutOfRange, SymbolNotFound
from ..host.interop import Operation
from ..workspace.hooks import GeneratedPosition, positions_in
from ..workspace.snapshot import Snapshot
from .razor_tags import document_text, tag_at

RAZOR_SUFFIXES = (".razor", ".cshtml")
_MEMO = "razor_line_tables"


@dataclass(frozen=True)
class _Mapped:
    """One span of a Razor file and the C# generated from it."""

    document: Any
    tree: Any
    generated: Any
    """The span in the generated text (``LinePositionSpan``, 0-based)."""
    razor: Any
    """The span in the Razor file (``LinePositionSpan``, 0-based)."""


def is_razor(path: str | Path) -> bool:
    return str(path).lower().endswith(RAZOR_SUFFIXES)


@positions_in
def razor_position(
    snapshot: Snapshot, operation: Operation, file: str, line: int, column: int
) -> GeneratedPosition | None:
    """The place in generated C# of a 1-based position of a Razor file; ``None`` for any other file."""
    if not is_razor(file):
        return None
    path = snapshot.absolute(file)
    shown = snapshot.relative(str(path))
    spans = line_tables(snapshot, operation).get(os.path.normcase(str(path)))
    if spans is None:
        reason = "does not exist" if not path.is_file() else "is in no loaded project's generated code"
        raise FileNotInSolution(f"{shown} {reason}.", "Give a .razor or .cshtml file of a project the solution loads.")
    _check_inside(path, shown, line, column)
    wanted = (line - 1, column - 1)
    for span in spans:
        start, end = span.razor.Start, span.razor.End
        if (start.Line, start.Character) <= wanted <= (end.Line, end.Character):
            offset = _generated_offset(span, wanted, operation)
            if offset is not None:
                return GeneratedPosition(span.document, offset)
    tag = _component_tag(path, spans, line, column, operation)
    if tag is not None:
        return tag
    raise SymbolNotFound(
        f"{shown}:{line}:{column} is markup, not C#: nothing there is compiled.",
        "Put the position on C# in the file: an @expression, an @code member, a directive's type, or a "
        "component attribute's value.",
    )


def _component_tag(
    path: Path, spans: list[_Mapped], line: int, column: int, operation: Operation
) -> GeneratedPosition | None:
    """A component's tag name (``<TodoList``) is the ``OpenComponent<TodoList>`` the generator made of it."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    for document in {id(span.document): span.document for span in spans}.values():
        offset = tag_at(text, document_text(document, operation), line, column)
        if offset is not None:
            return GeneratedPosition(document, offset)
    return None


def _generated_offset(span: _Mapped, wanted: tuple[int, int], operation: Operation) -> int | None:
    """The offset in the generated text that maps back to ``wanted`` (0-based line, character): on the
    generated line as many lines down the span as ``wanted`` is, the character the compiler maps there."""
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    text = span.tree.GetText(operation.token)
    line = span.generated.Start.Line + (wanted[0] - span.razor.Start.Line)
    if not 0 <= line < text.Lines.Count:
        return None
    text_line = text.Lines[line]
    for offset in range(int(text_line.Start), int(text_line.End) + 1):
        mapped = span.tree.GetMappedLineSpan(TextSpan(offset, 0), operation.token).StartLinePosition
        if (mapped.Line, mapped.Character) == wanted:
            return offset
    return None


def _check_inside(path: Path, shown: str, line: int, column: int) -> None:
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError as error:
        raise FileNotInSolution(f"{shown} cannot be read ({error.strerror}).", "Check the file.") from error
    if not 1 <= line <= len(lines):
        raise PositionOutOfRange(f"Line {line} is outside {shown}, which has {len(lines)} lines.", "Lines are 1-based.")
    width = len(lines[line - 1])
    if not 1 <= column <= width + 1:
        raise PositionOutOfRange(
            f"Column {column} is outside line {line} of {shown}, which has {width} characters.", "Columns are 1-based."
        )


def line_tables(snapshot: Snapshot, operation: Operation) -> dict[str, list[_Mapped]]:
    """Per Razor file (normalized path), every span of it the generated C# of the navigated projects maps."""
    return snapshot.memo(_MEMO, lambda: _read_tables(snapshot, operation))


def _read_tables(snapshot: Snapshot, operation: Operation) -> dict[str, list[_Mapped]]:
    tables: dict[str, list[_Mapped]] = {}
    for project in snapshot.projects:
        documents = operation.wait(project.GetSourceGeneratedDocumentsAsync(operation.token).AsTask())
        for document in documents:
            if not str(document.HintName).endswith(("_razor.g.cs", "_cshtml.g.cs")):
                continue
            tree = operation.wait(document.GetSyntaxTreeAsync(operation.token))
            for mapping in tree.GetLineMappings(operation.token):
                mapped = mapping.MappedSpan
                if mapping.IsHidden or not mapped.HasMappedPath or not is_razor(str(mapped.Path)):
                    continue
                key = os.path.normcase(str(mapped.Path))
                tables.setdefault(key, []).append(_Mapped(document, tree, mapping.Span, mapped.Span))
    return tables
