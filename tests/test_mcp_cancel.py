"""A request the client cancels stops its engine work, not only the server's wait for it."""

from __future__ import annotations

import threading
import time

import anyio

from engine.host.interop import Operation
from mcp_server.responses import run_engine


async def test_cancelling_a_request_cancels_the_operation_its_worker_started(shop):  # shop: the runtime is up
    started = threading.Event()
    seen: dict[str, Operation] = {}

    def slow_query() -> str:
        operation = Operation("a slow query", None)
        seen["operation"] = operation
        started.set()
        while not operation.cancelled:  # a query waits on Roslyn in slices and checks this between them
            time.sleep(0.01)
        return "stopped"

    with anyio.move_on_after(0.5):
        await run_engine(slow_query, "slow_query")
    assert started.is_set() and seen["operation"].cancelled
