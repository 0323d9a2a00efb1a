"""Who a request to another solution's engine is made for. An assistant's tool call routed there
(``solution=``) writes that solution's files in that engine, where no MCP call is being made: without
this, its writes would pass as a person's own and never wait for approval.

The calling engine sends a ``Caller`` with each request of an assistant's call. The engine that answers
puts the call's writes to its own terminal apps that approve; when none does but approval is wanted
(by the calling engine, or by its own ``ROSLYN_APPROVE_WRITES``), it answers ``ApprovalNeeded`` and
writes nothing. The calling engine then asks its person or its client (``Asker.ask``) and, once they
accept, sends the request again with the write's digest: only that exact write is then made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Caller:
    """Travels with a request: the tool the assistant called, whether the calling engine wants its
    writes approved, and the digest of the write a person there approved (the request made again)."""

    tool: str
    approval: bool
    approved: str | None = None


@dataclass(frozen=True)
class Asker:
    """The calling engine's side: the caller, and what to do with the answering engine's error."""

    caller: Caller
    approved: Callable[[Exception], Caller | None]
    """When the error is a write waiting for approval: it is put to this side's person or client, and
    the caller to send the request again with is given (a rejection is raised); else ``None``."""


_answering: ContextVar[Caller | None] = ContextVar("answering_for", default=None)
_asking: Callable[[], Asker | None] | None = None


def ask_through(asking: Callable[[], Asker | None]) -> None:
    """Set by the MCP server: how it describes the assistant's call under way in a thread."""
    global _asking
    _asking = asking


def asking() -> Asker | None:
    """The assistant's call under way in this thread (``None`` outside one, or with no MCP server here)."""
    return _asking() if _asking is not None else None


@contextmanager
def answering_for(caller: Caller | None) -> Iterator[None]:
    """In the answering engine: the request being answered is made for ``caller``."""
    token = _answering.set(caller)
    try:
        yield
    finally:
        _answering.reset(token)


def current_caller() -> Caller | None:
    """The assistant's call another engine is answered for here (``None``: a front end's own request,
    or a call made in this engine)."""
    return _answering.get()
