"""Writing a file whole: a reader, of this process or another, sees the old content or the new, never
part of it, and two writers never share a temporary file. The one way the engine writes a file: the
solution's files an edit changes, and what it keeps for itself in the user cache."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(target: Path, content: str | bytes, mode_from: Path | None = None) -> None:
    """Write ``target`` in one step, with the permissions of ``mode_from`` (default: ``target`` as it
    was; a new file is the user's alone)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        source = mode_from or target
        if source.exists():
            os.chmod(temporary, source.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise
