"""``run_build``: ``dotnet build`` of the solution or one project, answered as diagnostics with places
and the members around them, never as console text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import EngineError
from ..host.interop import Operation
from ..host.sdk_pin import missing_sdk
from ..models import Location, relative_path
from ..queries.outline import containing_member
from ..views.build import BuildDiagnostic, BuildReport
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .build_log import Message, finished_projects, messages
from .child import cancellable, check_configuration, dotnet_command, dotnet_path, run_child
from .runs import run_directory

Progress = Callable[[int, int, str], None]
_MEMBERS_LOOKED_UP = 200


def build_target(snapshot: Snapshot, solution_file: Path, project: str | None) -> tuple[Path, int]:
    """The file to build (the solution's, or the named project's) and how many projects that builds."""
    if project is None or not project.strip():
        return solution_file, len(snapshot.projects)
    (found,) = snapshot.chosen_projects(project)
    return Path(str(found.FilePath)), 1


@query()
def run_build(
    session: Any,
    project: str | None = None,
    configuration: str = "Debug",
    timeout: float = 900.0,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> BuildReport:
    """Build with ``dotnet build`` in a confined child process (``engine.testing.child``)."""
    session.require_trust(run_build)
    check_configuration(configuration)
    cancelled = cancellable("build", cancelled)
    snapshot = session.snapshot()
    target, expected = build_target(snapshot, session.target.path, project)
    directory = run_directory(session.root, "build")
    log = directory / "build.log"
    done: list[str] = []

    def on_line(line: str) -> None:
        built = finished_projects(line)
        if built is not None and progress is not None:
            done.append(built)
            progress(len(done), max(expected, len(done)), built)

    command = dotnet_command(
        session,
        "build",
        target,
        configuration,
        "--verbosity",
        "minimal",
        "--disable-build-servers",
        "-consoleLoggerParameters:NoSummary;ForceNoAlign",
    )
    finished = run_child(command, target.parent, timeout, on_line, cancelled)
    log.write_text(finished.output, encoding="utf-8")
    found = messages(finished.output)
    items = _diagnostics(session, found, _targets_built(finished.output))
    errors = sum(1 for d in items if d.severity == "error")
    by_id = Counter(d.id for d in items if d.severity == "warning")
    return BuildReport(
        root=str(session.root),
        target=relative_path(str(target), session.root),
        configuration=configuration,
        succeeded=finished.exit_code == 0,
        exit_code=finished.exit_code,
        seconds=round(finished.seconds, 2),
        items=items,
        total=len(items),
        errors=errors,
        warnings=len(items) - errors,
        warnings_by_id=tuple(sorted(by_id.items(), key=lambda pair: (-pair[1], pair[0]))),
        log=str(log),
        problem=missing_sdk(finished.output, dotnet_path(session)) if finished.exit_code else "",
    )


def _targets_built(output: str) -> dict[str, set[str]]:
    """Project -> the target frameworks the build produced it for (from ``Core -> .../net8.0/Core.dll``)."""
    found: dict[str, set[str]] = {}
    for line in output.splitlines():
        project = finished_projects(line)
        if project is not None:
            found.setdefault(project, set()).add(Path(line.split(" -> ", 1)[1].strip()).parent.name)
    return found


def _diagnostics(session: Any, found: list[Message], built: dict[str, set[str]]) -> tuple[BuildDiagnostic, ...]:
    """One item per message and place, with the targets it occurs in when not all of its project's."""
    grouped: dict[tuple[str, ...], tuple[Message, set[str]]] = {}
    for message in found:
        key = (message.severity, message.id, message.file, str(message.line), str(message.column), message.message)
        entry = grouped.setdefault(key, (message, set()))
        if message.target:
            entry[1].add(message.target)
    members = _members(session, [m for m, _ in grouped.values() if m.line and m.file.endswith(".cs")])
    items = []
    for message, targets in grouped.values():
        location = (
            Location(message.file, message.line, message.column or 1, message.line, message.column or 1)
            if message.line
            else None
        )
        every = built.get(message.project, set())
        partial = tuple(sorted(targets)) if targets and len(every) > 1 and targets != every else ()
        member = members.get((message.file, message.line, message.column), "")
        items.append(
            BuildDiagnostic(message.id, message.severity, message.message, location, message.project, member, partial)
        )
    order = {"error": 0, "warning": 1}
    items.sort(
        key=lambda d: (
            order.get(d.severity, 2),
            d.location.path if d.location else "",
            d.location.line if d.location else 0,
        )
    )
    return tuple(items)


def _members(session: Any, found: list[Message]) -> dict[tuple[str, int, int], str]:
    """The member (or type) around each place, as declared in the loaded solution."""
    wanted = found[:_MEMBERS_LOOKED_UP]

    def members_at(snapshot: Snapshot, operation: Operation) -> dict[tuple[str, int, int], str]:
        named: dict[tuple[str, int, int], str] = {}
        for message in wanted:
            around = None
            # The column as built, then the line's start: the loaded text may be older than the build's.
            for column in dict.fromkeys((max(message.column, 1), 1)):
                try:
                    around = containing_member(snapshot, operation, message.file, message.line, column)
                    break
                except EngineError:
                    continue  # a file the solution does not load (generated, outside it), or a shorter line
            if around is None:
                continue
            summary = around.member or around.type
            if summary is not None:
                named[(message.file, message.line, message.column)] = summary.display
        return named

    if not wanted:
        return {}
    try:
        return session.run(members_at, timeout=30)  # type: ignore[no-any-return]
    except EngineError:
        return {}
