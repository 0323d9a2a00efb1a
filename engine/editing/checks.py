"""Does an edit compile? The errors it would add, found before anything is written."""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation
from ..symbols.describe import location_of
from ..workspace.snapshot import Snapshot


def new_errors(snapshot: Snapshot, solution: Any, operation: Operation) -> list[str]:
    """Compiler errors in the changed and added documents that were not there before the edit.

    Only those documents are bound again (not whole projects), so the check stays fast on a large
    solution; an error the edit causes in an untouched file is left to ``diagnostics``.
    """
    before_solution = snapshot.solution
    found: list[str] = []
    for project_changes in solution.GetChanges(before_solution).GetProjectChanges():
        for document_id in project_changes.GetChangedDocuments(True):
            before = _errors(snapshot, before_solution.GetDocument(document_id), operation)
            after = _errors(snapshot, solution.GetDocument(document_id), operation)
            found.extend(text for key, text in after.items() if key not in before)
        for document_id in project_changes.GetAddedDocuments():
            found.extend(_errors(snapshot, solution.GetDocument(document_id), operation).values())
    return list(dict.fromkeys(found))


def _errors(snapshot: Snapshot, document: Any, operation: Operation) -> dict[tuple[str, str], str]:
    """(id, message) -> ``path:line:col: ID message`` for the document's errors (positions move; messages don't)."""
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    found = {}
    for diagnostic in model.GetDiagnostics(None, operation.token):
        if str(diagnostic.Severity) != "Error":
            continue
        location = location_of(diagnostic.Location)
        place = location.relative(snapshot.root) if location else ""
        message = str(diagnostic.GetMessage(None))
        found[(str(diagnostic.Id), message)] = f"{diagnostic.Id} at {place}: {message}"
    return found
