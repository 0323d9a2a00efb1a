"""``dotnet build app.cs`` into the user cache (never beside the app), its errors read from the log."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..host.cache import owned
from ..testing.build_log import messages
from ..testing.child import run_child
from ..workspace.file_apps.virtual_project import app_directory

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


def build_app(app: Path, dotnet: str) -> AppBuild:
    """Build ``app`` as ``dotnet run`` would, its output in the app's cache folder."""
    artifacts = owned(app_directory(app), app) / "run"
    command = [dotnet, "build", str(app), "--artifacts-path", str(artifacts), "--nologo", "-v:q", "-clp:NoSummary"]
    finished = run_child(command, app.parent, BUILD_TIMEOUT)
    # A line in the app names it; a restore or project error names none (line 0).
    errors = {
        (message.line if Path(message.file).name == app.name else 0, message.id, message.message): None
        for message in messages(finished.output)
        if message.severity == "error"
    }
    found = tuple(BuildError(*key) for key in errors)
    assembly = next(iter(sorted((artifacts / "bin").glob(f"*/{app.stem}.dll"))), None)
    ok = finished.exit_code == 0 and not found
    if finished.exit_code != 0 and not found:
        tail = " ".join(finished.output.strip().splitlines()[-3:])[:500]
        found = (BuildError(0, "build", tail or f"dotnet build exited with code {finished.exit_code}"),)
    return AppBuild(ok, found, finished.seconds, assembly if ok else None)
