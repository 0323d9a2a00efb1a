"""Ending the server promptly: SIGTERM, SIGINT or the client closing stdin stop it within about a
second, with every child process (restore, build, MSBuild's BuildHost) ended first.

The process leaves with ``os._exit``: a .NET runtime with threads still inside Roslyn can take many
seconds to unload (or abort), and nothing is left to flush (each reply is flushed as it is written).
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable
from types import FrameType

from engine import exit_now, finish_sessions

log = logging.getLogger("roslyn_mcp")


def leave(status: int = 0) -> None:
    """Finish the index the next start answers from (1.2 s at most), end every child process, then
    this one."""
    try:
        finish_sessions()
    finally:
        exit_now(status)


def on_signals(first: Callable[[], None] | None = None) -> None:
    """SIGTERM and SIGINT end the server (and its children) at once, after ``first``."""

    def stop(number: int, _: FrameType | None) -> None:
        log.info("%s: stopping", signal.Signals(number).name)
        if first is not None:
            first()
        leave(0)

    for which in (signal.SIGTERM, signal.SIGINT):
        signal.signal(which, stop)
