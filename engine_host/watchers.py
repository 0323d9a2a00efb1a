"""The front ends that watch the shared engine (the terminal app): the assistant's activity sent to
each as it happens, and writes held until one of them approves.

Activity events are sent from the event loop; a write waits in its worker thread, while the loop sends
the diff to the watchers that approve and takes the first decision back.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectSendStream

from engine import ApprovalNeeded, PendingWrite, WriteRejected
from mcp_server.approval import ask_the_client
from mcp_server.config import Settings
from mcp_server.tools.registry import current_context, current_tool
from shared_engine import protocol
from shared_engine.caller import current_caller

log = logging.getLogger("roslyn_mcp")

BACKLOG = 200
"""Events a watcher that attaches late is sent first: the session so far, as the panel shows it."""
_QUEUE = 1000


@dataclass(eq=False)
class Watcher:
    outbox: MemoryObjectSendStream[dict[str, Any]]
    approves: bool = False


@dataclass(eq=False)
class _Asked:
    id: int
    decided: threading.Event = field(default_factory=threading.Event)
    reason: str | None = "no answer"


class Watchers:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._watchers: list[Watcher] = []
        self._backlog: deque[dict[str, Any]] = deque(maxlen=BACKLOG)
        self._asked: dict[int, _Asked] = {}
        self._numbers = itertools.count(1)
        self.always_approve = protocol.approval_asked()
        """``ROSLYN_APPROVE_WRITES=1`` where the engine started: every write waits for a person."""
        self.timeout = Settings.from_environment().approve_timeout_seconds

    # On the event loop ---------------------------------------------------------------------------

    def add(self, watcher: Watcher) -> None:
        for event in self._backlog:
            self._send(watcher, event)
        self._watchers.append(watcher)

    def remove(self, watcher: Watcher) -> None:
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    def observe(self, event: dict[str, Any]) -> None:
        """An activity event: kept for later watchers, sent to the present ones."""
        self._backlog.append(event)
        for watcher in list(self._watchers):
            self._send(watcher, event)

    def heard(self, watcher: Watcher, message: dict[str, Any]) -> None:
        """A watcher's line: approval switched on or off, or a decision on a write."""
        if isinstance(message.get("approve_writes"), bool):
            watcher.approves = message["approve_writes"]
        decision = message.get("decision")
        asked = self._asked.get(decision) if isinstance(decision, int) else None
        if asked is not None and not asked.decided.is_set():
            reason = message.get("reason") or "rejected without a reason"
            asked.reason = None if message.get("accept") is True else str(reason)
            asked.decided.set()
            self._broadcast({"kind": "decided", "id": asked.id, "accepted": asked.reason is None})

    def _broadcast(self, event: dict[str, Any]) -> None:
        self._send_each(list(self._watchers), event)

    def _send_each(self, watchers: list[Watcher], event: dict[str, Any]) -> None:
        for watcher in watchers:
            self._send(watcher, event)

    def _send(self, watcher: Watcher, event: dict[str, Any]) -> None:
        try:
            watcher.outbox.send_nowait(event)
        except (anyio.WouldBlock, anyio.BrokenResourceError, anyio.ClosedResourceError):
            log.debug("a watcher fell behind; event %s dropped", event.get("kind"))

    # In a worker thread --------------------------------------------------------------------------

    def approve(self, pending: PendingWrite) -> str | None:
        """``engine.set_write_approver``'s approver: ``None`` to write, else why not. Only an assistant's
        writes wait: a person's own, made in a terminal app on this engine, are theirs to make. So do
        those of an assistant's call another engine routed here (``shared_engine.caller``)."""
        caller = current_caller()
        if caller is None and current_context()[0] is None:
            return None
        if caller is not None and caller.approved is not None:
            if caller.approved == pending.digest():
                return None  # the calling engine's person accepted this very write
            raise WriteRejected(
                "The write changed while it waited for approval: nothing was written.",
                "Preview it again, then apply that preview.",
            )
        tool = caller.tool if caller is not None else current_tool()
        approvers = self._approvers()
        if approvers:
            return self._ask_watchers(approvers, pending, tool)
        if not self.always_approve and not (caller is not None and caller.approval):
            return None
        if caller is not None:
            raise ApprovalNeeded(pending)  # the calling engine asks its own person or client
        return ask_the_client(pending, self.timeout)

    def wanted(self) -> bool:
        """Whether an assistant's write here would wait for a person. Read without the event loop: a
        request to another engine may be made from it, and a copy of the list is safe in any thread."""
        return self.always_approve or any(w.approves for w in list(self._watchers))

    def ask(self, pending: PendingWrite, tool: str) -> str | None:
        """Put a write (here, or in another engine for this engine's assistant) to a person: the terminal
        apps here that approve, else this call's client."""
        approvers = self._approvers()
        if approvers:
            return self._ask_watchers(approvers, pending, tool)
        return ask_the_client(pending, self.timeout)

    def _approvers(self) -> list[Watcher]:
        return self._call_on_loop(  # type: ignore[no-any-return]
            lambda: [w for w in self._watchers if w.approves or self.always_approve]
        )

    def _ask_watchers(self, approvers: list[Watcher], pending: PendingWrite, tool: str) -> str | None:
        asked = _Asked(next(self._numbers))
        self._asked[asked.id] = asked
        event = {
            "kind": "approve",
            "id": asked.id,
            "tool": tool,
            "files": [path for path, _, _ in pending.files],
            "diff": pending.diff(),
            "timeout_s": self.timeout,
        }
        self._call_on_loop(lambda: self._send_each(approvers, event))
        try:
            if not asked.decided.wait(self.timeout):
                asked.reason = f"no answer within {self.timeout:.0f} s"
                self._call_on_loop(lambda: self._broadcast({"kind": "decided", "id": asked.id, "accepted": False}))
            return asked.reason
        finally:
            self._asked.pop(asked.id, None)

    def _call_on_loop(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(_call(work), self._loop).result()


async def _call(work: Any) -> Any:
    return work()


def encoded(event: dict[str, Any]) -> bytes:
    return json.dumps(event, separators=(",", ":"), default=str).encode("utf-8") + b"\n"
