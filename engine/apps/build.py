"""``dotnet build app.cs`` into the user cache (never beside the app), its errors read from the log."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..testing.child import run_child
from .virtual_project import app_directory

_ERROR = re.compile(
    r"^(?P<file>.+?)\((?P<line>\d+),(?P<column>\d+)\): error (?P<id>\w+): (?P<message>.*?)(?: \[[^\]]*\])?$"
)
_GENERAL_ERROR = re.compile(r"^(?:.*?: )?error (?P<id>\w+): (?P<message>.*?)(?: \[[^\]]*\])?$")
BUILD_TIMEOUT = 300.0


@dataclass(frozen=True)
class BuildError:
    line: int
    """Line in the app (0 when the error names no line, e.g. a package that did not restore)."""
    id: str
    message: str


@dataclass(frozen=True)
class AppBuild:
    ok: bool
    errors: tuple[BuildError, ...]
    seconds: float
    assembly: Path | None


def build_app(app: Path, dotnet: str, cancelled: object = None) -> AppBuild:
    """Build ``app`` as ``dotnet run`` would, its output in the app's cache folder."""
    artifacts = app_directory(app) / "run"
    command = [dotnet, "build", str(app), "--artifacts-path", str(artifacts), "--nologo", "-v:q", "-clp:NoSummary"]
    finished = run_child(command, app.parent, BUILD_TIMEOUT, cancelled=cancelled)  # type: ignore[arg-type]
    errors: dict[tuple[int, str, str], None] = {}
    for raw in finished.output.splitlines():
        line = raw.strip()
        match = _ERROR.match(line)
        if match and Path(match["file"]).name == app.name:
            errors[(int(match["line"]), match["id"], match["message"])] = None
            continue
        general = _GENERAL_ERROR.match(line)
        if general and not match:
            errors[(0, general["id"], general["message"])] = None
    found = tuple(BuildError(*key) for key in errors)
    assembly = next(iter(sorted((artifacts / "bin").glob(f"*/{app.stem}.dll"))), None)
    ok = finished.exit_code == 0 and not found
    if finished.exit_code != 0 and not found:
        tail = " ".join(finished.output.strip().splitlines()[-3:])[:500]
        found = (BuildError(0, "build", tail or f"dotnet build exited with code {finished.exit_code}"),)
    return AppBuild(ok, found, finished.seconds, assembly if ok else None)
