"""Running a file-based app for the user or an assistant: built as ``dotnet run`` builds it (in the
server, into the user cache), then run confined as REPL code is, with its output captured. An app run
past its time, or stopped, answers with where each of its threads was (``engine.runtime.stacks``): its
runtime keeps its diagnostics socket (in the run's scratch), the debugger's and profiler's are off."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from ..repl.limits import ReplLimits
from ..sandbox import confined
from ..sandbox.processes import end_group
from ..testing.child import (
    ChildFailed,
    RunStopped,
    StoppedEarly,
    cancellable,
    dotnet_path,
    read_before_end,
    stuck_reader,
)
from ..testing.runtimes import roll_forward_note
from ..views.apps import AppError, AppRun
from ..workspace.boundary import is_inside, real
from .build import build_app

MAX_OUTPUT = 64 * 1024
DEFAULT_TIMEOUT = 30.0
_POLL = 0.1


def run_app(
    path: str,
    arguments: list[str] | None = None,
    session: Any | None = None,
    timeout: float | None = None,
    cancelled: Callable[[], bool] | None = None,
    *,
    settings: dict[str, str] | None = None,
) -> AppRun:
    """Build and run the app at ``path`` (inside the loaded solution's directory, or the working
    directory when none is loaded) with ``arguments``; its exit code and output. Past ``timeout`` or
    once ``cancelled()`` (else a cancel of this thread's request), it is ended, its stacks read first.
    ``settings`` join its environment (a profiler's diagnostics port)."""
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
    settings = {**(settings or {}), **({"DOTNET_ROLL_FORWARD": "Major"} if rolled else {})}
    run = confined(
        [dotnet, str(built.assembly), *args],
        network=limits.network,
        processes=limits.processes,
        DOTNET_GCHeapHardLimit=hex(limits.memory_mb * 1024 * 1024),
        DOTNET_gcServer="0",
        DOTNET_EnableDiagnostics_Debugger="0",
        DOTNET_EnableDiagnostics_Profiler="0",
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
    try:
        stdout, stderr, early = _waited(
            process, dotnet, started, timeout or DEFAULT_TIMEOUT, cancellable("app run", cancelled)
        )
    finally:
        end_group(process)
        run.cleanup()
    hang = None
    if early is not None and early.stuck is not None and session is not None and (reader := stuck_reader()):
        hang = session.run(reader[1], early.stuck, early.seconds)
    cut = len(stdout) > MAX_OUTPUT or len(stderr) > MAX_OUTPUT
    return AppRun(
        str(app),
        args,
        None if early is not None else process.returncode,
        stdout[:MAX_OUTPUT].decode("utf-8", "replace"),
        stderr[:MAX_OUTPUT].decode("utf-8", "replace"),
        cut,
        round(time.monotonic() - started, 2),
        round(built.seconds, 2),
        run.description,
        timed_out=isinstance(early, ChildFailed),
        runtime=rolled,
        stopped=isinstance(early, RunStopped),
        hang=hang,
    )


def _waited(
    process: subprocess.Popen[bytes],
    dotnet: str,
    started: float,
    timeout: float,
    cancelled: Callable[[], bool],
) -> tuple[bytes, bytes, StoppedEarly | None]:
    """The app's output once it ends; when it is ended first (past ``timeout``, or stopped), what ended
    it, with its stacks read before."""
    while True:
        try:
            stdout, stderr = process.communicate(timeout=_POLL)
            return stdout, stderr, None
        except subprocess.TimeoutExpired:
            early: ChildFailed | RunStopped
            if cancelled():
                early = RunStopped("The app was stopped before it ended.", "Run it again when you need it.")
            elif time.monotonic() - started > timeout:
                early = ChildFailed(f"The app ran past {timeout:g} s.", "Give it a longer timeout.")
            else:
                continue
        read_before_end(early, process.pid, dotnet, started)
        end_group(process)
        stdout, stderr = process.communicate()
        return stdout, stderr, early
