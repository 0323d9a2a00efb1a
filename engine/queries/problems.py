"""``workspace_problems``: what stands between the solution and a clean build, in one list."""

from __future__ import annotations

from collections import defaultdict

from ..diagnostics import report
from ..diagnostics.report import Request
from ..host.interop import Operation
from ..models import WorkspaceDiagnostic
from ..views.diagnostics import Diagnostic
from ..views.problems import ProblemList
from ..views.text import where
from ..workspace.snapshot import Snapshot


def workspace_problems(
    snapshot: Snapshot, operation: Operation, load_problems: tuple[WorkspaceDiagnostic, ...], compile: bool = True
) -> ProblemList:
    """The load's problems (restore, build, MSBuild, updates) and, with ``compile``, one problem per
    project that has compile errors (in any target it builds), errors first.

    Args:
        load_problems: the session's ``report.diagnostics``.
        compile: also compile every project for its errors (as ``diagnostics(severity="error")``).
    """
    found = list(load_problems)
    if compile:
        errors = report.of_projects(snapshot, snapshot.projects, Request("error"), lambda _: set(), operation)
        by_project: dict[str, list[Diagnostic]] = defaultdict(list)
        for diagnostic in errors:
            if diagnostic.severity == "error":
                by_project[diagnostic.project].append(diagnostic)
        for project, items in by_project.items():
            items.sort(key=lambda d: (d.location.path, d.location.line) if d.location else ("", 0))
            first = items[0]
            targets = f" in {', '.join(first.targets)}" if first.targets else ""
            found.append(
                WorkspaceDiagnostic(
                    "error",
                    project,
                    f"{len(items)} compile error{'s' if len(items) != 1 else ''}; the first: {first.id} at "
                    f"{where(first.location, str(snapshot.root), project)}{targets}: {first.message}",
                    "compile",
                    f'diagnostics(project="{project}", severity="error") lists them with their fixes.',
                )
            )
    found.sort(key=lambda p: p.severity != "error")
    return ProblemList(str(snapshot.root), tuple(found), compile)
