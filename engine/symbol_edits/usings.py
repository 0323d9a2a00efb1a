"""The usings new code needs: for each name it uses that does not resolve, the ``using`` Roslyn's own
add-import fix offers, when it offers exactly one (the namespace is then certain and already referenced)."""

from __future__ import annotations

import re
from typing import Any

from ..host.interop import Operation
from ..workspace.snapshot import Snapshot

_UNRESOLVED = {"CS0246", "CS0103", "CS1061", "CS0234", "CS1935"}
_USING = re.compile(r"^using [A-Za-z_][\w.]*;$")
_MOST = 10


def add_missing_usings(snapshot: Snapshot, operation: Operation, solution: Any, document_id: Any, marker: Any) -> Any:
    """``solution`` with the usings added that the code marked with the annotation ``marker`` needs."""
    from ..editing.actions import changed_solution, list_actions

    tried: set[str] = set()
    for _ in range(_MOST):
        document = solution.GetDocument(document_id)
        root = operation.wait(document.GetSyntaxRootAsync(operation.token))
        marked = list(root.GetAnnotatedNodes(marker))
        span = marked[0].Span if marked else root.FullSpan
        model = operation.wait(document.GetSemanticModelAsync(operation.token))
        missing = [
            d
            for d in model.GetDiagnostics(span, operation.token)
            if str(d.Id) in _UNRESOLVED and f"{d.Id}:{d.GetMessage(None)}" not in tried
        ]
        if not missing:
            return solution
        diagnostic = missing[0]
        tried.add(f"{diagnostic.Id}:{diagnostic.GetMessage(None)}")
        here = snapshot.with_solution(solution)
        offered = list_actions(here, operation, document, diagnostic.Location.SourceSpan, str(diagnostic.Id), False)
        usings = {each.item.title: each for each in offered if _USING.match(each.item.title)}
        if len(usings) == 1:
            solution = changed_solution(next(iter(usings.values())), operation)
    return solution
