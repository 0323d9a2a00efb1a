"""``semantic_classes``: Roslyn's classifier over a file, the names only (keywords, strings and comments
are the syntax highlighter's): types by kind, members, locals, parameters, and which are static."""

from __future__ import annotations

from ..external.generated import any_document
from ..host.interop import Operation
from ..views.classification import SemanticClasses, SemanticSpan
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

_KINDS = {
    "class name": "class",
    "record class name": "class",
    "interface name": "interface",
    "struct name": "struct",
    "record struct name": "struct",
    "enum name": "enum",
    "delegate name": "delegate",
    "type parameter name": "type-parameter",
    "method name": "method",
    "extension method name": "extension-method",
    "property name": "property",
    "field name": "field",
    "event name": "event",
    "local name": "local",
    "parameter name": "parameter",
    "namespace name": "namespace",
    "constant name": "constant",
    "enum member name": "enum-member",
    "static symbol": "static",
}


@query()
def semantic_classes(snapshot: Snapshot, operation: Operation, file: str) -> SemanticClasses:
    """Every classified name of ``file``, in order."""
    from Microsoft.CodeAnalysis.Classification import Classifier  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    document = any_document(snapshot, file, operation)
    text = operation.wait(document.GetTextAsync(operation.token))
    spans = operation.wait(Classifier.GetClassifiedSpansAsync(document, TextSpan(0, text.Length), operation.token))
    found = []
    for span in spans:
        kind = _KINDS.get(str(span.ClassificationType))
        if kind is None:
            continue
        where = text.Lines.GetLinePositionSpan(span.TextSpan)
        if where.Start.Line != where.End.Line:
            continue
        found.append(SemanticSpan(where.Start.Line + 1, where.Start.Character + 1, where.End.Character + 1, kind))
    return SemanticClasses(str(document.FilePath), tuple(found))
