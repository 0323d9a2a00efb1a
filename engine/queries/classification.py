"""``semantic_classes``: Roslyn's classifier over a file, the names only (keywords, strings and comments
are the syntax highlighter's): types by kind, members, locals, parameters, and which are static."""

from __future__ import annotations

from typing import Any

from ..external.generated import text_document
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

    document = text_document(snapshot, file, operation)
    path = str(document.FilePath)
    if str(document.GetType().Name) == "AdditionalDocument":
        return SemanticClasses(path, tuple(_mapped_classes(document, path, operation)))
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
    return SemanticClasses(path, tuple(found))


def _mapped_classes(document: Any, path: str, operation: Operation) -> list[SemanticSpan]:
    """A file with no C# of its own (a ``.razor`` file): the classes of the C# a generator wrote from it,
    each at the place its ``#line`` directives map it to."""
    from Microsoft.CodeAnalysis.Classification import Classifier  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    found = []
    generated = operation.wait(document.Project.GetSourceGeneratedDocumentsAsync(operation.token).AsTask())
    for each in generated:
        tree = operation.wait(each.GetSyntaxTreeAsync(operation.token))
        if not any(str(m.MappedSpan.Path) == path for m in tree.GetLineMappings(operation.token) if not m.IsHidden):
            continue
        length = tree.GetText(operation.token).Length
        spans = operation.wait(Classifier.GetClassifiedSpansAsync(each, TextSpan(0, length), operation.token))
        for span in spans:
            kind = _KINDS.get(str(span.ClassificationType))
            if kind is None:
                continue
            mapped = tree.GetMappedLineSpan(span.TextSpan, operation.token)
            start, end = mapped.StartLinePosition, mapped.EndLinePosition
            # Only a name the Razor file holds as written: the generated calls around an expression
            # (__builder.AddContent) map onto the whole expression, which would colour it as a method.
            exact = end.Character - start.Character == span.TextSpan.Length
            if mapped.HasMappedPath and str(mapped.Path) == path and start.Line == end.Line and exact:
                found.append(SemanticSpan(start.Line + 1, start.Character + 1, end.Character + 1, kind))
    return sorted(set(found), key=lambda span: (span.line, span.column, span.end_column, span.kind))
