"""Writes a person approves: with an approver set (a front end watching an assistant), every write of
the solution's files (an edit applied, an undo, an app exported) waits for its answer first.

The approver sees what will be written, as the preview showed it, and answers with ``None`` (write
it) or the reason it was rejected; a rejected write changes nothing.
"""

from __future__ import annotations

import difflib
import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import EngineError, WriteRejected
from ..models import relative_path


@dataclass(frozen=True)
class PendingWrite:
    """Files about to be written: each path with its text before (``None``: a new file) and after
    (``None``: deleted)."""

    root: str
    files: tuple[tuple[str, str | None, str | None], ...]

    def diff(self) -> str:
        """A unified diff of every file, paths relative to the solution's directory."""
        parts: list[str] = []
        for path, before, after in self.files:
            name = relative_path(path, Path(self.root))
            parts.extend(
                difflib.unified_diff(
                    (before or "").splitlines(keepends=True),
                    (after or "").splitlines(keepends=True),
                    fromfile="/dev/null" if before is None else f"a/{name}",
                    tofile="/dev/null" if after is None else f"b/{name}",
                )
            )
            if parts and not parts[-1].endswith("\n"):
                parts[-1] += "\n"
        return "".join(parts)

    def digest(self) -> str:
        """What a person approved, to be matched when the write is made again (in another engine)."""
        hashed = hashlib.sha256()
        for path, before, after in self.files:
            for part in (path, before, after):
                hashed.update(b"\x00" if part is None else b"\x01" + part.encode() + b"\x00")
        return hashed.hexdigest()


class ApprovalNeeded(EngineError):
    """A write made in this engine for another engine's assistant waits for a person that engine asks
    (its terminal app, or its client): nothing was written. Raised across the engines, never to a user."""

    def __init__(self, pending: PendingWrite) -> None:
        super().__init__("The write waits for a person's approval in the engine that asked for it.")
        self.pending = pending


def rejected_write(reason: str) -> WriteRejected:
    return WriteRejected(
        f"Rejected by the user: {reason}. Nothing was written.",
        "Ask the user what to change, or make a new preview that addresses the reason.",
    )


Approver = Callable[[PendingWrite], "str | None"]
_approver: Approver | None = None
_lock = threading.Lock()


def set_write_approver(approver: Approver | None) -> None:
    """Make every later write wait for ``approver`` (``None``: write without asking, the default)."""
    global _approver
    with _lock:
        _approver = approver


def approve(root: Path, files: list[tuple[str, str | None, str | None]]) -> None:
    """Ask the approver, if any, about writing ``files``.

    Raises:
        WriteRejected: the approver said no; its reason is in the message.
    """
    with _lock:
        approver = _approver
    if approver is None or not files:
        return
    reason = approver(PendingWrite(str(root), tuple(files)))
    if reason is not None:
        raise rejected_write(reason)
