"""Turning an engine view into a tool result: the view's exact text, paged and cut to the budget,
with structured content that mirrors the view."""

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import anyio
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, create_model

from engine import Declaration, EngineError, cancel_thread, incomplete, page, restricted_notice
from shared_engine.session import Session

from .config import Settings
from .jobs import JOBS, Job
from .lean import lean
from .paging import KeptViews, cut_text, decode_cursor, encode_cursor, fingerprint, fit, message_size

log = logging.getLogger("roslyn_mcp")

KEPT = KeptViews()
"""The views later pages of a paged answer are cut from (one server process, one solution at a time)."""


def result_model(view_type: type) -> type[BaseModel]:
    """The structured result of a tool answering with ``view_type``: the view made lean (``lean``) plus
    paging; every field may be left out, meaning empty."""
    return create_model(
        f"{view_type.__name__}Result",
        result=(dict[str, Any] | None, None),
        next_cursor=(str | None, None),
        omitted=(int, 0),
        untrusted=(str | None, None),
        focus=(str | None, None),
        left_out=(str | None, None),
    )


async def answer(
    session: Session | None,
    settings: Settings,
    compute: Callable[..., Any],
    *,
    tool: str,
    serves: Declaration,
    arguments: dict[str, Any],
    paged: bool = False,
    pages_itself: bool = False,
    limit: int = 100,
    cursor: str | None = None,
) -> CallToolResult:
    """Run ``compute(session)`` off the event loop and shape its view into a tool result; ``serves`` is
    the declaration of what ``tool`` runs (what a focus leaves out of it).

    A paged view is sliced here from its ``items``; one that ``pages_itself`` is computed as
    ``compute(session, offset, limit)`` and gives only that page's ``items`` and the ``total``.
    """
    started = time.monotonic()
    key = fingerprint(tool, arguments)
    paged = paged or pages_itself
    offset = decode_cursor(cursor, key) if paged else 0
    if paged and limit < 1:
        raise ToolError(f"limit must be 1 or more (got {limit}).\nGive a positive limit, or leave it out.")
    work = (lambda: compute(session, offset, limit)) if pages_itself else (lambda: compute(session))
    # Later pages are cut from the view of the same solution as it was then (an edit makes a new version).
    version = _version(session) if paged and not pages_itself else ""
    view = KEPT.get(key, version) if paged and not pages_itself and offset else None

    def shape(view: Any) -> CallToolResult:
        if paged and not pages_itself:
            KEPT.keep(key, version, view)
        return _shaped(view, session, settings, serves, key, paged, pages_itself, offset, limit, started)

    if view is not None:
        return shape(view)
    job = JOBS.start(tool)
    job.shape = shape
    finished = await run_engine(lambda: job.run(work), tool, settings.call_budget_seconds)
    if finished is _STILL_RUNNING:
        JOBS.keep(job)
        return _pending(job, settings.call_budget_seconds)
    return shape(finished)


def _version(session: Session | None) -> str:
    """Which solution, as of which change, a view was made from: a later page is cut from that view."""
    if session is None or not session.is_loaded:
        return ""
    return f"{session.root}@{session.version()}"


def _pending(job: Job, budget: float) -> CallToolResult:
    """The answer of a call that outlived its budget: the job that goes on, and how to follow it."""
    text = (
        f"Still running after {budget:.0f} s: {job.status()}.\n"
        f'Call job_result(job_id="{job.id}") for its answer (it waits up to {budget:.0f} s), '
        f'job_status(job_id="{job.id}") to see how it goes, cancel_job(job_id="{job.id}") to stop it.'
    )
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content={"job": job.id, "state": job.state, "progress": job.progress}
        if job.progress
        else {"job": job.id, "state": job.state},
    )


def _shaped(
    view: Any,
    session: Session | None,
    settings: Settings,
    serves: Declaration,
    key: str,
    paged: bool,
    pages_itself: bool,
    offset: int,
    limit: int,
    started: float,
) -> CallToolResult:
    """A view as the tool's result: its page (by ``offset`` and ``limit``), cut to the budget, its
    structured content, the notices every answer carries."""
    budget = settings.response_budget
    next_cursor, omitted, more = None, 0, ""
    if paged:
        if pages_itself:
            total = view.total
            shown, text = fit(len(view.items), view.first, budget)
        else:
            total = len(view.items)
            shown, text = fit(min(limit, max(total - offset, 0)), lambda n: page(view, offset, n), budget)
        end = offset + len(shown.items)
        if end < total:
            next_cursor = encode_cursor(key, end)
            omitted = total - end
            more = f'\n... {omitted} more: call again with cursor="{next_cursor}"'
        view = shown
    else:
        text = view.render()
    # What a page does not slice (the outgoing calls of a call hierarchy) may still be over the budget.
    whole = not paged or (pages_itself and message_size(view, text) > budget)
    if whole:
        text, was_cut = cut_text(text, budget)
        if was_cut:
            text += f"\n... cut at {budget} characters: narrow the request (a smaller range, depth or scope)."
    text += more
    plain: dict[str, Any] | None = lean(view)
    left_out = None
    structure = len(json.dumps(plain, default=str)) if whole else 0  # a page was already sized by fit()
    if whole and len(text) + structure > budget:
        # The text alone is what a person reads; the structure of an answer this large would double it.
        plain = None
        left_out = (
            f"the structured result ({structure} characters) is over the {budget}-character budget: "
            "narrow the request (a smaller range, depth or scope) to get it"
        )
    elapsed = int((time.monotonic() - started) * 1000)
    # A restricted solution's every answer says so, and how to trust it.
    notice = restricted_notice(session.root) if session is not None and session.restricted else None
    if notice:
        text = f"{notice}\n{text}"
    # Under a focus, an answer that searches every project says what it cannot see.
    focus = incomplete(session.target, serves) if session is not None else None
    if focus:
        text = f"{focus} load_solution with projects=['*'] widens the focus.\n{text}"
    structured = {
        key: value
        for key, value in (
            ("result", plain),
            ("next_cursor", next_cursor),
            ("omitted", omitted),
            ("untrusted", notice),
            ("focus", focus),
            ("left_out", left_out),
        )
        if value
    }
    log.info("answered in %d ms", elapsed)
    # The time is the log's and the metadata's: in the text an assistant would pay for it on every call.
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured, _meta={"elapsed_ms": elapsed}
    )


_STILL_RUNNING = object()
"""What ``run_engine`` gives when the call's budget passed first: the work goes on in its thread."""


async def run_engine(work: Callable[[], Any], tool: str = "the request", budget: float | None = None) -> Any:
    """Run blocking engine work in a worker thread; engine errors become tool errors (cause, then what to
    do). With a ``budget`` (seconds), ``_STILL_RUNNING`` once it has passed, the work left running."""
    worker: dict[str, int] = {}

    def on_worker() -> Any:
        worker["thread"] = threading.get_ident()
        return work()

    try:
        with anyio.move_on_after(budget):
            return await anyio.to_thread.run_sync(on_worker, abandon_on_cancel=True)
        return _STILL_RUNNING
    except anyio.get_cancelled_exc_class():
        # notifications/cancelled (or the client going away): stop the engine's work, not just the wait.
        cancel_thread(worker.get("thread"))
        raise
    except EngineError as error:
        raise ToolError(error.describe()) from error
    except ToolError:
        raise
    except Exception as error:
        log.exception("%s failed", tool)
        raise ToolError(
            f"{tool} failed inside the engine, on this input, with {type(error).__name__}: {error}\n"
            "Check the arguments (names, positions, paths of the solution) or narrow the request; the same call "
            "with other input still works. If this input is valid, report it with the server log (stderr)."
        ) from error
