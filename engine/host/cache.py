"""Where the engine keeps what it builds and downloads for itself: the user cache directory
(``ROSLYN_TUI_CACHE_DIR`` overrides it). Nothing of a solution's is written here but its REPL build.

What is kept for one solution or app is marked with its owner's path (``owned``), so that it can be
removed once the owner is gone (``engine.workspace.warmup.cache_pruning``)."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .files import write_whole

CACHE_DIR_VARIABLE = "ROSLYN_TUI_CACHE_DIR"
OWNER_FILE = "owner.txt"


def cache_dir(*parts: str) -> Path:
    """``<cache>/<parts...>``, created."""
    override = os.environ.get(CACHE_DIR_VARIABLE)
    if override:
        base = Path(override)
    else:
        from platformdirs import user_cache_dir

        base = Path(user_cache_dir("roslyn-tui"))
    path = base.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created): two processes never build the same thing at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def owned(folder: Path, owner: Path) -> Path:
    """``folder`` (one ``cache_dir`` made), marked as kept for ``owner`` (a solution's directory or file,
    an app)."""
    if owner_of(folder) != owner:
        write_whole(folder / OWNER_FILE, str(owner))
    return folder


def owner_of(folder: Path) -> Path | None:
    """What ``folder`` was kept for, or ``None`` when it does not say (made before owners were marked)."""
    try:
        return Path((folder / OWNER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
