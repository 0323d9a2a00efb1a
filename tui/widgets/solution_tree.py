"""The solution tree: projects, folders and files; a file expands to its types and members. With several
solutions open, each is a node of its own above its projects, and the app answers about the solution
the cursor is in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from engine import FileOutline, Location, OutlineNode, ProjectStructure

from .panels import LocationChosen


class FileNode:
    """A file in the tree, expanded to its outline on demand."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.loaded = False


class SolutionNode:
    """A solution's node, when the tree shows several."""

    def __init__(self, path: str) -> None:
        self.path = path


class SolutionChosen(Message):
    """The cursor went into another solution's part of the tree: the app answers about that one now."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path


class OutlineRequested(Message):
    def __init__(self, node: TreeNode[Any]) -> None:
        super().__init__()
        self.node = node


class SolutionTree(Tree[Any]):
    BINDINGS = [
        Binding("w", "app.widen_focus", "Widen", show=False, tooltip="load the projects a focus left out"),
        Binding(
            "p", "app.project_view", "Project", tooltip="the project's packages, references, frameworks, properties"
        ),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("solution", **kwargs)
        self.structures: list[ProjectStructure] = []
        """Each solution open, the app's own first."""
        self.active = ""
        """The solution the app answers about (its path); the first when empty."""
        self.filter_text = ""

    @property
    def structure(self) -> ProjectStructure | None:
        """The structure of the solution the app answers about."""
        found = [s for s in self.structures if s.solution_path == self.active] or self.structures
        return found[0] if found else None

    def show(self, structure: ProjectStructure, filter_text: str | None = None) -> None:
        """Show ``structure`` (replacing the same solution's, the first one when new), filtered by
        ``filter_text`` (the last filter when ``None``)."""
        paths = [s.solution_path for s in self.structures]
        kept = paths.index(structure.solution_path) if structure.solution_path in paths else 0
        others = [s for s in self.structures if s.solution_path != structure.solution_path]
        self.structures = [*others[:kept], structure, *others[kept:]]
        self.refilter(self.filter_text if filter_text is None else filter_text)

    def add_solution(self, structure: ProjectStructure) -> None:
        """Show another solution beside those shown (each under a node of its own)."""
        if any(s.solution_path == structure.solution_path for s in self.structures):
            self.show(structure)
            return
        self.structures.append(structure)
        self.refilter(self.filter_text)

    def refilter(self, filter_text: str) -> None:
        """Projects, then folders and files relative to each project (the build's files in obj/ left out),
        and the files source generators add, under ``generated/``; only files whose name has the filter."""
        self.filter_text = filter_text.lower()
        self.clear()
        several = len(self.structures) > 1
        for structure in self.structures:
            name = Path(structure.solution_path).name
            if several:
                self.root.set_label(f"{len(self.structures)} solutions")
                node = self.root.add(name, data=SolutionNode(structure.solution_path), expand=True)
                self._add_projects(node, structure)
            else:
                self.root.set_label(name)
                self._add_projects(self.root, structure)
        self.root.expand()

    def _add_projects(self, above: TreeNode[Any], structure: ProjectStructure) -> None:
        for project in structure.items:
            project_dir = Path(project.path).parent
            files = [
                Path(d)
                for d in project.documents
                if project_dir in Path(d).parents and "obj" not in Path(d).relative_to(project_dir).parts
            ]
            if self.filter_text:
                files = [f for f in files if self.filter_text in f.name.lower()]
                if not files and self.filter_text not in project.name.lower():
                    continue
            # The target framework is in the Info panel; the narrow tree keeps the name whole.
            node = above.add(project.name, data=None, expand=bool(self.filter_text))
            folders: dict[Path, TreeNode[Any]] = {}
            for file in sorted(files, key=lambda f: (len(f.relative_to(project_dir).parts) > 1, str(f).lower())):
                parent = node
                relative = file.relative_to(project_dir)
                for depth in range(1, len(relative.parts)):
                    folder = project_dir.joinpath(*relative.parts[:depth])
                    if folder not in folders:
                        folders[folder] = parent.add(relative.parts[depth - 1] + "/", expand=bool(self.filter_text))
                    parent = folders[folder]
                parent.add(file.name, data=FileNode(str(file)))
            self._add_generated(node, project)

    def show_generated(self, structure: ProjectStructure) -> None:
        """Add what the source generators made (known once the projects are compiled) to the tree shown."""
        self.structures = [structure if s.solution_path == structure.solution_path else s for s in self.structures]
        by_name = {project.name: project for project in structure.items}
        holders = [
            n for n in self.root.children if isinstance(n.data, SolutionNode) and n.data.path == structure.solution_path
        ]
        for node in (holders[0] if holders else self.root).children:
            project = by_name.get(str(node.label))
            if project is not None and not any(str(child.label) == "generated/" for child in node.children):
                self._add_generated(node, project)

    def _add_generated(self, node: TreeNode[Any], project: Any) -> None:
        """What the source generators add, under ``generated/``: read from the compilation, on no disk,
        never edited."""
        generated = [d for d in project.generated_documents if self.filter_text in Path(d.path).name.lower()]
        if not generated:
            return
        folder = node.add("generated/", expand=bool(self.filter_text))
        for document in generated:
            label = f"{Path(document.path).name}  ({document.generator.rsplit('.', 1)[-1]})"
            folder.add(label, data=FileNode(document.path))

    def reveal(self, path: str) -> None:
        """Expand the folders down to ``path``'s node and put the cursor on it (nothing when the filter
        hides it); the file's outline stays folded."""
        node = self._file_node(self.root, path)
        if node is None:
            return
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        # A node has its line once the expanded tree is laid out again.
        self.call_after_refresh(self._put_cursor_on, node)

    def _put_cursor_on(self, node: TreeNode[Any]) -> None:
        self.move_cursor(node)
        self.scroll_to_node(node, animate=False)

    def _file_node(self, node: TreeNode[Any], path: str) -> TreeNode[Any] | None:
        for child in node.children:
            if isinstance(child.data, FileNode) and child.data.path == path:
                return child
            if child.data is None or not isinstance(child.data, FileNode):
                found = self._file_node(child, path)
                if found is not None:
                    return found
        return None

    def show_outline(self, node: TreeNode[Any], outline: FileOutline) -> None:
        def add(parent: TreeNode[Any], items: tuple[OutlineNode, ...]) -> None:
            for item in items:
                label = f"{item.kind} {item.name}"
                if item.children:
                    add(parent.add(label, data=item.location), item.children)
                else:
                    parent.add_leaf(label, data=item.location)

        add(node, outline.items)
        assert isinstance(node.data, FileNode)  # an outline is only ever asked for a file's node
        node.data.loaded = True
        node.expand()

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Any]) -> None:
        if isinstance(event.node.data, FileNode) and not event.node.data.loaded:
            event.stop()
            self.post_message(OutlineRequested(event.node))

    def solution_of(self, node: TreeNode[Any] | None) -> str:
        """The path of the solution ``node`` is in (empty with one solution shown)."""
        while node is not None and not isinstance(node.data, SolutionNode):
            node = node.parent
        return node.data.path if node is not None and isinstance(node.data, SolutionNode) else ""

    def project_node(self, node: TreeNode[Any]) -> TreeNode[Any] | None:
        """The project ``node`` is in (itself when it is one); ``None`` above the projects."""
        while (
            node.parent is not None and node.parent is not self.root and not isinstance(node.parent.data, SolutionNode)
        ):
            node = node.parent
        return None if node is self.root or isinstance(node.data, SolutionNode) else node

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[Any]) -> None:
        solution = self.solution_of(event.node)
        if solution and solution != (self.active or self.structures[0].solution_path):
            self.active = solution
            self.post_message(SolutionChosen(solution))

    def on_tree_node_selected(self, event: Tree.NodeSelected[Any]) -> None:
        event.stop()
        data = event.node.data
        if isinstance(data, FileNode):
            self.post_message(LocationChosen(Location(data.path, 1, 1, 1, 1)))
            if not data.loaded:
                self.post_message(OutlineRequested(event.node))
        elif isinstance(data, Location):
            self.post_message(LocationChosen(data))
