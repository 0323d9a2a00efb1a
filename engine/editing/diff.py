"""Unified diffs of file changes, as hunks a preview can page through."""

from __future__ import annotations

import difflib
from pathlib import Path

from ..models import relative_path
from ..views.edits import DiffHunk, FileEdit
from .changes import FileChange

CONTEXT_LINES = 3


def diff(changes: list[FileChange], root: Path) -> tuple[tuple[FileEdit, ...], tuple[DiffHunk, ...]]:
    """The per-file summary and the hunks of ``changes``, paths relative to ``root`` in the headers."""
    edits: list[FileEdit] = []
    hunks: list[DiffHunk] = []
    for change in changes:
        before = _lines(change.old_text)
        after = _lines(change.new_text)
        old_name = "/dev/null" if change.old_text is None else "a/" + relative_path(change.source, root)
        new_name = "/dev/null" if change.new_text is None else "b/" + relative_path(change.path, root)
        header = (f"--- {old_name}", f"+++ {new_name}")
        added = removed = 0
        current: list[str] = []
        body = difflib.unified_diff(before, after, lineterm="", n=CONTEXT_LINES)
        for line in list(body)[2:]:  # the first two lines are difflib's own file header
            if line.startswith("@@") and current:
                hunks.append(DiffHunk(change.path, header, tuple(current)))
                current = []
            current.append(line)
            if line.startswith("+"):
                added += 1
            elif line.startswith("-"):
                removed += 1
        if current:
            hunks.append(DiffHunk(change.path, header, tuple(current)))
        elif change.kind == "renamed":  # a pure rename has no hunk: say so in its own
            hunks.append(DiffHunk(change.path, header, (f"rename from {relative_path(change.old_path, root)}",)))
        old_path = change.old_path if change.kind == "renamed" else ""
        edits.append(FileEdit(change.path, change.kind, added, removed, old_path))
    return tuple(edits), tuple(hunks)


def _lines(text: str | None) -> list[str]:
    if text is None:
        return []
    # Line endings are kept on disk as they were; the diff compares content.
    return text.replace("\r\n", "\n").split("\n")
