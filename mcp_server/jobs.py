"""Calls that outlive an assistant's time limit: jobs.

Clients end a tool call at a fixed time whatever the server does (Claude Code at 60 s). A call still
running when ``ROSLYN_CALL_BUDGET_SECONDS`` (default 50) have passed answers then, with its progress so
far and a job id; the work goes on in its thread. ``job_status`` says how it goes, ``job_result`` gives
its answer once done (paged like the call's own), ``cancel_job`` stops it. A finished job's answer is
kept until it is read or the server ends; nothing runs twice.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_PROGRESS: dict[int, str] = {}
"""The latest progress message each worker thread sent (``progress.from_worker``)."""


def record_progress(message: str) -> None:
    _PROGRESS[threading.get_ident()] = message


@dataclass
class Job:
    id: str
    tool: str
    started: float = field(default_factory=time.monotonic)
    done: threading.Event = field(default_factory=threading.Event)
    thread: int | None = None
    view: Any = None
    error: BaseException | None = None
    cancelled: bool = False
    shape: Callable[[Any], Any] | None = None
    """Makes the call's tool result of the finished view (its paging, its budget)."""

    def run(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` on this (worker) thread, keeping its view or error for whoever asks later."""
        self.thread = threading.get_ident()
        _PROGRESS.pop(self.thread, None)  # a pool thread's: another call's
        try:
            self.view = work()
            return self.view
        except BaseException as error:
            self.error = error
            raise
        finally:
            _PROGRESS.pop(self.thread, None)
            self.done.set()

    @property
    def progress(self) -> str:
        return _PROGRESS.get(self.thread or 0, "")

    @property
    def state(self) -> str:
        if self.cancelled:
            return "cancelled"
        if not self.done.is_set():
            return "running"
        return "failed" if self.error is not None else "finished"

    def status(self) -> str:
        """One line: the job, its tool, its state, the time it has taken, its progress so far."""
        seconds = time.monotonic() - self.started
        progress = f"; progress: {self.progress}" if self.progress and self.state == "running" else ""
        return f"job {self.id} ({self.tool}): {self.state} after {seconds:.0f} s{progress}"


class Jobs:
    """The server's jobs: every call starts as one; those that answer in time are forgotten at once."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()

    def start(self, tool: str) -> Job:
        with self._lock:
            job = Job(f"job-{next(self._numbers)}", tool)
            return job

    def keep(self, job: Job) -> None:
        """``job`` outlived its call: kept until its answer is read (or it is cancelled)."""
        with self._lock:
            self._jobs[job.id] = job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id.strip())

    def forget(self, job: Job) -> None:
        with self._lock:
            self._jobs.pop(job.id, None)

    def listed(self) -> list[Job]:
        with self._lock:
            return list(self._jobs.values())


JOBS = Jobs()
