"""``undo_edit``: put back the files of the last applied edit, whichever tool applied it.

Each applied edit is remembered with the exact bytes of every file it touched before the write and the
fingerprint of what it wrote. Undo writes those bytes back (a file the edit added is removed, one it
removed comes back), but only when every file still holds what the edit wrote: a file changed since,
by the user or a later edit, is never overwritten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import EditRefused, FilesChangedSincePreview
from ..models import relative_path
from ..views.edits import EditPreview
from ..workspace.text_files import decode
from ..workspace.watcher import ExpectedWrites, apply_source_changes, is_source, needs_reload, projects_to_reload
from .changes import FileChange
from .previews import PendingEdit, book_of, preview_view, token_of
from .writer import digest, fingerprint, read_or_none, restore_files


@dataclass(frozen=True)
class AppliedEdit:
    title: str
    before: tuple[tuple[str, bytes | None], ...]
    """(path, its bytes before the edit; ``None``: the edit created it)."""
    written: tuple[tuple[str, str | None], ...]
    """(path, the SHA-256 of what the edit left there; ``None``: the edit removed it)."""


def remember_written(session: Any, pending: PendingEdit, write: Callable[[], Any]) -> AppliedEdit:
    """Run ``write`` (which writes ``pending``) and return what it changed, for undo."""
    paths = sorted({c.path for c in pending.changes} | {c.source for c in pending.changes})
    before = {path: read_or_none(path) for path in paths}  # the writer checks these against the preview
    write()
    return AppliedEdit(pending.title, tuple(before.items()), tuple((path, fingerprint(path)) for path in paths))


def undo_edit(session: Any) -> EditPreview:
    """Undo the newest applied edit of this session; the one before it is next."""
    book = book_of(session)
    if not book.applied:
        raise EditRefused(
            "There is no applied edit to undo in this session.",
            "Only edits applied through this server (or app) since it started can be undone.",
        )
    last: AppliedEdit = book.applied[-1]
    changed = tuple(path for path, written in last.written if fingerprint(path) != written)
    if changed:
        names = ", ".join(relative_path(p, session.root) for p in changed)
        raise FilesChangedSincePreview(
            f"'{last.title}' cannot be undone: {names} changed since it was applied, and undo would lose that change.",
            "Undo by hand, or edit the file back; undo only puts back files that still hold what the edit wrote.",
            changed,
        )
    current = {path: read_or_none(path) for path, _ in last.written}
    projects = [path for path, _ in last.before if needs_reload(path)]
    # A project edit's files are evaluated again here, once: the watcher leaves them be.
    session.part(ExpectedWrites).expect({path: digest(content) for path, content in last.before if path in projects})
    restore_files(session.root, dict(last.before), dict(last.written))
    book.applied.pop()
    touched = [path for path, _ in last.before if is_source(path)]
    session.publish(lambda snapshot: apply_source_changes(snapshot, touched))
    if projects:
        reload = projects_to_reload(session.snapshot(), set(projects))
        if reload is None:
            session.reload()
        else:
            session.reload_projects(reload)
    changes = tuple(
        _change(path, current[path], original) for path, original in last.before if current[path] != original
    )
    pending = PendingEdit("undo", f"Undo {last.title}", changes, ())
    return preview_view(session.root, pending, token_of(pending), applied=True)


def _change(path: str, now: bytes | None, restored: bytes | None) -> FileChange:
    return FileChange(path, None if now is None else decode(now), None if restored is None else decode(restored))
