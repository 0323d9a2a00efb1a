"""Does an edit compile? The errors it would add anywhere in the solution, found before anything is
written.

Checking every project that depends on an edited one costs a whole build's binding. Most of it is not
needed: a body-only edit (Roslyn's top-level equivalence) cannot change another file's errors, and
an edit of signatures can only change the errors of files that name what changed
(``engine.editing.surface``). So the files checked, before and after, are the edited ones and, in the
edited projects and every project that depends on them, the files that mention a changed name; when
an edit changes usings, assembly attributes or namespaces, every file of those projects.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..host.interop import Operation
from ..symbols.describe import location_of
from ..workspace.snapshot import Snapshot
from .surface import changed_names

_Key = tuple[str, str, str]
"""(file, id, message): positions move with an edit, messages do not."""


def new_errors(snapshot: Snapshot, solution: Any, operation: Operation) -> list[str]:
    """Compiler errors ``solution`` has and the snapshot's solution has not, in the whole solution,
    each as ``ID at path:line:col: message``."""
    before_solution = snapshot.solution
    edited: dict[Any, set[Any]] = {}  # project id -> ids of documents to check
    names: set[str] | None = set()
    surface_projects: list[Any] = []
    for project_changes in solution.GetChanges(before_solution).GetProjectChanges():
        project_id = project_changes.ProjectId
        documents = edited.setdefault(project_id, set())
        touched = [(d, True) for d in project_changes.GetChangedDocuments(True)]
        touched += [(d, False) for d in project_changes.GetAddedDocuments()]
        touched += [(d, False) for d in project_changes.GetRemovedDocuments()]
        for document_id, both in touched:
            documents.add(document_id)
            old_root = _root(before_solution.GetDocument(document_id), operation)
            new_root = _root(solution.GetDocument(document_id), operation)
            if (
                both
                and old_root is not None
                and new_root is not None
                and old_root.SyntaxTree.IsEquivalentTo(new_root.SyntaxTree, True)
            ):
                continue  # bodies only: no other file can see it
            changed = changed_names(old_root, new_root)
            if project_id not in surface_projects:
                surface_projects.append(project_id)
            if changed is None or names is None:
                names = None
            else:
                names |= changed
    for project_id in _with_dependents(solution, surface_projects):
        edited.setdefault(project_id, set()).update(_mentioning(solution.GetProject(project_id), names, operation))
    found: list[str] = []
    for document_ids in edited.values():
        for document_id in document_ids:
            before = _errors(snapshot, before_solution.GetDocument(document_id), operation)
            after = _errors(snapshot, solution.GetDocument(document_id), operation)
            found.extend(_added(before, after))
    return list(dict.fromkeys(found))


def _root(document: Any | None, operation: Operation) -> Any | None:
    return None if document is None else operation.wait(document.GetSyntaxRootAsync(operation.token))


def _with_dependents(solution: Any, project_ids: list[Any]) -> list[Any]:
    graph = solution.GetProjectDependencyGraph()
    found = list(project_ids)
    for project_id in project_ids:
        for dependent in graph.GetProjectsThatTransitivelyDependOnThisProject(project_id):
            if dependent not in found:
                found.append(dependent)
    return found


def _mentioning(project: Any, names: set[str] | None, operation: Operation) -> list[Any]:
    """The project's documents whose text names one of ``names`` (all of them for ``None``)."""
    if project is None or (names is not None and not names):
        return []
    if names is None:
        return [document.Id for document in project.Documents]
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names)) + r")\b")
    found = []
    for document in project.Documents:
        operation.check()
        text = operation.wait(document.GetTextAsync(operation.token))
        if pattern.search(str(text.ToString())):
            found.append(document.Id)
    return found


def _errors(snapshot: Snapshot, document: Any | None, operation: Operation) -> dict[_Key, list[str]]:
    """The document's errors by (file, id, message), each as the line an answer shows."""
    if document is None:
        return {}
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    found: dict[_Key, list[str]] = {}
    for diagnostic in model.GetDiagnostics(None, operation.token):
        if str(diagnostic.Severity) != "Error":
            continue
        location = location_of(diagnostic.Location)
        place = location.relative(snapshot.root) if location else ""
        message = str(diagnostic.GetMessage(None))
        key = (str(document.FilePath or document.Name), str(diagnostic.Id), message)
        found.setdefault(key, []).append(f"{diagnostic.Id} at {place}: {message}")
    return found


def _added(before: dict[_Key, list[str]], after: dict[_Key, list[str]]) -> list[str]:
    """The errors ``after`` has beyond ``before``: one more of the same message counts too."""
    counts = Counter({key: len(lines) for key, lines in before.items()})
    found = []
    for key, lines in after.items():
        found.extend(lines[counts.get(key, 0) :])
    return found
