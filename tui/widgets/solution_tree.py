"""The solution tree: projects, folders and files; a file expands to its types and members."""

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
        self.structure: ProjectStructure | None = None
        self.filter_text = ""

    def show(self, structure: ProjectStructure, filter_text: str = "") -> None:
        """Projects, then folders and files relative to each project (the build's files in obj/ left out),
        and the files source generators add, under ``generated/``."""
        self.structure = structure
        self.filter_text = filter_text.lower()
        self.clear()
        self.root.set_label(Path(structure.solution_path).name)
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
            node = self.root.add(project.name, data=None, expand=bool(self.filter_text))
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
        self.root.expand()

    def show_generated(self, structure: ProjectStructure) -> None:
        """Add what the source generators made (known once the projects are compiled) to the tree shown."""
        self.structure = structure
        by_name = {project.name: project for project in structure.items}
        for node in self.root.children:
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

    def on_tree_node_selected(self, event: Tree.NodeSelected[Any]) -> None:
        event.stop()
        data = event.node.data
        if isinstance(data, FileNode):
            self.post_message(LocationChosen(Location(data.path, 1, 1, 1, 1)))
            if not data.loaded:
                self.post_message(OutlineRequested(event.node))
        elif isinstance(data, Location):
            self.post_message(LocationChosen(data))
