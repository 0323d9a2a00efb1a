"""A project edit's loop, the code edits' own: a preview (the diff of every MSBuild file it touches),
written atomically over the bytes it was made from, then what it changed in the solution: the touched
projects restored and evaluated again in place (no full reload), the packages they now resolve, the
compiler errors added and gone; undone as any edit is (``undo_edit``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..editing.changes import FileChange
from ..editing.previews import PendingEdit, book_of, preview_view, refuse_unwritable, token_of
from ..editing.undo import remember_written
from ..editing.writer import digest, read_or_none, write_changes
from ..views.edits import EditPreview
from ..workspace.snapshot import Snapshot
from ..workspace.text_files import decode
from ..workspace.watcher import ExpectedWrites, projects_to_reload
from .outcome import compared, diagnostics, restore_failed, restored
from .packages import Planned


def project_edit(
    session: Any,
    kind: str,
    plan: Callable[[Snapshot], Planned],
    apply: bool,
    preview_token: str | None,
    timeout: float | None,
    package: str | None = None,
    subject: Path | None = None,
) -> EditPreview:
    """Preview ``plan``'s edit (remembered by its token), or write it: the reviewed preview a token
    names, or, with ``apply`` alone, the edit computed now."""
    book = book_of(session)
    if apply and preview_token:
        pending = book.pending(preview_token, kind)
    else:
        planned = plan(session.snapshot())
        pending = _pending(kind, planned)
        if not apply:
            token = token_of(pending)
            book.previews.put(token, pending)
            return preview_view(session.root, pending, token)
    return _write(session, pending, timeout, package, subject)


def _pending(kind: str, planned: Planned) -> PendingEdit:
    changes: list[FileChange] = []
    fingerprints: list[tuple[str, str | None]] = []
    for path, content in sorted(planned.files.items()):
        before = read_or_none(str(path))
        if before == content:
            continue
        old = None if before is None else decode(before)
        changes.append(FileChange(str(path), old, decode(content), content=content))
        fingerprints.append((str(path), digest(before)))
    return PendingEdit(
        kind, planned.title, tuple(changes), tuple(fingerprints), tuple(planned.problems), notes=tuple(planned.notes)
    )


def _write(
    session: Any, pending: PendingEdit, timeout: float | None, package: str | None, subject: Path | None
) -> EditPreview:
    refuse_unwritable(
        pending, "Change what is asked (another version, project or framework), preview again, then apply."
    )
    snapshot = session.snapshot()
    paths = {change.path for change in pending.changes}
    projects = projects_to_reload(snapshot, paths)
    affected = sorted(
        projects if projects is not None else {Path(str(p.FilePath)) for p in snapshot.projects if p.FilePath}
    )
    before = session.run(diagnostics, affected, timeout=timeout)
    # The watcher will hear these writes: it leaves them to the reload below instead of doing it twice.
    session.part(ExpectedWrites).expect({change.path: digest(change.content) for change in pending.changes})

    def write() -> None:
        write_changes(session.root, list(pending.changes), dict(pending.fingerprints))

    applied = remember_written(session, pending, write)
    book_of(session).applied.append(applied)
    if projects is None:
        session.reload()
    else:
        session.reload_projects(projects)
    said = restored(session, affected, subject, package)
    failed = restore_failed(session, affected)
    if failed:
        # A build stops at a failed restore: what the compiler would say of a project without its assets
        # is no one's answer (a target with no references: thousands of errors of its every type).
        compiled = [f"compiler errors: not counted: restore failed for {', '.join(failed)}, where a build stops"]
    else:
        compiled = compared(before, session.run(diagnostics, affected, timeout=timeout))
    outcome = [*pending.notes, *said, *compiled]
    view = preview_view(session.root, pending, token_of(pending), applied=True)
    return EditPreview(**{**view.__dict__, "notes": tuple(outcome)})
