"""``profile_tests``: the tests chosen run once under the tracer (``tracer``), and the time on the CPU
answered by member: exclusive and inclusive, each frame taken to the solution's source, the hottest
paths, the profile's files; with ``allocations``, the types allocated most and where.

Only the test host is traced: a runsettings file gives it the tracer's socket alone
(``DOTNET_DiagnosticPorts``, without suspending it: a profiler that failed to start must not hold the
host), so neither ``dotnet test`` nor MSBuild connects. VSTest ends the host as soon as its results are
in, which leaves no rundown to name the methods by: the JIT's events name them as they are compiled.
Should a trace still come without names (every frame ``?!?``), it is taken again, up to ``ATTEMPTS``
times."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ...errors import InvalidArgument
from ...symbols.naming import SymbolRef
from ...testing import run_tests
from ...testing.build import build_target
from ...testing.child import dotnet_path
from ...testing.platform import runs_on_platform
from ...testing.run import chosen_tests
from ...testing.runs import run_directory
from ...views.profile import ProfileReport
from ...views.tests import TestRun
from ...workspace.declared import query
from ...workspace.targets import choose
from ..tools import installed_tool
from .report import answered
from .speedscope import Sampled, read_speedscope
from .tracer import Tracer

ATTEMPTS = 3


@query(name="profile_tests")
def profile_tests(
    session: Any,
    symbol: SymbolRef | None = None,
    tests: list[str] | None = None,
    project: str | None = None,
    timeout: float = 900.0,
    framework: str | None = None,
    allocations: bool = False,
) -> ProfileReport:
    """Profile the tests that reach ``symbol``, the ``tests`` named, or a ``project``'s (all of them,
    with none given): where their time on the CPU went, by member, and with ``allocations`` what they
    allocated most. A multi-targeted test project is profiled on one target (``framework``, else the
    one navigated): the trace follows one test host."""
    session.require_trust(profile_tests)
    snapshot = session.snapshot()
    target, _ = build_target(snapshot, session.target.path, project)
    if runs_on_platform(target, session.root):
        raise InvalidArgument(
            "These tests run on Microsoft.Testing.Platform, whose test app dotnet test starts with its own"
            " environment: the profiler cannot be given to it alone, and is not started.",
            "Profile a VSTest project's tests, or run the test app under dotnet-trace yourself.",
        )
    targets = _test_targets(session, snapshot, symbol, tests, project)
    if framework is None and len(targets) > 1:
        framework = choose(targets)
    tool, installed = installed_tool("dotnet-trace", dotnet_path(session))
    for attempt in range(1, ATTEMPTS + 1):
        sampled, run, traced = _traced(session, tool, symbol, tests, project, timeout, framework, allocations)
        # A run ended early (stopped, or past its time) is not taken again: its trace is what there is.
        if sampled.named or run.hang is not None or attempt == ATTEMPTS:
            break
    notes = []
    if framework and len(targets) > 1:
        notes.append(f"profiled on {framework} of {', '.join(targets)}: one test host a trace")
    if attempt > 1:
        notes.append(f"taken {attempt} times: the test host ended before the trace named its methods")
    if run.hang is not None:
        notes.append("the run was ended before it finished: the profile is of the time until then")
    notes += [f"the run: {run.passed} passed, {run.failed} failed, {run.skipped} skipped"]
    notes += [f"problem: {problem}" for problem in run.problems]
    # A run ended early answers where each thread of its test host was, as run_tests does.
    return answered(session, tool, installed, traced, run.selection, notes, allocations, sampled, run.hang)


def _test_targets(
    session: Any, snapshot: Any, symbol: SymbolRef | None, tests: list[str] | None, project: str | None
) -> list[str]:
    """The target frameworks of the test projects the run takes."""
    names = [project] if project else chosen_tests(session, symbol, tests)[1]
    found: set[str] = set()
    for name in names:
        roslyn = snapshot.project_named(name)
        if roslyn is not None:
            found.update(t for t in snapshot.targets_of(roslyn) if t)
    return sorted(found)


def _traced(
    session: Any,
    tool: Path,
    symbol: SymbolRef | None,
    tests: list[str] | None,
    project: str | None,
    timeout: float,
    framework: str | None,
    allocations: bool,
) -> tuple[Sampled, TestRun, tuple[Path, Path]]:
    """One run of the tests under the profiler: what it sampled, the run, the profile's files."""
    directory = run_directory(session.root, "profile")
    with Tracer(tool, directory / "trace.nettrace", allocations) as tracer:
        socket = tracer.listen()
        settings = directory / "profile.runsettings"
        settings.write_text(
            "<RunSettings><RunConfiguration><EnvironmentVariables>"
            f"<DOTNET_DiagnosticPorts>{escape(str(socket))},nosuspend</DOTNET_DiagnosticPorts>"
            "</EnvironmentVariables></RunConfiguration></RunSettings>\n",
            encoding="utf-8",
        )
        run = run_tests(session, symbol, tests, project, runsettings=settings, timeout=timeout, framework=framework)
        traced = tracer.finish(why_empty="; ".join(run.problems) or "no test ran")
    return read_speedscope(traced[0]), run, traced
