"""The coverage of the last run with coverage, kept with the session that ran it: the lines of each file
and each file's SHA-256 at the time, so that an answer says which files changed since."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ...host.digest import file_digest
from .cobertura import FileLines


@dataclass(frozen=True)
class Coverage:
    files: dict[str, FileLines]
    digests: dict[str, str | None]
    run: str
    """Which tests, of what, when: ``9 tests of Loop.slnx (every test), 14:07:21``."""
    collector: str
    reports: tuple[str, ...]

    def stale(self, path: str) -> bool:
        """Whether ``path`` changed since the run (its lines are then the run's)."""
        return path in self.digests and file_digest(path) != self.digests[path]


class KeptCoverage:
    """A session's part: the latest coverage (one run replaces the last)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: Coverage | None = None

    def keep(self, coverage: Coverage) -> None:
        with self._lock:
            self._latest = coverage

    @property
    def latest(self) -> Coverage | None:
        with self._lock:
            return self._latest
