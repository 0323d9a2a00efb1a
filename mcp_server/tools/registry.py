"""How a tool is declared, and the one way every tool answers.

A tool is a module-level async function in the module of its toolset, declared with that module's
``tool = toolset("navigation")`` as ``@tool(serves=queries.find_references)``. From the declaration
come its name (the function's, which must be the name of the query it serves where it serves one),
its toolset, its annotations, and, from the query's own declaration (``engine.declaration``), whether
it may be answered before the load and what a focus leaves out of it. The paging key of its answers
is the call's own arguments. ``respond`` is the one answer path: wait for the solution, run the
engine off the event loop, shape the view.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations

from engine import Declaration, declaration
from shared_engine.session import Session

from .. import activity
from ..config import Settings
from ..responses import answer
from ..solution_state import SolutionState

READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

ToolFunction = Callable[..., Coroutine[Any, Any, CallToolResult]]
_NOT_KEYS = ("ctx", "limit", "cursor")
SOLUTION = "solution"
_SOLUTIONLESS = (
    "repl", "nuget", "profile_repl", "job_status", "job_result", "cancel_job", "load_solution", "solutions",
)  # fmt: skip
"""Toolsets and tools that answer about no one solution: the REPL's and NuGet's own state (with a
solution loaded in this process; REPL code's profile too), the jobs, the list of solutions itself."""
_SOLUTION_PARAMETER = inspect.Parameter(
    SOLUTION,
    inspect.Parameter.KEYWORD_ONLY,
    default=None,
    annotation=str | None,
)
"""Not described in each tool: every assistant would pay for the same words 53 times in ``tools/list``;
the instructions, ``load_solution`` and ``solutions`` say what it takes."""


@dataclass(frozen=True)
class Tool:
    """One MCP tool as declared."""

    name: str
    toolset: str
    function: ToolFunction
    annotations: ToolAnnotations
    serves: Declaration
    """What it runs in the engine: an untrusted solution, an early start and a focus treat it so."""
    per_solution: bool = True
    """It takes ``solution=``: it answers about one of the loaded solutions (``solution_routing``)."""


@dataclass(frozen=True)
class _Call:
    tool: Tool
    arguments: dict[str, Any]
    context: Context | None = None
    loop: asyncio.AbstractEventLoop | None = None
    """The event loop the call came in on, for a worker thread that must ask the client something."""


TOOLS: list[Tool] = []
"""Every declared tool, in the order its module declares them (a toolset's modules in table order)."""
_calling: ContextVar[_Call] = ContextVar("calling")


def toolset(name: str) -> Callable[..., Callable[[ToolFunction], ToolFunction]]:
    """The ``tool`` decorator of one toolset's module."""

    def tool(
        *, serves: Callable[..., Any] | None = None, annotations: ToolAnnotations = READ_ONLY
    ) -> Callable[[ToolFunction], ToolFunction]:
        def declare(function: ToolFunction) -> ToolFunction:
            # Read at the first call: reading 50 signatures at import would cost the server's start.
            signature = functools.cache(lambda: inspect.signature(function))

            @functools.wraps(function)
            async def called(*args: Any, **kwargs: Any) -> CallToolResult:
                solution = kwargs.pop(SOLUTION, None)
                bound = signature().bind(*args, **kwargs)
                bound.apply_defaults()
                arguments = {k: v for k, v in bound.arguments.items() if k not in _NOT_KEYS}
                if solution:
                    arguments[SOLUTION] = solution
                ctx = kwargs.get("ctx")
                call = _Call(declared, arguments, ctx if isinstance(ctx, Context) else None, asyncio.get_running_loop())
                token = _calling.set(call)
                started, result, failure = time.monotonic(), None, ""
                try:
                    result = await function(*args, **kwargs)
                    return result
                except Exception as error:
                    failure = str(error)
                    raise
                finally:
                    _calling.reset(token)
                    if activity.OBSERVERS:  # the arguments the assistant gave, not the defaults
                        parameters = signature().parameters
                        given = {
                            k: v for k, v in arguments.items() if k not in parameters or v != parameters[k].default
                        }
                        activity.record(declared.name, given, result, started, failure)

            served = declaration(serves) if serves is not None else Declaration(function.__name__)
            per_solution = name not in _SOLUTIONLESS and function.__name__ not in _SOLUTIONLESS
            declared = Tool(function.__name__, name, called, annotations, served, per_solution)
            TOOLS.append(declared)
            return called

        return declare

    return tool


def current_tool() -> str:
    """The tool being called in this context (its worker thread too), or ``""``."""
    call = _calling.get(None)
    return call.tool.name if call is not None else ""


def current_context() -> tuple[Context | None, asyncio.AbstractEventLoop | None]:
    """The MCP context of the call being made here (its worker thread too) and its event loop."""
    call = _calling.get(None)
    return (call.context, call.loop) if call is not None else (None, None)


def register(server: MCPServer, offered: Callable[[Tool], bool], order: Callable[[Tool], int]) -> None:
    """Add every declared tool that ``offered`` accepts to ``server``, sorted by ``order`` (stable: a
    module's tools in the order it declares them); its docstring is its description."""
    for each in sorted(TOOLS, key=order):
        if offered(each):
            description = inspect.cleandoc(each.function.__doc__ or "")
            if each.per_solution and not hasattr(each.function, "__signature__"):
                each.function.__signature__ = _with_solution(each.function)  # type: ignore[attr-defined]
            server.tool(name=each.name, description=description, annotations=each.annotations)(each.function)


def _with_solution(function: ToolFunction) -> inspect.Signature:
    """The tool's signature as the SDK reads it (its schema, its arguments): ``solution=`` added."""
    own = inspect.signature(function, eval_str=True)
    return own.replace(parameters=[*own.parameters.values(), _SOLUTION_PARAMETER])


def state_of(ctx: Context) -> SolutionState:
    """The server's solution state (the lifespan's)."""
    state = ctx.request_context.lifespan_context
    assert isinstance(state, SolutionState)
    return state


def settings_of(ctx: Context) -> Settings:
    return state_of(ctx).settings


async def respond(
    ctx: Context,
    compute: Callable[..., Any],
    *,
    needs_solution: bool = True,
    waits: bool = True,
    on: Session | None = None,
    paged: bool = False,
    pages_itself: bool = False,
    limit: int = 100,
    cursor: str | None = None,
) -> CallToolResult:
    """Answer the tool being called with ``compute(session, timeout)`` (with ``pages_itself``,
    ``compute(session, timeout, offset, limit)``): wait for the solution (or, when it does not
    ``needs_solution``, take the loaded one or ``None``, or with ``waits`` false ``None`` at once; ``on``:
    this one), run the engine off the event
    loop, and shape its view into the tool's result, paged by the call's own arguments."""
    call = _calling.get()
    state = state_of(ctx)
    settings = state.settings
    session = on
    if session is None and needs_solution:
        session = await state.ready(ctx, early=call.tool.serves.early, arguments=call.arguments)
    elif session is None and waits:
        session = await state.loaded_or_none(ctx)
    timeout = settings.timeout_seconds
    return await answer(
        session,
        settings,
        lambda s, *page: compute(s, timeout, *page),
        tool=call.tool.name,
        serves=call.tool.serves,
        arguments=call.arguments,
        paged=paged,
        pages_itself=pages_itself,
        limit=limit,
        cursor=cursor,
    )
