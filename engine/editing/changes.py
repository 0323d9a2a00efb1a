"""What an edit does to files: the difference between two Roslyn solutions, as plain values."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OutsideSolution
from ..host.interop import Operation
from ..workspace.boundary import is_inside
from ..workspace.snapshot import Snapshot


@dataclass(frozen=True)
class FileChange:
    """One file's change; texts are whole files as Roslyn sees them."""

    path: str
    """Absolute path after the change (for a removal: the removed file)."""
    old_text: str | None
    """``None`` for an added file."""
    new_text: str | None
    """``None`` for a removed file."""
    old_path: str = ""
    """Set when the file is renamed: where it was."""
    content: bytes | None = None
    """The exact bytes to write, when the edit made them itself (a project file's edit keeps every
    byte outside it, line endings and encoding included); else ``new_text`` is encoded as the file was."""

    @property
    def kind(self) -> str:
        if self.old_text is None:
            return "added"
        if self.new_text is None:
            return "removed"
        return "renamed" if self.old_path else "modified"

    @property
    def source(self) -> str:
        """The file as it is on disk now."""
        return self.old_path or self.path


def solution_changes(snapshot: Snapshot, changed: Any, operation: Operation) -> list[FileChange]:
    """Every document ``changed`` differs from the snapshot's solution in, one change per file.

    A file compiled into several targets of a project appears once per target with the same edit;
    it is reported once.
    """
    old = snapshot.solution
    found: dict[str, FileChange] = {}

    def text(document: Any) -> str:
        return str(operation.wait(document.GetTextAsync(operation.token)).ToString())

    for project_changes in changed.GetChanges(old).GetProjectChanges():
        for document_id in project_changes.GetChangedDocuments(True):
            before, after = old.GetDocument(document_id), changed.GetDocument(document_id)
            path = str(before.FilePath or "")
            if not path or path in found:
                continue
            new_path = _path_after(before, after)
            old_text, new_text = text(before), text(after)
            if old_text == new_text and new_path == path:
                continue  # a text Roslyn made anew with nothing in it changed (a call site left as it was)
            found[path] = FileChange(new_path, old_text, new_text, path if new_path != path else "")
        for document_id in project_changes.GetChangedAdditionalDocuments():
            before, after = old.GetAdditionalDocument(document_id), changed.GetAdditionalDocument(document_id)
            path = str(before.FilePath or "")
            if path and path not in found and text(before) != text(after):
                found[path] = FileChange(path, text(before), text(after))  # a Razor file a rename reached
        for document_id in project_changes.GetAddedDocuments():
            document = changed.GetDocument(document_id)
            path = _new_document_path(document)
            if path not in found:
                found[path] = FileChange(path, None, text(document))
        for document_id in project_changes.GetRemovedDocuments():
            document = old.GetDocument(document_id)
            path = str(document.FilePath or "")
            if path and path not in found:
                found[path] = FileChange(path, text(document), None)
    # Renamer and some fixes change only the name of a document; their text may be unchanged.
    for project in changed.Projects:
        for document in project.Documents:
            before = old.GetDocument(document.Id)
            if before is None or str(before.Name) == str(document.Name):
                continue
            path = str(before.FilePath or "")
            if path and path not in found:
                same = text(before)
                found[path] = FileChange(_path_after(before, document), same, text(document), path)
    _refuse_outside(snapshot, found.values())
    return sorted(found.values(), key=lambda change: change.path)


def _refuse_outside(snapshot: Snapshot, changes: Iterable[FileChange]) -> None:
    """No edit is offered that would change a file outside the solution (a package's source file)."""
    outside = [snapshot.relative(c.source) for c in changes if not is_inside(snapshot.root, c.source)]
    if outside:
        raise OutsideSolution(
            f"The edit would change {', '.join(outside[:3])}, outside the solution directory: files a package adds"
            " to the build are read, never written.",
            "Edit the solution's own code instead (for a name a package file uses, that file keeps the old one).",
        )


def _path_after(before: Any, after: Any) -> str:
    path = str(before.FilePath or "")
    if str(after.FilePath or "") and str(after.FilePath) != path:
        return str(after.FilePath)
    if str(after.Name) != str(before.Name):
        return str(Path(path).parent / str(after.Name))
    return path


def _new_document_path(document: Any) -> str:
    if document.FilePath:
        return str(document.FilePath)
    project_directory = Path(str(document.Project.FilePath)).parent
    return str(project_directory.joinpath(*[str(f) for f in document.Folders], str(document.Name)))
