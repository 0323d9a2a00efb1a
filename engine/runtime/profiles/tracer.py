"""One ``dotnet-trace`` run: the sampler (about 100 samples a second per thread) and the runtime's
method names, with allocation sampling when asked, written as nettrace with its speedscope beside.

Two ways in. ``listen``: the tracer waits on a socket in a short scratch folder and the process to trace
is given that socket (``DOTNET_DiagnosticPorts``) — a test host, an app — so nothing else connects.
``attach``: the tracer joins a process already running (the REPL's worker), found by the pid it sees
itself as and its ``TMPDIR``, as ``dotnet-stack`` finds it (``engine.runtime.stacks``); it is stopped
with SIGINT, as Ctrl+C stops it, and the runtime's rundown then names every method."""

from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

from ...errors import EngineError
from ...sandbox import allowlisted_environment
from ..stacks.capture import Listening

PROFILE = "dotnet-sampled-thread-time"
NAMING = 0x10018
"""The runtime's loader and JIT keywords: at the verbose level their method events carry the names as
each method is compiled, not only at the end (a host that is ended gives no rundown). At the
informational level (``dotnet-common``'s) the names came only now and then: 0 of 3 runs of a 10 s test."""
ALLOCATIONS = 0x1
"""The GC keyword: at the verbose level, an ``AllocationTick`` every ~100 KB allocated, with its stack."""
_SOCKET_PATIENCE = 10.0
_ATTACH_PATIENCE = 30.0
_CONVERT_PATIENCE = 120.0


def providers(allocations: bool) -> str:
    """The runtime provider's keywords at the verbose level (a profile's own setting for the same
    provider would be replaced by this one, so the GC keyword goes here too)."""
    return f"Microsoft-Windows-DotNETRuntime:{NAMING | (ALLOCATIONS if allocations else 0):#x}:5"


class Tracer:
    """``dotnet-trace collect`` writing ``output``; ``finish`` gives its files."""

    def __init__(self, tool: Path, output: Path, allocations: bool = False) -> None:
        self.tool = tool
        self.output = output
        self.allocations = allocations
        self._sockets: Path | None = None
        self._process: subprocess.Popen[str] | None = None

    def listen(self) -> Path:
        """Start listening; the socket to give the process to trace."""
        self._sockets = Path(tempfile.mkdtemp(prefix="rtui-trace-"))  # a socket's path is at most 107 bytes
        socket = self._sockets / "trace.sock"
        self._start(["--diagnostic-port", str(socket)], {})
        deadline = time.monotonic() + _SOCKET_PATIENCE
        while not socket.exists():
            if self._exited() or time.monotonic() > deadline:
                raise EngineError(
                    f"dotnet-trace did not start listening: {self._errors() or 'no socket'}",
                    "Profile again; the doctor's output shows the SDK the tools need.",
                )
            time.sleep(0.05)
        return socket

    def attach(self, process: Listening) -> None:
        """Join ``process`` and wait until its session records."""
        self._start(["-p", str(process.seen_as)], {"TMPDIR": process.temp})
        deadline = time.monotonic() + _ATTACH_PATIENCE
        while "Output File" not in self._said():  # written once the session runs
            if self._exited() or time.monotonic() > deadline:
                raise EngineError(
                    f"dotnet-trace could not attach to process {process.pid}: {self._errors() or 'no session'}",
                    "The process may have ended; profile again.",
                )
            time.sleep(0.05)

    def finish(self, stop: bool = False, why_empty: str = "") -> tuple[Path, Path]:
        """Wait for the trace to end (``stop``: end it now) and be converted: (speedscope, nettrace).

        Raises:
            EngineError: it did not finish, or wrote no profile (``why_empty`` says why, when known).
        """
        assert self._process is not None
        if stop and not self._exited():
            self._process.send_signal(signal.SIGINT)
        try:
            _, errors = self._process.communicate(timeout=_CONVERT_PATIENCE)
        except subprocess.TimeoutExpired:
            raise EngineError("dotnet-trace did not finish writing the profile.", "Profile less, or again.") from None
        speedscope = self.output.with_suffix(".speedscope.json")
        if not speedscope.exists():
            problem = why_empty or (errors or "").strip()[-300:] or "nothing was traced"
            raise EngineError(f"No profile was written: {problem}", "Check that the code builds and runs.")
        return speedscope, self.output

    def __enter__(self) -> Tracer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait(timeout=5)
        if self._sockets is not None:
            shutil.rmtree(self._sockets, ignore_errors=True)

    def _start(self, how: list[str], settings: dict[str, str]) -> None:
        command = [str(self.tool), "collect", *how, "--profile", PROFILE, "--providers", providers(self.allocations),
                   "--format", "speedscope", "--output", str(self.output)]  # fmt: skip
        with self._log.open("w", encoding="utf-8") as log:
            self._process = subprocess.Popen(
                command,
                env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1", **settings}),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )

    @property
    def _log(self) -> Path:
        return self.output.with_suffix(".log")

    def _said(self) -> str:
        try:
            return self._log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def _exited(self) -> bool:
        return self._process is not None and self._process.poll() is not None

    def _errors(self) -> str:
        if self._process is None or self._process.stderr is None or not self._exited():
            return ""
        return self._process.stderr.read().strip()[-300:]
