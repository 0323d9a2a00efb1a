"""``profile_tests``: the tests chosen run once under ``dotnet-trace``'s thread-time sampler (about 100
samples a second), and the time on the CPU answered by member: exclusive and inclusive, each frame taken
to the solution's source, the hottest paths, and the profile's files.

Only the test host is traced: the profiler listens on a socket in a scratch folder, and a runsettings
file gives that socket to the test host alone (``DOTNET_DiagnosticPorts``, without suspending it: a
profiler that failed to start must not hold the host), so neither ``dotnet test`` nor MSBuild connects. The runtime's JIT and
loader events name the methods as they are compiled (``NAMING``): VSTest ends the host as soon as its
results are in, which leaves no rundown to name them by. Should a trace still come without names (every
frame ``?!?``), it is taken again, up to ``ATTEMPTS`` times."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ...errors import EngineError, InvalidArgument
from ...sandbox import allowlisted_environment
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
from .report import report
from .speedscope import Sampled, read_speedscope

PROFILE = "dotnet-sampled-thread-time"
"""The sampler (about 100 samples a second per thread)."""
NAMING = "Microsoft-Windows-DotNETRuntime:0x10018:5"
"""The runtime's loader and JIT events at the verbose level, whose method events carry the names: as
each method is compiled, not at the end (a host that is ended gives no rundown). At the informational
level (``dotnet-common``'s) the names came only now and then: 0 of 3 runs of a 10 s test."""
ATTEMPTS = 3
_SOCKET_PATIENCE = 10.0
_CONVERT_PATIENCE = 120.0


@query(name="profile_tests")
def profile_tests(
    session: Any,
    symbol: SymbolRef | None = None,
    tests: list[str] | None = None,
    project: str | None = None,
    timeout: float = 900.0,
    framework: str | None = None,
) -> ProfileReport:
    """Profile the tests that reach ``symbol``, the ``tests`` named, or a ``project``'s (all of them,
    with none given): where their time on the CPU went, by member. A multi-targeted test project is
    profiled on one target (``framework``, else the one navigated): the trace follows one test host."""
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
        sampled, run, files = _traced(session, tool, symbol, tests, project, timeout, framework)
        if sampled.named or attempt == ATTEMPTS:
            break
    notes = ["dotnet-trace was installed into the user cache for this"] if installed else []
    if framework and len(targets) > 1:
        notes.append(f"profiled on {framework} of {', '.join(targets)}: one test host a trace")
    if attempt > 1:
        notes.append(f"taken {attempt} times: the test host ended before the trace named its methods")
    notes += [f"the run: {run.passed} passed, {run.failed} failed, {run.skipped} skipped"]
    notes += [f"problem: {problem}" for problem in run.problems]
    return session.run(report, sampled, run.selection, files, tuple(notes))  # type: ignore[no-any-return]


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
    framework: str | None = None,
) -> tuple[Sampled, TestRun, tuple[str, ...]]:
    """One run of the tests under the profiler: what it sampled, the run, the profile's files."""
    directory = run_directory(session.root, "profile")
    sockets = Path(tempfile.mkdtemp(prefix="rtui-trace-"))  # a short path: a socket's is at most 107 bytes
    socket = sockets / "trace.sock"
    settings = directory / "profile.runsettings"
    settings.write_text(
        "<RunSettings><RunConfiguration><EnvironmentVariables>"
        f"<DOTNET_DiagnosticPorts>{escape(str(socket))},nosuspend</DOTNET_DiagnosticPorts>"
        "</EnvironmentVariables></RunConfiguration></RunSettings>\n",
        encoding="utf-8",
    )
    output = directory / "trace.nettrace"
    tracer = subprocess.Popen(
        [str(tool), "collect", "--diagnostic-port", str(socket), "--profile", PROFILE, "--providers", NAMING,
         "--format", "speedscope", "--output", str(output)],
        env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1"}),
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        _wait_for(socket, tracer)
        run = run_tests(session, symbol, tests, project, runsettings=settings, timeout=timeout, framework=framework)
        _, errors = tracer.communicate(timeout=_CONVERT_PATIENCE)
    except subprocess.TimeoutExpired:
        tracer.kill()
        raise EngineError(
            "dotnet-trace did not finish writing the profile.", "Profile fewer tests, or again."
        ) from None
    finally:
        if tracer.poll() is None:
            tracer.kill()
            tracer.wait(timeout=5)
        shutil.rmtree(sockets, ignore_errors=True)
    speedscope = output.with_suffix(".speedscope.json")
    if not speedscope.exists():
        problems = "; ".join(run.problems) or (errors or "").strip()[-300:] or "no test ran"
        raise EngineError(f"No profile was written: {problems}", "Check that the tests build and run (run_tests).")
    return read_speedscope(speedscope), run, (str(speedscope), str(output))


def _wait_for(socket: Path, tracer: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + _SOCKET_PATIENCE
    while not socket.exists():
        if tracer.poll() is not None or time.monotonic() > deadline:
            errors = tracer.stderr.read() if tracer.stderr and tracer.poll() is not None else ""
            raise EngineError(
                f"dotnet-trace did not start listening: {errors.strip()[-300:] or 'no socket'}",
                "Profile again; the doctor's output shows the SDK the tools need.",
            )
        time.sleep(0.05)
