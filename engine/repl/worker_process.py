"""One REPL worker process: JSON lines over a pair of pipes, watched for the time and memory limits.

The worker's own stdout and stderr are not the protocol (user code may write to them directly), so
nothing it prints reaches the server's stdout: stdout goes nowhere and the tail of stderr is kept
for the message when the worker dies.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import select
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import OperationCancelled, ReplLimitHit, ReplUnavailable
from ..sandbox import confined
from ..sandbox.processes import end_group, resident_bytes
from .limits import ReplLimits

_POLL_SECONDS = 0.02


class WorkerProcess:
    """A started worker. ``ask`` sends one request and waits for its answer under the limits."""

    def __init__(self, dotnet: Path, assembly: Path, limits: ReplLimits, cwd: Path) -> None:
        self.limits = limits
        self.started = time.time()
        request_read, request_write = os.pipe()
        answer_read, answer_write = os.pipe()
        self.confined = confined(
            [str(dotnet), str(assembly)],
            network=limits.network,
            processes=limits.processes,
            ROSLYN_REPL_FDS=f"{request_read},{answer_write}",
            DOTNET_GCHeapHardLimit=hex(limits.memory_mb * 1024 * 1024),
            DOTNET_gcServer="0",
            DOTNET_CLI_TELEMETRY_OPTOUT="1",
            # Its diagnostics socket stays (in the scratch directory: a profile of REPL code attaches
            # there); no debugger or profiler may attach.
            DOTNET_EnableDiagnostics_Debugger="0",
            DOTNET_EnableDiagnostics_Profiler="0",
        )
        try:
            # A session of its own: ending the group ends what the code started, confined or not.
            self.process = subprocess.Popen(
                self.confined.command,
                pass_fds=(request_read, answer_write),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=self.confined.environment,
                start_new_session=True,
            )
        except OSError as error:
            self.confined.cleanup()
            raise ReplUnavailable(f"The REPL worker could not start: {error}.", "Check that dotnet runs.") from error
        finally:
            os.close(request_read)
            os.close(answer_write)
        self._requests = os.fdopen(request_write, "wb", buffering=0)
        self._answers = answer_read
        self._buffer = bytearray()
        self._closing = threading.Lock()
        self._closed = False
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        threading.Thread(target=self._drain_stderr, name="repl-worker-stderr", daemon=True).start()

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def resident_bytes(self) -> int:
        """The worker's memory with every process it started (the confinement's own included)."""
        return resident_bytes(self.pid)

    def ask(
        self,
        request: dict[str, Any],
        *,
        limited: bool = True,
        cancelled: Any = None,
        before_kill: Callable[[], None] | None = None,
    ) -> dict[str, Any]:
        """Send ``request``; wait for the answer. With ``limited`` the time and memory limits apply and a
        worker over either is killed (``ReplLimitHit``); ``cancelled()`` true kills it too. ``before_kill``
        runs first then, while the worker still answers (a profiler ends its trace there)."""
        try:
            self._requests.write(json.dumps(request).encode("utf-8") + b"\n")
        except OSError:
            raise self._died() from None
        deadline = time.monotonic() + self.limits.time_seconds if limited else None
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([self._answers], [], [], _POLL_SECONDS)
            if ready:
                chunk = os.read(self._answers, 1 << 16)
                if not chunk:
                    raise self._died()
                self._buffer.extend(chunk)
                continue
            if cancelled is not None and cancelled():
                self._kill_after(before_kill)
                raise OperationCancelled("The evaluation was cancelled; its context ended.", "Run it again.")
            if deadline is not None and time.monotonic() > deadline:
                self._kill_after(before_kill)
                raise ReplLimitHit(
                    f"The evaluation ran past the {self.limits.time_seconds:g} s time limit; its worker was killed "
                    "and the context ended (its variables are gone).",
                    "Make the code finish sooner (no endless loop, less work), or raise ROSLYN_REPL_TIMEOUT_SECONDS.",
                    limit="time",
                )
            if limited and self.resident_bytes() > self.limits.process_bytes:
                self._kill_after(before_kill)
                raise self._memory_limit()
        line, _, rest = bytes(self._buffer).partition(b"\n")
        self._buffer = bytearray(rest)
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise ReplUnavailable(f"The REPL worker failed on the request: {answer['error']}", "Run it again.")
        exception = answer.get("exception")
        if limited and exception and exception.get("out_of_memory"):
            self.kill()
            raise self._memory_limit()
        return answer

    def _kill_after(self, before_kill: Callable[[], None] | None) -> None:
        if before_kill is not None:
            before_kill()
        self.kill()

    def _memory_limit(self) -> ReplLimitHit:
        return ReplLimitHit(
            f"The evaluation hit the {self.limits.memory_mb} MB memory limit; its worker was killed and the "
            "context ended (its variables are gone).",
            "Use less memory (smaller collections, stream the data), or raise ROSLYN_REPL_MEMORY_MB.",
            limit="memory",
        )

    def _died(self) -> ReplUnavailable:
        code = self.process.wait()
        tail = "\n".join(self._stderr)
        return ReplUnavailable(
            f"The REPL worker exited (code {code}) and its context ended." + (f"\n{tail}" if tail else ""),
            "Run the code again: a new context starts. If it exits again, the code ends the process "
            "(Environment.Exit, a stack overflow).",
        )

    def kill(self) -> None:
        """End the worker and every process it started at once (its state is lost); safe to call twice."""
        end_group(self.process)
        self.confined.cleanup()
        with self._closing:
            if self._closed:
                return
            self._closed = True
            with contextlib.suppress(OSError):
                self._requests.close()
            os.close(self._answers)  # a descriptor number is reused at once: close it exactly once

    def _drain_stderr(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self._stderr.append(raw.decode("utf-8", "replace").rstrip())
