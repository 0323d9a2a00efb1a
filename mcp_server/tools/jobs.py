"""The three tools that follow a call past an assistant's time limit (``mcp_server.jobs``); every
server offers them, as any long call may become a job."""

from typing import Annotated

import anyio
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from engine import EngineError, cancel_thread

from ..jobs import JOBS, Job
from .registry import toolset

tool = toolset("navigation")

STOP_PATIENCE_SECONDS = 40.0
"""How long ``cancel_job`` waits for a stopped run's last answer (reading its stacks takes seconds)."""

JobId = Annotated[str, Field(description="The job id a call answered with when it outlived its time (job-3).")]


def _job(job_id: str) -> Job:
    found = JOBS.get(job_id)
    if found is None:
        known = ", ".join(job.id for job in JOBS.listed()) or "none"
        raise ToolError(
            f"No job is called '{job_id}' (jobs kept now: {known}).\n"
            "A job's answer is kept until it is read; call the tool again for a new one."
        )
    return found


def _said(text: str, **structured: object) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content={k: v for k, v in structured.items() if v}
    )


@tool()
async def job_status(job_id: JobId) -> CallToolResult:
    """How a call that outlived its time goes: running (with its progress so far), finished, failed or
    cancelled, and how long it has taken."""
    job = _job(job_id)
    return _said(job.status(), job=job.id, state=job.state, progress=job.progress)


@tool()
async def job_result(
    job_id: JobId,
    wait_seconds: Annotated[float, Field(description="How long to wait for it to finish (at most 50).")] = 45.0,
) -> CallToolResult:
    """The answer of a call that outlived its time, once it is done (waiting up to wait_seconds for
    it); its later pages come from the same tool called again with the answer's cursor."""
    job = _job(job_id)
    await anyio.to_thread.run_sync(job.done.wait, max(0.0, min(wait_seconds, 50.0)), abandon_on_cancel=True)
    if not job.done.is_set():
        return _said(f"{job.status()}. Call job_result again to wait more.", job=job.id, state=job.state)
    JOBS.forget(job)
    if job.cancelled:
        raise ToolError(f"{job.status()}.\nCall the tool again to run it anew.")
    if isinstance(job.error, EngineError):
        raise ToolError(job.error.describe())
    if job.error is not None:
        raise ToolError(f"{job.tool} failed inside the engine with {type(job.error).__name__}: {job.error}")
    assert job.shape is not None
    return job.shape(job.view)  # type: ignore[no-any-return]


@tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False))
async def cancel_job(job_id: JobId) -> CallToolResult:
    """Stop a call that outlived its time (a test run, a build, an app): it and the processes it
    started end. A test or app run answers with where each of its threads was when it was stopped; a
    profile, with the time until then (an app's, with its threads too)."""
    job = _job(job_id)
    if job.done.is_set():
        return _said(f"{job.status()}: nothing to cancel; job_result gives its answer.", job=job.id, state=job.state)
    job.cancelled = True
    cancel_thread(job.thread)
    JOBS.forget(job)
    # A run reads its stacks before it ends its processes: that answer is worth the wait.
    await anyio.to_thread.run_sync(job.done.wait, STOP_PATIENCE_SECONDS, abandon_on_cancel=True)
    if job.view is None or job.shape is None:
        return _said(f"{job.status()}: stopped.", job=job.id, state=job.state)
    answer = job.shape(job.view)
    said = "Where it was:" if getattr(job.view, "hang", None) is not None else "What it had by then:"
    answer.content.insert(0, TextContent(type="text", text=f"{job.status()}: stopped. {said}"))
    return answer  # type: ignore[no-any-return]
