"""The C# REPL: script code compiled and run by Roslyn's scripting API in a worker process per
context (never in this process), with the loaded solution and NuGet packages referencable."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import nuget
from ..errors import InvalidArgument
from ..host.interop import Operation
from ..sandbox import confinement
from ..views.repl import (
    ContextState,
    ContextSummary,
    Evaluation,
    PackageLoad,
    ReplDiagnostic,
    ReplException,
    ReplInfo,
    ReplReset,
    Validation,
    Variable,
)
from . import consent
from .contexts import Context, Contexts, Submitted, check_id, shared
from .directives import nuget_directives, script_text
from .limits import ReplLimits
from .solution_build import build_solution

__all__ = [
    "DEFAULT_CONTEXT",
    "evaluate_csharp",
    "limits",
    "load_nuget_package",
    "prepare",
    "repl_info",
    "repl_state",
    "reset_repl",
    "validate_csharp",
]

DEFAULT_CONTEXT = "default"
TARGET_FRAMEWORK = "net10.0"
"""The worker's framework: packages are restored for it."""
MAX_CODE = 200_000


def evaluate_csharp(
    code: str,
    context_id: str | None = None,
    session: Any | None = None,
    reference_solution: bool | None = None,
    timeout: float | None = None,
    cancelled: Any = None,
    before_run: Callable[[int], None] | None = None,
    before_kill: Callable[[], None] | None = None,
) -> Evaluation:
    """Compile and run ``code`` in a context (``default`` when none is named), under the time and
    memory limits. Errors in the code come back as diagnostics; nothing runs then. ``before_run`` is
    given the context's worker (its process group) once it is ready, before the code is sent: a
    profiler attaches there. ``before_kill`` runs before a stop or a limit kills the worker, while it
    still answers: the profiler ends its trace there.

    ``reference_solution``: reference the loaded solution's projects; ``None`` (the default) does
    whenever a trusted solution is loaded, as the terminal app's REPL screen does.
    """
    consent.require(session)
    _check_code(code)
    written, code = code, script_text(code)
    started = time.monotonic()
    if reference_solution is None:
        reference_solution = session is not None and not session.restricted
    contexts = shared()
    context, notices = _ready_context(contexts, context_id, session, reference_solution, timeout)
    packages, restored = _restored_directives(code, session, notices)
    if cancelled is None:
        # A request cancelled from another thread (interop.cancel_thread: the MCP client's
        # notifications/cancelled) kills the evaluation's worker instead of waiting for the time limit.
        watch = Operation("C# evaluation", None)
        cancelled = lambda: watch.cancelled  # noqa: E731
    with context.lock:
        if before_run is not None:
            before_run(context.worker.pid)
        answer = contexts.ask(
            context,
            {"op": "eval", "code": code, "nuget": packages},
            limited=True,
            cancelled=cancelled,
            before_kill=before_kill,
        )
    contexts.prepare()  # the next new context will not wait for a worker
    diagnostics = _diagnostics(answer, code)
    notices.extend(_unresolved_name_hints(diagnostics, session, reference_solution))
    ran = not any(d.severity == "error" for d in diagnostics)
    context.submissions += ran
    exception = answer.get("exception")
    if ran and not exception:
        context.history.append(Submitted(written, tuple(restored)))
    return Evaluation(
        context_id=context.id,
        ran=ran,
        value=answer.get("value"),
        type=answer.get("type"),
        stdout=answer.get("stdout", ""),
        stderr=answer.get("stderr", ""),
        output_cut=bool(answer.get("output_cut", False)),
        exception=ReplException(exception["type"], exception["message"], exception.get("stack", ""))
        if exception
        else None,
        diagnostics=diagnostics,
        duration_ms=round((time.monotonic() - started) * 1000),
        notices=tuple(notices),
    )


def validate_csharp(code: str, context_id: str | None = None, session: Any | None = None) -> Validation:
    """The diagnostics ``code`` would have in a context, without running anything."""
    consent.require(session)
    _check_code(code)
    code = script_text(code)
    started = time.monotonic()
    contexts = shared()
    context, notices = _ready_context(contexts, context_id, session, False, None)
    packages, _ = _restored_directives(code, session, notices)
    with context.lock:
        answer = contexts.ask(context, {"op": "validate", "code": code, "nuget": packages}, limited=True)
    return Validation(
        context.id, _diagnostics(answer, code), round((time.monotonic() - started) * 1000), tuple(notices)
    )


def load_nuget_package(
    package_id: str, version: str | None = None, context_id: str | None = None, session: Any | None = None
) -> PackageLoad:
    """Restore a package (and its dependencies) for the REPL's framework and reference it in a context."""
    consent.require(session)
    directory = _directory(session)
    chosen = nuget.resolve_version(package_id, version, directory)
    restored = nuget.restore(package_id, chosen, TARGET_FRAMEWORK)
    contexts = shared()
    context, _ = _ready_context(contexts, context_id, session, False, None)
    paths = [str(p) for p in restored.assemblies]
    with context.lock:
        contexts.ask(context, {"op": "reference", "paths": paths}, limited=False)
    context.packages[f"{restored.package_id} {restored.version}"] = tuple(paths)
    return PackageLoad(
        restored.package_id,
        restored.version,
        context.id,
        TARGET_FRAMEWORK,
        tuple(Path(p).name for p in paths),
        restored.dependencies,
    )


def reset_repl(context_id: str | None = None) -> ReplReset:
    """End one context, or every context when none is named."""
    if context_id is not None:
        check_id(context_id)
    return ReplReset(tuple(shared().end(context_id)), context_id)


def repl_state(context_id: str | None = None) -> ContextState:
    """A context's variables (name, type, value), usings and packages."""
    name = context_id or DEFAULT_CONTEXT
    check_id(name)
    contexts = shared()
    context = contexts.find(name)
    if context is None or not context.worker.alive:
        live = ", ".join(c.id for c in contexts.live()) or "none"
        raise InvalidArgument(
            f"There is no live REPL context named {name} (live: {live}).",
            "Evaluate some code in it first: evaluate_csharp starts a context.",
        )
    with context.lock:
        state = contexts.ask(context, {"op": "state"}, limited=False)
    return ContextState(
        context.id,
        int(state.get("submissions", 0)),
        tuple(Variable(v["name"], v["type"], v["value"]) for v in state.get("variables", [])),
        tuple(state.get("imports", [])),
        tuple(context.packages),
        context.solution_stamp is not None,
        context.worker.resident_bytes() / 2**20,
    )


def repl_info(session: Any | None = None) -> ReplInfo:
    """The REPL's framework, language version, usings, limits, and its live contexts."""
    contexts = shared()
    allowed, why = consent.decide(session)
    info = contexts.info or {}
    if not info and allowed:
        # Knowing the worker's framework takes one started worker: the spare, kept for the first context.
        contexts.prepare_now()
        info = contexts.info or {}
    now = time.time()
    limits = contexts.limits
    return ReplInfo(
        framework=str(info.get("framework", "(worker not started yet)")),
        target_framework=TARGET_FRAMEWORK,
        language_version=str(info.get("language_version", "latest")),
        roslyn_version=str(info.get("roslyn", "5.0.0")),
        default_imports=tuple(info.get("imports", [])),
        time_limit_seconds=limits.time_seconds,
        memory_limit_mb=limits.memory_mb,
        idle_minutes=limits.idle_minutes,
        allowed=allowed,
        why=why,
        contexts=tuple(_summary(c, now) for c in contexts.live()),
        confinement=confinement().describe(limits.network),
    )


def limits() -> ReplLimits:
    """The time, memory and idle limits every context runs under."""
    return shared().limits


def prepare(session: Any | None = None) -> None:
    """Start a spare worker in the background when the REPL may run, so the first evaluation is quick."""
    if consent.decide(session)[0]:
        shared().prepare()


def _ready_context(
    contexts: Contexts, context_id: str | None, session: Any | None, reference_solution: bool, timeout: float | None
) -> tuple[Context, list[str]]:
    name = context_id or DEFAULT_CONTEXT
    check_id(name)
    notices: list[str] = []
    build = None
    if reference_solution:
        if session is None:
            raise InvalidArgument(
                "reference_solution needs a loaded solution, and none is.", "Load one first (load_solution)."
            )
        session.require_trust(build_solution)
        build = build_solution(session, timeout)
    context, new = contexts.get(name, _directory(session))
    if new:
        notices.append(f"started context {name}")
    if build is None or context.solution_stamp == build.stamp:
        return context, notices
    if context.solution_stamp is not None:
        # A loaded assembly cannot be replaced inside a running process: the context starts again.
        contexts.end(name)
        context, _ = contexts.get(name, _directory(session))
        notices.append(
            f"the solution changed since context {name} referenced it: restarted (earlier variables are gone)"
        )
    with context.lock:
        contexts.ask(
            context, {"op": "reference", "paths": [str(p) for p in build.assemblies + build.references]}, limited=False
        )
    context.solution_stamp = build.stamp
    context.solution_projects = build.project_files
    built = f" (built {', '.join(build.emitted)})" if build.emitted else ""
    notices.append(f"references the solution's {len(build.assemblies)} projects{built}")
    notices.extend(build.broken)
    return context, notices


def _restored_directives(code: str, session: Any | None, notices: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The assemblies of each ``#r "nuget: ..."`` (by its text), and each package as ``Id@Version``."""
    packages: dict[str, list[str]] = {}
    names: list[str] = []
    for directive in nuget_directives(code):
        version = nuget.resolve_version(directive.package_id, directive.version, _directory(session))
        restored = nuget.restore(directive.package_id, version, TARGET_FRAMEWORK)
        packages[directive.reference] = [str(p) for p in restored.assemblies]
        names.append(f"{restored.package_id}@{restored.version}")
        notices.append(f"restored {restored.package_id} {restored.version}")
    return packages, names


UNRESOLVED_NAMES = frozenset({"CS0103", "CS0234", "CS0246"})
"""A name, a namespace member, or a type that did not resolve."""


def _unresolved_name_hints(diagnostics: tuple[ReplDiagnostic, ...], session: Any | None, referenced: bool) -> list[str]:
    """What to do when a name did not resolve: reference the solution, or a package."""
    if not any(d.id in UNRESOLVED_NAMES for d in diagnostics):
        return []
    if session is None:
        where = "load a solution (load_solution) to use its types"
    elif not referenced:
        where = "pass reference_solution=true to use the solution's types"
    else:
        where = "the solution's projects that compile are referenced; a project with errors is left out"
    return [
        f'a name did not resolve: {where}; for a package, add #r "nuget: Id, Version" to the code '
        "(or load_nuget_package); for a namespace, a using directive"
    ]


def _diagnostics(answer: dict[str, Any], code: str) -> tuple[ReplDiagnostic, ...]:
    lines = code.splitlines()
    return tuple(
        ReplDiagnostic(
            d["id"],
            d["severity"],
            d["message"],
            d["line"],
            d["column"],
            d["end_line"],
            d["end_column"],
            lines[d["line"] - 1] if 0 < d["line"] <= len(lines) else "",
        )
        for d in answer.get("diagnostics", [])
    )


def _summary(context: Context, now: float) -> ContextSummary:
    return ContextSummary(
        context.id,
        round(now - context.created),
        round(now - context.used),
        context.submissions,
        context.worker.resident_bytes() / 2**20,
        context.solution_stamp is not None,
        tuple(context.packages),
    )


def _directory(session: Any | None) -> Path:
    return Path(session.root) if session is not None else Path.cwd()


def _check_code(code: str) -> None:
    if not code.strip():
        raise InvalidArgument("There is no code to run.", "Give C# statements or an expression, like 1 + 1.")
    if len(code) > MAX_CODE:
        raise InvalidArgument(f"The code is {len(code):,} characters; the limit is {MAX_CODE:,}.")
