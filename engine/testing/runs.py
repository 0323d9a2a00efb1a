"""Where builds and test runs keep their logs and results: the engine's cache, per solution, the newest
few of each kind (a log is named in an answer, never sent whole)."""

from __future__ import annotations

import hashlib
import shutil
import time
from pathlib import Path

from ..host.cache import cache_dir, owned

_KEPT = 10


def run_directory(root: Path, kind: str) -> Path:
    """A new directory for one ``kind`` of run (``build``, ``test``) of the solution at ``root``; the
    oldest beyond the newest ten are removed."""
    solution = hashlib.sha256(str(root).encode()).hexdigest()[:12]
    parent = owned(cache_dir("runs", solution), root)
    stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.monotonic_ns() % 1_000_000:06d}"
    directory = parent / f"{kind}-{stamp}"
    directory.mkdir(parents=True)
    for old in sorted(parent.glob(f"{kind}-*"))[:-_KEPT]:
        _remove(old)
    return directory


def _remove(directory: Path) -> None:
    shutil.rmtree(directory, ignore_errors=True)
