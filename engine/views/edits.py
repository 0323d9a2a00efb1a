"""Edits as people review them: the code actions at a place, and a preview as a unified diff.

A preview's items are diff hunks, so a long one pages by whole hunks (never cut inside one).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location, relative_path
from .paging import range_note
from .text import columns, plural, where


@dataclass(frozen=True)
class CodeActionItem:
    id: str
    """Valid for the snapshot the list was made on; pass it to ``apply_code_action``."""
    title: str
    """Nested actions carry their parent's title: ``Generate constructor > Generate constructor 'X(int)'``."""
    kind: str
    """``fix`` (for a diagnostic) or ``refactoring``."""
    diagnostic_id: str = ""
    """The diagnostic a fix is for, e.g. ``CS0246``."""
    scope: str = ""
    """For a fix-all: ``document``, ``project`` or ``solution``."""


@dataclass(frozen=True)
class CodeActionList:
    root: str
    location: Location
    items: tuple[CodeActionItem, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        header = (
            f"Code actions at {where(self.location, self.root)}: {plural(self.total, 'action')}"
            f"{range_note(self.offset, len(self.items), self.total)}"
        )
        lines = [header]
        for item in self.items:
            lines.append(columns(item.id, item.kind, item.diagnostic_id, item.title))
        return "\n".join(lines)


@dataclass(frozen=True)
class FileEdit:
    path: str
    """Absolute path after the edit."""
    kind: str
    """``modified``, ``added``, ``removed`` or ``renamed``."""
    added: int
    """Lines added."""
    removed: int
    old_path: str = ""
    """For a renamed file: where it was."""


@dataclass(frozen=True)
class DiffHunk:
    path: str
    """The file this hunk changes (absolute)."""
    header: tuple[str, str]
    """The file's ``---`` and ``+++`` lines, printed before its first hunk on a page."""
    lines: tuple[str, ...]
    """The ``@@`` line, then the body."""


@dataclass(frozen=True)
class EditPreview:
    root: str
    title: str
    files: tuple[FileEdit, ...]
    items: tuple[DiffHunk, ...]
    total: int
    preview_token: str
    """Pass it back with ``apply=true`` to write exactly this edit."""
    problems: tuple[str, ...] = ()
    """Why the edit cannot be applied (conflicts, an invalid name); empty when it can."""
    new_errors: tuple[str, ...] = ()
    """Compiler errors the edit would add in the files it touches (it can still be applied)."""
    notes: tuple[str, ...] = ()
    """What else the edit does or leaves; once a project edit is applied, what it changed in the
    solution (the restore, the versions resolved, the compiler errors added and gone)."""
    applied: bool = False
    offset: int = 0

    def render(self) -> str:
        added = sum(f.added for f in self.files)
        removed = sum(f.removed for f in self.files)
        state = "applied" if self.applied else "preview"
        lines = [
            f"{self.title} ({state}): {plural(len(self.files), 'file')} changed, +{added} -{removed}"
            f"{range_note(self.offset, len(self.items), self.total)}"
        ]
        lines.extend(f"problem: {problem}" for problem in self.problems)
        lines.extend(f"new error: {error}" for error in self.new_errors)
        lines.extend(f"note: {note}" for note in self.notes)
        for edit in self.files:
            moved = f" (from {edit.old_path})" if edit.old_path else ""
            lines.append(
                columns(edit.kind, relative_path(edit.path, self.root) + moved, f"+{edit.added} -{edit.removed}")
            )
        if not self.applied and not self.problems and self.files:
            lines.append(f"preview_token: {self.preview_token}")
        previous = None
        for hunk in self.items:
            if hunk.path != previous:
                lines.extend(hunk.header)
                previous = hunk.path
            lines.extend(hunk.lines)
        return "\n".join(lines)
