"""``inlay_hints``: Roslyn's inline hints over lines of a file, as Visual Studio shows them by default:
parameter names at literal arguments, the types of ``var``, lambda parameters and target-typed ``new()``. Roslyn's service is internal; the C# helper ``InlayHints`` reaches it."""

from __future__ import annotations

from ..external.generated import any_document
from ..host.interop import Operation
from ..native import helpers
from ..views.code_view import InlayHint, InlayHints
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .lines import line_range


@query()
def inlay_hints(snapshot: Snapshot, operation: Operation, file: str, first_line: int, last_line: int) -> InlayHints:
    """The hints on ``first_line``..``last_line`` (1-based, inclusive) of a C# file, in order."""
    document = any_document(snapshot, file, operation)
    path = str(document.FilePath)
    text = operation.wait(document.GetTextAsync(operation.token))
    first, last = line_range(text.Lines.Count, first_line, last_line, snapshot.relative(path))
    native = helpers()
    start = text.Lines[first - 1].Start
    end = text.Lines[last - 1].EndIncludingLineBreak
    rows = operation.wait(native.InlayHints.InSpanAsync(document, start, end - start, operation.token))
    items = []
    for row in rows:
        position, kind, words = str(row).split("\t", 2)
        where = text.Lines.GetLinePosition(int(position))
        items.append(InlayHint(where.Line + 1, where.Character + 1, kind, words))
    return InlayHints(path, first, last, tuple(items))
