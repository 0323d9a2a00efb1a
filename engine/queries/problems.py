"""``workspace_problems``: what stands between the solution and a clean build, in one list."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ..diagnostics import report
from ..diagnostics.report import Request
from ..host.interop import Operation
from ..models import WorkspaceDiagnostic
from ..views.diagnostics import Diagnostic
from ..views.problems import ProblemList
from ..views.text import where
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot


@query()
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
        found += compile_problems(str(snapshot.root), errors)
    found.sort(key=lambda p: p.severity != "error")
    return ProblemList(str(snapshot.root), tuple(found), compile)


def compile_problems(root: str, diagnostics: Iterable[Diagnostic]) -> list[WorkspaceDiagnostic]:
    """One problem per project with compile errors among ``diagnostics`` (any severity may be there):
    how many, the first, and where to read them all."""
    by_project: dict[str, list[Diagnostic]] = defaultdict(list)
    for diagnostic in diagnostics:
        if diagnostic.severity == "error":
            by_project[diagnostic.project].append(diagnostic)
    found = []
    for project, items in by_project.items():
        items.sort(key=lambda d: (d.location.path, d.location.line) if d.location else ("", 0))
        first = items[0]
        targets = f" in {', '.join(first.targets)}" if first.targets else ""
        found.append(
            WorkspaceDiagnostic(
                "error",
                project,
                f"{len(items)} compile error{'s' if len(items) != 1 else ''}; the first: {first.id} at "
                f"{where(first.location, root, project)}{targets}: {first.message}",
                "compile",
                f'diagnostics(project="{project}", severity="error") lists them with their fixes.',
            )
        )
    return found
