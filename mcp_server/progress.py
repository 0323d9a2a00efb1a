"""Progress notifications from engine work running in a worker thread."""

import logging
from collections.abc import Callable

import anyio
from mcp.server.mcpserver import Context

from .jobs import record_progress

log = logging.getLogger("roslyn_mcp")


def from_worker(ctx: Context, what: str) -> Callable[[int, int, str], None]:
    """A ``(done, total, item)`` callback for the engine that sends ``notifications/progress`` to the
    client (when it asked for them) from the worker thread the engine runs in."""

    def report(done: int, total: int, item: str) -> None:
        message = f"{what}: {item} ({done} of {total})"
        record_progress(message)  # what a job that outlived its call says of itself
        try:
            anyio.from_thread.run(ctx.report_progress, done, total, message)
        except Exception:  # a client without a progress token, or one that went away
            log.debug("progress notification not sent", exc_info=True)

    return report
