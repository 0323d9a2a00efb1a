"""Previews and the book that remembers them: what an edit would write, and writing exactly that.

A preview holds the whole files it would write and the SHA-256 of every file as it was on disk when
the preview was made. Applying it writes those files only if each still has that fingerprint, then
publishes the new texts to the session at once, so the very next query sees the edit without
waiting for the file watcher.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..errors import EditRefused, FilesChangedSincePreview
from ..host.interop import Operation
from ..models import relative_path
from ..views.edits import EditPreview
from ..workspace.snapshot import Snapshot
from ..workspace.text_files import decode
from ..workspace.watcher import apply_source_changes, is_source
from .changes import FileChange, solution_changes
from .checks import new_errors
from .diff import diff
from .writer import digest, fingerprint, read_or_none, write_changes

T = TypeVar("T")
UNDO_LEVELS = 20


@dataclass(frozen=True)
class PendingEdit:
    kind: str
    """What made it: the tool's name (``code_action``, ``rename``, ``replace_symbol``...)."""
    title: str
    changes: tuple[FileChange, ...]
    fingerprints: tuple[tuple[str, str | None], ...]
    """(path, SHA-256 on disk when the preview was made; ``None``: the file must not exist)."""
    problems: tuple[str, ...] = ()
    new_errors: tuple[str, ...] = ()
    """Compiler errors the edit would add (a rename's are problems instead)."""
    notes: tuple[str, ...] = ()
    """What else it does or leaves (a central version that stays, a property the project overrides)."""


class _Bounded(Generic[T]):
    """The newest ``size`` entries by key; older ones are forgotten (ids and tokens expire)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, key: str, value: T) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def get(self, key: str) -> T | None:
        with self._lock:
            return self._entries.get(key)

    def drop(self, stale: Callable[[T], bool]) -> None:
        with self._lock:
            for key in [key for key, value in self._entries.items() if stale(value)]:
                del self._entries[key]


class EditBook:
    """Per session: the code actions offered and the previews made, so their ids and tokens work later."""

    def __init__(self) -> None:
        self.actions: _Bounded[Any] = _Bounded(2000)
        """Each offered action holds its snapshot: ``forget_actions_before`` lets old snapshots go."""
        self.previews: _Bounded[PendingEdit] = _Bounded(100)
        self.applied: deque[Any] = deque(maxlen=UNDO_LEVELS)
        """What each applied edit wrote (``engine.editing.undo.AppliedEdit``), the newest last."""

    def forget_actions_before(self, version: int) -> None:
        """Drop actions offered on snapshots older than ``version`` (they pin whole old solutions)."""
        self.actions.drop(lambda offered: offered.snapshot.version < version)

    def pending(self, token: str, kind: str | None = None) -> PendingEdit:
        found = self.previews.get(token.strip())
        if found is None:
            raise EditRefused(
                f"No preview has the token '{token}' (it is mistyped, or expired after 100 newer previews).",
                "Make the preview again and apply the token it gives.",
            )
        if kind is not None and found.kind != kind:
            raise EditRefused(
                f"The token '{token}' is a preview of {found.kind.replace('_', ' ')}, not of {kind.replace('_', ' ')}.",
                f"Apply it with the tool that made it, or make a {kind.replace('_', ' ')} preview.",
            )
        return found


def book_of(session: Any) -> EditBook:
    """The session's code actions, previews and applied edits."""
    return session.part(EditBook)  # type: ignore[no-any-return]


def pending_edit(
    kind: str,
    title: str,
    snapshot: Snapshot,
    changed: Any,
    operation: Operation,
    problems: tuple[str, ...] = (),
    check_errors: bool = True,
) -> PendingEdit:
    """What ``changed`` (a Roslyn solution) would write over ``snapshot``, with today's fingerprints.

    Raises:
        FilesChangedSincePreview: a file differs on disk from the text the engine computed the edit
            from (the file watcher has not caught up yet): writing would lose that change.
    """
    changes = tuple(solution_changes(snapshot, changed, operation))
    fingerprints: dict[str, str | None] = {}
    behind: list[str] = []
    extra: list[str] = []
    for change in changes:
        on_disk = read_or_none(change.source)  # read once: compared with the engine's text, and hashed
        fingerprints[change.source] = digest(on_disk)
        if change.old_text is not None and not _same_text(on_disk, change.old_text):
            behind.append(change.source)
        if change.path != change.source or change.old_text is None:
            fingerprints[change.path] = fingerprint(change.path)
            if fingerprints[change.path] is not None:
                extra.append(f"{relative_path(change.path, snapshot.root)} already exists: it would be overwritten")
    if behind:
        names = ", ".join(relative_path(p, snapshot.root) for p in behind)
        raise FilesChangedSincePreview(
            f"{names} changed on disk after the engine last read it; an edit computed now would undo that change.",
            "Try again in a moment: the engine picks up saved files within a second.",
            tuple(behind),
        )
    errors = tuple(new_errors(snapshot, changed, operation)) if check_errors and changes else ()
    return PendingEdit(kind, title, changes, tuple(fingerprints.items()), (*problems, *extra), errors)


def token_of(pending: PendingEdit) -> str:
    digest = hashlib.sha256(f"{pending.kind}|{pending.title}".encode())
    for change in pending.changes:
        # File names, not paths: the same edit on a copy elsewhere gets the same token (stable snapshots).
        digest.update(f"\0{Path(change.source).name}\0{Path(change.path).name}\0{change.new_text}".encode())
    return "pv-" + digest.hexdigest()[:16]


def preview_view(root: Path, pending: PendingEdit, token: str, applied: bool = False) -> EditPreview:
    """The preview's diff; once applied, only the summary of what was written (the diff was seen)."""
    files, hunks = diff(list(pending.changes), root)
    if applied:
        hunks = ()
    return EditPreview(
        root=str(root),
        title=pending.title,
        files=files,
        items=hunks,
        total=len(hunks),
        preview_token=token,
        problems=pending.problems,
        new_errors=pending.new_errors,
        notes=pending.notes,
        applied=applied,
    )


def refuse_unwritable(pending: PendingEdit, remedy: str) -> None:
    """``EditRefused`` for an edit with a problem (``remedy`` says what to change) or with no change."""
    if pending.problems:
        raise EditRefused(f"{pending.title} was not applied: {'; '.join(pending.problems)}.", remedy)
    if not pending.changes:
        raise EditRefused(f"{pending.title} changes nothing.", "There is nothing to apply.")


def write_pending(session: Any, pending: PendingEdit) -> Snapshot:
    """Write ``pending`` and publish it to ``session``; return the snapshot that sees it."""
    refuse_unwritable(
        pending, "Resolve the problems (another name, another action), make a new preview, then apply it."
    )
    root = session.root
    write_changes(root, list(pending.changes), dict(pending.fingerprints))
    touched = sorted({change.path for change in pending.changes} | {change.source for change in pending.changes})
    return session.publish(lambda snapshot: apply_source_changes(snapshot, [p for p in touched if is_source(p)]))


def _same_text(on_disk: bytes | None, text: str) -> bool:
    """Whether the file holds ``text`` (line endings aside: the writer keeps the file's own)."""
    if on_disk is None:
        return False
    try:
        return decode(on_disk).replace("\r\n", "\n") == text.replace("\r\n", "\n")
    except UnicodeDecodeError:
        return False
