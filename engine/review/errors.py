"""The compile errors a change leaves, wherever they are reported: in every project the change touches
and every project built on those, compared with the base side's. An error the change causes is often
reported in a file it did not touch (a member added to one part of a partial class that another part
already declares: CS0102 in the other part's file; a call site of a changed signature), so comparing
the changed files alone says "0 errors" while the build fails."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..diagnostics.report import Request, of_document, of_projects
from ..host.interop import Operation
from ..views.review import ErrorLeft
from ..workspace.snapshot import Snapshot, display_name
from .sides import Sides

_ERRORS = Request("error", analyzers=False)


def errors_left(sides: Sides, operation: Operation, most: int) -> tuple[list[ErrorLeft], int]:
    """The errors after the change in the projects it reaches, each marked new unless the base side had
    the same error on a line of the same text in the same file (as many times); new ones first, at most
    ``most`` of them, and how many there are in all."""
    ids = reached_projects(sides)
    after = _errors(sides.after, ids, operation)
    before = _errors_before(sides.before, after, ids, operation)
    lines_before, lines_after = _Lines(sides.before, operation), _Lines(sides.after, operation)
    known = Counter(_key(error, lines_before) for error in before)
    found: list[ErrorLeft] = []
    for error in after:
        key = _key(error, lines_after)
        new = known[key] == 0
        if not new:
            known[key] -= 1
        found.append(ErrorLeft(error.project, error.location, error.id, error.message, new))
    found.sort(key=lambda e: (not e.new, e.location.path if e.location else "", e.location.line if e.location else 0))
    return found[:most], len(found)


def reached_projects(sides: Sides) -> set[str]:
    """The ids of the projects holding a changed source or project file (on either side) and of every
    project that depends on one of them, directly or not."""
    changed = {f.path for f in sides.files}
    touched: set[str] = set()
    for snapshot in (sides.before, sides.after):
        for project in snapshot.all_projects:
            if str(project.FilePath) in changed:
                touched.add(str(project.Id.Id))
        for path in changed:
            touched.update(str(document.Project.Id.Id) for document in snapshot.documents_for_path(path))
    graph = sides.after.solution.GetProjectDependencyGraph()
    reached = set(touched)
    for project in sides.after.all_projects:
        if str(project.Id.Id) in touched:
            reached.update(str(each.Id) for each in graph.GetProjectsThatTransitivelyDependOnThisProject(project.Id))
    return reached


def _errors_before(snapshot: Snapshot, after: list[Any], ids: set[str], operation: Operation) -> list[Any]:
    """The base side's errors that the errors ``after`` the change may be the same as: those of each file an
    error is reported in (that file's semantic model in each target: the base side compiled whole cost
    serilog 4.3.1's first review 3.5 of its 10 s), and of the whole project for an error with no place."""
    found: list[Any] = []
    for path in sorted({e.location.path for e in after if e.location is not None}):
        if snapshot.documents_for_path(path):
            found.extend(d for d in of_document(snapshot, path, _ERRORS, None, operation) if d.severity == "error")
    placeless = {e.project for e in after if e.location is None}
    if placeless:
        found.extend(e for e in _errors(snapshot, ids, operation, placeless) if e.location is None)
    return found


def _errors(snapshot: Snapshot, ids: set[str], operation: Operation, names: set[str] | None = None) -> list[Any]:
    """The errors of the projects of ``ids`` (of those named ``names`` among them, when given)."""
    projects = [
        project
        for project in snapshot.projects
        if str(project.Id.Id) in ids and (names is None or display_name(project) in names)
    ]
    return [d for d in of_projects(snapshot, projects, _ERRORS, None, operation) if d.severity == "error"]


def _key(error: Any, lines: _Lines) -> tuple[str, str, str]:
    location = error.location
    if location is None:
        return error.id, "", error.message
    return error.id, location.path, lines.text(location.path, location.line)


class _Lines:
    """The text of a line of a file as a side has it, each file's text read once."""

    def __init__(self, snapshot: Snapshot, operation: Operation) -> None:
        self.snapshot = snapshot
        self.operation = operation
        self._texts: dict[str, list[str]] = {}

    def text(self, path: str, line: int) -> str:
        if path not in self._texts:
            documents = self.snapshot.documents_for_path(path)
            if documents:
                text = self.operation.wait(documents[0].GetTextAsync(self.operation.token))
                self._texts[path] = str(text.ToString()).splitlines()
            else:
                self._texts[path] = []
        lines = self._texts[path]
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""
