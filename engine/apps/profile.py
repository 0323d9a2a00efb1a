"""``profile_app``: a file-based app run confined as ``run_app`` runs it, under the tracer from its first
instruction (the runtime waits for the tracer before it starts: ``suspend``), for at most ``seconds``,
and answered as a test's profile is (``engine.runtime.profiles``): where its time on the CPU went, by
member, and with ``allocations`` what it allocated most. Stopped, or ended at its seconds, it answers
where each of its threads was too: an app that waits samples little."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument
from ..models import relative_path
from ..runtime.profiles.report import answered
from ..runtime.profiles.tracer import Tracer
from ..runtime.tools import installed_tool
from ..testing.child import dotnet_path
from ..testing.runs import run_directory
from ..views.profile import ProfileReport
from ..workspace.declared import query
from .run import run_app

DEFAULT_SECONDS = 30.0


@query(name="profile_app")
def profile_app(
    session: Any,
    path: str,
    arguments: list[str] | None = None,
    seconds: float | None = None,
    allocations: bool = False,
) -> ProfileReport:
    """Run the app at ``path`` with ``arguments`` under the profiler, ending it after ``seconds`` (the
    profile is then of those seconds): where its time went."""
    session.require_trust(profile_app)
    tool, installed = installed_tool("dotnet-trace", dotnet_path(session))
    directory = run_directory(session.root, "profile")
    with Tracer(tool, directory / "trace.nettrace", allocations) as tracer:
        socket = tracer.listen()
        ran = run_app(
            path, arguments, session, seconds or DEFAULT_SECONDS,
            settings={"DOTNET_DiagnosticPorts": f"{socket},suspend"},
        )  # fmt: skip
        if ran.errors:
            raise InvalidArgument(
                f"{ran.path} does not build, so it was not profiled:\n" + ran.render(),
                "Fix its errors (run_app shows them too), then profile it.",
            )
        traced = tracer.finish(why_empty=f"the app ended with exit code {ran.exit_code}")
    notes = []
    if ran.stopped:
        notes.append(f"the app was stopped after {ran.seconds:.1f} s: the profile is of those seconds")
    elif ran.timed_out:
        notes.append(f"the app was ended after {seconds or DEFAULT_SECONDS:g} s: the profile is of those seconds")
    else:
        notes.append(f"the app ended with exit code {ran.exit_code} after {ran.seconds:.1f} s")
    notes.append(f"confinement: {ran.confinement}")
    what = " ".join([relative_path(ran.path, session.root), *ran.arguments])
    return answered(session, tool, installed, traced, what, notes, allocations, hang=ran.hang)
