"""Approving a write through the client itself (MCP elicitation), where no terminal app approves.

With ``ROSLYN_APPROVE_WRITES=1``, a write waits for a person: in the terminal app watching the shared
engine when one is attached (``watchers``), else by asking the client that made the call to ask its
user, when it supports elicitation. A client that cannot ask gets the write rejected, saying why.

A call routed to another solution's engine carries who it is made for (``set_person_asker``), so its writes
there wait as this engine's own would (``shared_engine.caller``).
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import Protocol

from mcp_types import ClientCapabilities, ElicitationCapability
from pydantic import BaseModel, Field

from engine import ApprovalNeeded, PendingWrite, rejected_write
from shared_engine import protocol
from shared_engine.caller import Asker, Caller, ask_through

from .tools.registry import current_context, current_tool

_DIFF_CHARACTERS = 8_000


class WriteDecision(BaseModel):
    write: bool = Field(description="Write these changes to the files?")
    reason: str = Field(default="", description="If not: why (the assistant receives it)")


def ask_the_client(pending: PendingWrite, timeout: float) -> str | None:
    """``None`` when the client's user accepted the write, else why it was not."""
    ctx, loop = current_context()
    if ctx is None or loop is None:
        return "approval of writes is on (ROSLYN_APPROVE_WRITES=1) and nobody could be asked"
    capable = ClientCapabilities(elicitation=ElicitationCapability())
    if not ctx.request_context.session.check_client_capability(capable):
        return (
            "approval of writes is on (ROSLYN_APPROVE_WRITES=1), no terminal app is attached to approve, and "
            "this client cannot ask its user (no elicitation)"
        )
    files = len(pending.files)
    diff = pending.diff()
    if len(diff) > _DIFF_CHARACTERS:
        diff = diff[:_DIFF_CHARACTERS] + f"\n… ({len(diff) - _DIFF_CHARACTERS} more characters of diff)"
    message = f"{current_tool() or 'A tool'} wants to write {files} file{'s' if files != 1 else ''}:\n\n{diff}"
    asked = asyncio.run_coroutine_threadsafe(ctx.elicit(message, WriteDecision), loop)
    try:
        answer = asked.result(timeout)
    except TimeoutError:
        asked.cancel()
        return f"no answer within {timeout:.0f} s"
    if answer.action == "accept" and answer.data is not None and answer.data.write:
        return None
    if answer.action == "accept" and answer.data is not None:
        return answer.data.reason.strip() or "the user chose not to write it"
    return f"the user answered {answer.action}"


class PersonAsker(Protocol):
    """Who this process puts an assistant's writes to: the engine's watchers, or the client alone."""

    def wanted(self) -> bool:
        """Whether an assistant's write here would wait for a person."""
        ...

    def ask(self, pending: PendingWrite, tool: str) -> str | None:
        """``None`` when a person accepted the write, else why it was not."""
        ...


@dataclass(frozen=True)
class ClientOnly:
    """A server with no terminal app to attach (in process): the client asks its user when asked to."""

    timeout: float

    def wanted(self) -> bool:
        return protocol.approval_asked()

    def ask(self, pending: PendingWrite, tool: str) -> str | None:
        return ask_the_client(pending, self.timeout)


def set_person_asker(asker: PersonAsker) -> None:
    """Who this process puts an assistant's writes to, for the calls it routes to another engine."""

    def describe() -> Asker | None:
        if current_context()[0] is None:
            return None
        tool = current_tool()
        caller = Caller(tool, asker.wanted())

        def approved(error: Exception) -> Caller | None:
            if not isinstance(error, ApprovalNeeded):
                return None
            reason = asker.ask(error.pending, tool)
            if reason is not None:
                raise rejected_write(reason) from None
            return dataclasses.replace(caller, approved=error.pending.digest())

        return Asker(caller, approved)

    ask_through(describe)
