"""What a health query looks at: a file, a project or the whole solution, and which of their files are
the solution's own code (not generated)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgument
from ..models import is_generated
from ..workspace.snapshot import Snapshot, display_name


@dataclass(frozen=True)
class Scope:
    label: str
    """``the solution``, a project's name or a file's relative path, as the answer's first line says it."""
    projects: tuple[Any, ...]
    file: str | None = None
    """The one file looked at (absolute), when the scope is a file."""

    def owns(self, path: str) -> bool:
        """Whether a declaration at ``path`` is in scope and written by hand."""
        return not is_generated(path) and (self.file is None or path == self.file)


def scope_of(snapshot: Snapshot, file: str | None, project: str | None) -> Scope:
    """The file, else the project, else the solution; an unknown one is a named error."""
    if file is not None:
        document = snapshot.document(file)
        path = str(document.FilePath)
        return Scope(snapshot.relative(path), (document.Project,), path)
    if project is not None:
        chosen = snapshot.project_named(project)
        if chosen is None:
            names = ", ".join(display_name(p) for p in snapshot.projects)
            raise InvalidArgument(f"No project named '{project}'.", f"Projects: {names}.")
        return Scope(display_name(chosen), (chosen,))
    return Scope("the solution", tuple(snapshot.projects))


def dependents(snapshot: Snapshot, projects: tuple[Any, ...]) -> list[Any]:
    """``projects`` and every navigated project that depends on one of them, directly or not."""
    graph = snapshot.solution.GetProjectDependencyGraph()
    wanted = {str(p.Id.Id) for p in projects}
    for project in projects:
        wanted.update(str(i.Id) for i in graph.GetProjectsThatTransitivelyDependOnThisProject(project.Id))
    return [p for p in snapshot.projects if str(p.Id.Id) in wanted]
