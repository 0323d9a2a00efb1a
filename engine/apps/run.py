"""Running a file-based app for the user or an assistant: built as ``dotnet run`` builds it (in the
server, into the user cache), then run confined as REPL code is, with its output captured."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from ..repl.limits import ReplLimits
from ..sandbox import confined
from ..sandbox.processes import end_group
from ..testing.child import dotnet_path
from ..testing.runtimes import roll_forward_note
from ..views.apps import AppError, AppRun
from ..workspace.boundary import is_inside, real
from .build import build_app

MAX_OUTPUT = 64 * 1024
DEFAULT_TIMEOUT = 30.0


def run_app(
    path: str, arguments: list[str] | None = None, session: Any | None = None, timeout: float | None = None
) -> AppRun:
    """Build and run the app at ``path`` (inside the loaded solution's directory, or the working
    directory when none is loaded) with ``arguments``; its exit code and output."""
    from ..repl import consent

    consent.require(session)
    root = Path(session.root) if session is not None else Path.cwd()
    app = real(Path(path) if Path(path).is_absolute() else root / path)
    if app.suffix != ".cs" or not app.is_file():
        raise InvalidArgument(f"{app} is not a file-based app (.cs file).", "Give the path of an app.cs to run.")
    if not is_inside(root, app):
        raise InvalidArgument(f"{app} is outside {root}.", "Run only apps inside the solution's directory.")
    args = tuple(arguments or ())
    dotnet = dotnet_path(session)
    built = build_app(app, dotnet)
    limits = ReplLimits.from_environment()
    if not built.ok or built.assembly is None:
        errors = tuple(AppError(0, e.line, e.line, e.id, e.message) for e in built.errors)
        return AppRun(str(app), args, None, "", "", False, 0.0, round(built.seconds, 2), "", errors)
    rolled = roll_forward_note(built.assembly, dotnet)
    settings = {"DOTNET_ROLL_FORWARD": "Major"} if rolled else {}
    run = confined(
        [dotnet, str(built.assembly), *args],
        network=limits.network,
        processes=limits.processes,
        DOTNET_GCHeapHardLimit=hex(limits.memory_mb * 1024 * 1024),
        DOTNET_gcServer="0",
        DOTNET_EnableDiagnostics="0",
        **settings,
    )
    started = time.monotonic()
    process = subprocess.Popen(
        run.command,
        cwd=app.parent,
        env=run.environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    timed_out = False
    try:
        stdout, stderr = process.communicate(timeout=timeout or DEFAULT_TIMEOUT)
    except subprocess.TimeoutExpired:
        timed_out = True
        end_group(process)
        stdout, stderr = process.communicate()
    finally:
        end_group(process)
        run.cleanup()
    cut = len(stdout) > MAX_OUTPUT or len(stderr) > MAX_OUTPUT
    return AppRun(
        str(app),
        args,
        None if timed_out else process.returncode,
        stdout[:MAX_OUTPUT].decode("utf-8", "replace"),
        stderr[:MAX_OUTPUT].decode("utf-8", "replace"),
        cut,
        round(time.monotonic() - started, 2),
        round(built.seconds, 2),
        run.description,
        timed_out=timed_out,
        runtime=rolled,
    )
