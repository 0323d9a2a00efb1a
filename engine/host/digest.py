"""A file's SHA-256, as the on-disk index and a run's kept coverage record it to tell whether the file
changed since."""

from __future__ import annotations

import hashlib


def file_digest(path: str) -> str | None:
    """The file's SHA-256 in hex, ``None`` when it cannot be read (gone, unreadable)."""
    try:
        with open(path, "rb") as handle:  # not pathlib: the index checks thousands of files as it opens
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None
