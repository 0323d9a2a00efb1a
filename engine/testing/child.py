"""Running ``dotnet build`` and ``dotnet test`` for the user: a child process that inherits no secrets,
leaves nothing running behind it, and can be stopped.

The child gets an environment built from an allowlist (what ``dotnet`` needs to find itself, its
packages and a terminal's locale), never the front end's own, where an assistant's API keys live. It
runs in a session of its own, so that ending it ends every process it started (MSBuild nodes, the
test host); build servers are turned off so that none outlives it.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import EngineError, InvalidArgument, OperationCancelled
from ..host.interop import Operation
from ..sandbox import allowlisted_environment

_QUIET = {
    "DOTNET_CLI_TELEMETRY_OPTOUT": "1",
    "DOTNET_NOLOGO": "1",
    "DOTNET_CLI_UI_LANGUAGE": "en",  # the log is read by a parser: its words must not depend on the locale
    "MSBUILDDISABLENODEREUSE": "1",
    "DOTNET_CLI_USE_MSBUILD_SERVER": "0",
    "UseSharedCompilation": "false",
}


class StoppedEarly:
    """What a run ended before its own end carries."""

    stuck: Any = None
    """What the registered reader captured of the run before it was ended (its threads' stacks)."""
    seconds: float = 0.0
    """How long it had run then."""


class ChildFailed(StoppedEarly, EngineError):
    """A ``dotnet`` command could not be started or ran past its time."""


class RunStopped(StoppedEarly, OperationCancelled):
    """The user stopped a run (a client's cancel, the app's stop key) before it ended."""


_stuck_readers: list[tuple[Callable[[int, str], Any], Callable[..., Any]]] = []


def reads_stuck_runs(capture: Callable[[int, str], Any], describe: Callable[..., Any]) -> None:
    """Register what reads a run past its time before it is ended: ``capture(session id, dotnet)`` (the
    run's processes are that session's) and ``describe(snapshot, operation, captured, seconds)``, the
    view a run's answer carries (``engine.runtime.stacks``)."""
    _stuck_readers.append((capture, describe))


def stuck_reader() -> tuple[Callable[[int, str], Any], Callable[..., Any]] | None:
    return _stuck_readers[0] if _stuck_readers else None


@dataclass(frozen=True)
class Finished:
    exit_code: int
    seconds: float
    output: str
    """Everything it wrote, standard output and error interleaved as they came."""


def cancellable(what: str, cancelled: Callable[[], bool] | None) -> Callable[[], bool]:
    """``cancelled``, or whether a fresh operation of this thread was cancelled: a client's cancel of
    the request reaches a child process through the worker thread that waits for it."""
    if cancelled is not None:
        return cancelled
    watch = Operation(what, None)
    return lambda: watch.cancelled


def check_configuration(configuration: str) -> None:
    """A build configuration is a plain name (it goes on a command line)."""
    if not configuration.strip() or any(c in configuration for c in " ;/\\\"'"):
        raise InvalidArgument(f"'{configuration}' is not a configuration name.", "Use Debug or Release.")


def dotnet_path(session: Any | None) -> str:
    """The ``dotnet`` the session loaded with (the one on PATH when none is loaded yet)."""
    return str(session.runtime.dotnet.dotnet) if session is not None and session.runtime else "dotnet"


def dotnet_command(session: Any, verb: str, target: Path, configuration: str, *options: str) -> list[str]:
    """``dotnet <verb> <target> --configuration <c> --nologo <options>`` with the SDK the session loaded with."""
    return [dotnet_path(session), verb, str(target), "--configuration", configuration, "--nologo", *options]


def child_environment() -> dict[str, str]:
    """The allowlisted environment a build or test run gets."""
    return allowlisted_environment(_QUIET)


def run_child(
    command: list[str],
    cwd: Path,
    timeout: float,
    on_line: Callable[[str], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    settings: dict[str, str] | None = None,
    read_stuck: bool = False,
) -> Finished:
    """Run ``command`` in ``cwd`` to its end, each output line to ``on_line`` as it comes; ``settings``
    are added to its allowlisted environment (``DOTNET_ROLL_FORWARD``). With ``read_stuck``, a run past
    its time or stopped is read by the registered reader before it is ended (``StoppedEarly.stuck``).

    Raises:
        ChildFailed: it could not start, or ran past ``timeout`` seconds (it and its children were ended).
        RunStopped: ``cancelled()`` turned true (it and its children were ended).
    """
    started = time.monotonic()
    try:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env={**child_environment(), **(settings or {})},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            start_new_session=True,
        )
    except OSError as error:
        raise ChildFailed(
            f"'{command[0]}' could not be started: {error}.", "Check that the .NET SDK is installed."
        ) from error
    lines: list[str] = []
    arrived: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_read, args=(process, arrived), daemon=True)
    reader.start()

    def drain() -> None:
        # Listeners run on the calling thread: a front end's progress may only be sent from there.
        while True:
            try:
                line = arrived.get_nowait()
            except queue.Empty:
                return
            lines.append(line)
            if on_line is not None:
                with contextlib.suppress(Exception):  # a listener's failure must not stop the run
                    on_line(line.rstrip("\n"))

    try:
        while process.poll() is None:
            drain()
            if cancelled is not None and cancelled():
                stopped = RunStopped(
                    f"{_name(command)} was stopped; it and every process it started were ended.",
                    "Run it again when you need it.",
                )
                read_before_end(stopped, process.pid, command[0], started, read_stuck)
                raise stopped
            if time.monotonic() - started > timeout:
                failed = ChildFailed(
                    f"{_name(command)} ran past {timeout:.0f} s and was stopped with every process it started.",
                    "Give it more time (the timeout argument or ROSLYN_BUILD_TIMEOUT_SECONDS), or build less.",
                )
                read_before_end(failed, process.pid, command[0], started, read_stuck)
                raise failed
            time.sleep(0.05)
    finally:
        _end_group(process)
        reader.join(timeout=5)
        drain()
    return Finished(process.returncode, time.monotonic() - started, "".join(lines))


def read_before_end(early: StoppedEarly, group: int, dotnet: str, started: float, read: bool = True) -> None:
    """Give ``early`` how long the run of session ``group`` ran and, when ``read``, what the registered
    reader captured of it (before it is ended)."""
    early.seconds = time.monotonic() - started
    readers = stuck_reader() if read else None
    if readers is not None:
        with contextlib.suppress(Exception):  # the stacks explain a hang; their absence must not hide it
            early.stuck = readers[0](group, dotnet)


def _read(process: subprocess.Popen[str], arrived: queue.Queue[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        arrived.put(line)


def _end_group(process: subprocess.Popen[str]) -> None:
    """End the child's whole session: what it started dies with it, even when it already exited."""
    for which in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, which)
        except (ProcessLookupError, PermissionError):
            break
        if which == signal.SIGTERM:
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                continue
            if not _group_alive(process.pid):
                break
    if process.poll() is None:
        process.wait(timeout=5)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def _name(command: list[str]) -> str:
    return " ".join(["dotnet", *command[1:2]]) if command else "the command"
