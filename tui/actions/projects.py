"""The app's project edits: ``p`` on a project in the solution tree (or the palette, for the open file's
project) opens the Project view; the edit it asks for is previewed as a diff, applied and undone as
any edit (the answer's notes: what restore said, the versions resolved, the errors added and gone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from shared_engine.session import Session

from ..screens.project import ProjectEdit, ProjectScreen
from ..widgets.solution_tree import SolutionTree
from ..widgets.source_view import SourceView
from .base import AppMixin


class ProjectActions(AppMixin):
    """Mixed into ``RoslynTui``: the Project view and the edits it asks for."""

    session: Session | None

    if TYPE_CHECKING:
        preview_edit: Callable[[Callable[[], Any], Callable[[str], Any]], Any]

    def action_project_view(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        project = self.chosen_project()
        if project is None:
            self.notify("Choose a project in the solution tree, or open one of its files.", severity="warning")
            return
        session = self.session

        def chosen(request: ProjectEdit | None) -> None:
            if request is None:
                return
            edit, name, arguments = request.edit, request.project, request.arguments
            self.preview_edit(
                lambda: session.call(edit, name, **arguments),
                lambda token: session.call(edit, name, **arguments, apply=True, preview_token=token),
            )

        self.push_screen(ProjectScreen(session, project), chosen)

    def chosen_project(self) -> str | None:
        """The project under the tree's cursor when the tree has focus, else the open file's."""
        tree = self.query_one(SolutionTree)
        if self.focused is tree and tree.cursor_node is not None:
            node = tree.project_node(tree.cursor_node)
            if node is not None:
                return str(node.label)
        path = self.query_one(SourceView).path
        structure = tree.structure
        for project in structure.items if structure is not None and path else ():
            if path in project.documents:
                return project.name
        return None
