"""Where a solution's engine listens: a socket in a directory only its user can enter."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .solution_choice import chosen_in


class NoPrivatePlace(Exception):
    """The runtime directory is not the user's alone: nothing may listen there."""


def runtime_directory() -> Path:
    """``$XDG_RUNTIME_DIR/roslyn-tui`` (else ``/tmp/roslyn-tui-<uid>``), made ``0700`` and checked to be
    this user's own and no one else's: a socket there can be reached by this user alone.

    Raises:
        NoPrivatePlace: the directory belongs to someone else, is reachable by others, or is a link.
    """
    base = os.environ.get("ROSLYN_ENGINE_DIR")
    if base:
        directory = Path(base)
    elif os.environ.get("XDG_RUNTIME_DIR"):
        directory = Path(os.environ["XDG_RUNTIME_DIR"]) / "roslyn-tui"
    else:
        directory = Path(tempfile.gettempdir()) / f"roslyn-tui-{os.getuid()}"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = os.lstat(directory)
    except OSError as error:
        raise NoPrivatePlace(f"{directory} cannot be made ({error.strerror}).") from error
    if not stat.S_ISDIR(found.st_mode):
        raise NoPrivatePlace(f"{directory} is not a directory (a link or a file stands there).")
    if found.st_uid != os.getuid():
        raise NoPrivatePlace(f"{directory} belongs to uid {found.st_uid}, not to this user ({os.getuid()}).")
    if found.st_mode & 0o077:
        raise NoPrivatePlace(f"{directory} can be entered by others (mode {stat.S_IMODE(found.st_mode):o}).")
    return directory


@dataclass(frozen=True)
class Place:
    """A solution's engine: its socket, the lock its starters take, its log."""

    directory: Path
    key: str

    @property
    def socket(self) -> Path:
        return self.directory / f"{self.key}.sock"

    @property
    def lock(self) -> Path:
        return self.directory / f"{self.key}.lock"

    @property
    def log(self) -> Path:
        return self.directory / f"{self.key}.log"

    @property
    def token(self) -> Path:
        """The bearer token of the engine's HTTP transport, when it serves one."""
        return self.directory / f"{self.key}.token"

    @property
    def about(self) -> Path:
        """What the engine serves (``solution``, ``projects``, ``version``, ``pid``), for the front ends
        that look for it by solution (the terminal app) and for those of another version."""
        return self.directory / f"{self.key}.json"

    def describe(self, solution: str, projects: str | None, version: str) -> None:
        text = json.dumps(
            {"solution": _real(solution), "projects": projects or "", "version": version, "pid": os.getpid()}
        )
        self.about.write_text(text, encoding="utf-8")
        os.chmod(self.about, 0o600)

    def forget(self) -> None:
        for path in (self.socket, self.about, self.token):
            path.unlink(missing_ok=True)


@dataclass(frozen=True)
class Running:
    place: Place
    projects: str
    version: str
    pid: int


def engines_of(solution: str) -> list[Running]:
    """The engines whose description names ``solution`` and whose process still runs (any version)."""
    try:
        directory = runtime_directory()
    except NoPrivatePlace:
        return []
    found = []
    for about in sorted(directory.glob("*.json")):
        try:
            described = json.loads(about.read_text(encoding="utf-8"))
            os.kill(int(described["pid"]), 0)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if described.get("solution") == _real(solution):
            place = Place(directory, about.stem)
            found.append(
                Running(place, str(described.get("projects", "")), str(described.get("version")), int(described["pid"]))
            )
    return found


def _real(solution: str) -> str:
    """The file a front end's path opens, as a real path: a directory is the solution it opens."""
    real = os.path.realpath(os.path.expanduser(solution))
    with contextlib.suppress(OSError):
        if os.path.isdir(real) and (chosen := chosen_in(Path(real))) is not None:
            return str(chosen[0])
    return real


def place_of(solution: str, projects: str | None, version: str) -> Place:
    """The place of the engine for ``solution`` (focused on ``projects``) of this ``version``: two front
    ends meet there when they name the same solution, the same way or not (the real path counts)."""
    material = "\0".join((_real(solution), projects or "", version))
    return Place(runtime_directory(), hashlib.sha256(material.encode("utf-8", "surrogateescape")).hexdigest()[:20])
