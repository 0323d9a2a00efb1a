"""Writing an edit safely: inside the solution, atomically, all files or none, and only over the
exact bytes its preview was made from.

Each file is written to a temporary file in its own directory and renamed over the original, so a
reader sees the old file or the new one, never half of either. The original encoding (BOM
included) and line endings are kept. If any step fails, every file already written is put back.
"""

from __future__ import annotations

import codecs
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import EditFailed, FilesChangedSincePreview
from ..host.files import write_whole
from ..models import relative_path
from ..workspace.boundary import check_inside
from ..workspace.text_files import BOMS
from .approval import approve
from .changes import FileChange


def read_or_none(path: str) -> bytes | None:
    """A file's bytes; ``None`` when there is no such file."""
    try:
        return Path(path).read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None


def digest(content: bytes | None) -> str | None:
    """The SHA-256 of a file's bytes (``None`` for no file): what a preview compares before writing."""
    return None if content is None else hashlib.sha256(content).hexdigest()


def fingerprint(path: str) -> str | None:
    return digest(read_or_none(path))


@dataclass(frozen=True)
class _Planned:
    change: FileChange
    target: Path
    content: bytes | None
    original: bytes | None


def write_changes(root: Path, changes: list[FileChange], fingerprints: dict[str, str | None]) -> list[str]:
    """Write ``changes`` if every file still has the fingerprint its preview saw; return the paths written.

    Raises:
        OutsideSolution: a path (symlinks followed) lies outside ``root``.
        FilesChangedSincePreview: a file changed on disk after the preview; nothing was written.
        EditFailed: the file system refused a write; every file was restored.
    """
    for change in changes:
        check_inside(root, change.path)
        check_inside(root, change.source)
    changed = tuple(path for path, seen in fingerprints.items() if fingerprint(path) != seen)
    if changed:
        names = ", ".join(relative_path(p, root) for p in changed)
        raise FilesChangedSincePreview(
            f"Nothing was written: {names} changed on disk since the preview.",
            "Make the preview again (it will include the new content), review it, then apply that one.",
            changed,
        )
    approve(root, [(change.path, change.old_text, change.new_text) for change in changes])
    plan = [_plan(change) for change in changes]
    done: list[_Planned] = []
    try:
        for planned in plan:
            _write(planned)
            done.append(planned)
    except OSError as error:
        for planned in reversed(done):
            _undo(planned)
        raise EditFailed(
            f"Writing {relative_path(str(planned.target), root)} failed ({error}); every file was put back.",
            "Check the file's permissions and the free disk space, then apply a new preview.",
        ) from error
    return [str(p.target) for p in plan]


def _plan(change: FileChange) -> _Planned:
    original = Path(change.source).read_bytes() if change.old_text is not None else None
    if change.content is not None:
        return _Planned(change, Path(change.path), change.content, original)
    content = None if change.new_text is None else _encode(change.new_text, original)
    return _Planned(change, Path(change.path), content, original)


def _encode(text: str, original: bytes | None) -> bytes:
    """``text`` in the original file's encoding and line endings (UTF-8 without BOM for a new file)."""
    encoding, bom = "utf-8", b""
    for mark, name in BOMS:
        if original is not None and original.startswith(mark):
            encoding, bom = name, mark
            break
    if original is not None and _uses_crlf(original, encoding):
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    elif original is not None:
        text = text.replace("\r\n", "\n")
    if encoding == "utf-16":
        codec = "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
        return bom + text.encode(codec)
    return bom + text.encode("utf-8")


def _uses_crlf(original: bytes, encoding: str) -> bool:
    decoded = original.decode(encoding if encoding != "utf-16" else "utf-16", errors="replace")
    crlf = decoded.count("\r\n")
    return crlf > 0 and crlf >= decoded.count("\n") - crlf


def _write(planned: _Planned) -> None:
    change = planned.change
    if planned.content is not None:
        write_whole(planned.target, planned.content, Path(change.source))
    if change.new_text is None or (change.old_path and change.old_path != change.path):
        os.remove(change.source)


def _undo(planned: _Planned) -> None:
    change = planned.change
    try:
        if planned.original is not None:
            write_whole(Path(change.source), planned.original)
        moved = change.old_text is None or (change.old_path and change.old_path != change.path)
        if moved and planned.target.exists():
            os.remove(planned.target)
    except OSError:
        pass  # the error being raised already names the failure; a second one would hide it


def restore_files(root: Path, contents: dict[str, bytes | None], expected: dict[str, str | None]) -> None:
    """Put ``contents`` back (``None``: remove the file) if every file still has its ``expected``
    fingerprint; all or nothing, as ``write_changes``.

    Raises:
        FilesChangedSincePreview: a file no longer has its expected fingerprint; nothing was written.
        EditFailed: the file system refused a write; every file was put back.
    """
    for path in contents:
        check_inside(root, path)
    changed = tuple(path for path, seen in expected.items() if fingerprint(path) != seen)
    if changed:
        names = ", ".join(relative_path(p, root) for p in changed)
        raise FilesChangedSincePreview(f"Nothing was written: {names} changed.", "Look at the file first.", changed)
    approve(root, [(path, _text(read_or_none(path)), _text(content)) for path, content in contents.items()])
    done: list[tuple[str, bytes | None]] = []
    try:
        for path, content in contents.items():
            previous = read_or_none(path)
            if content is None:
                if previous is not None:
                    os.remove(path)
            else:
                write_whole(Path(path), content)
            done.append((path, previous))
    except OSError as error:
        for path, previous in reversed(done):
            try:
                if previous is None:
                    os.remove(path)
                else:
                    write_whole(Path(path), previous)
            except OSError:
                pass
        raise EditFailed(
            f"Writing {relative_path(path, root)} failed ({error}); every file was put back.",
            "Check the file's permissions and the free disk space.",
        ) from error


def _text(content: bytes | None) -> str | None:
    return None if content is None else content.decode("utf-8", errors="replace")
