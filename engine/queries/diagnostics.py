"""``diagnostics``: compiler and analyzer errors and warnings for a file, a project or the whole solution."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..diagnostics import report
from ..diagnostics.report import Progress, Request
from ..editing.providers import csharp_providers, package_fix_providers
from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import relative_path
from ..views.diagnostics import SEVERITIES, DiagnosticList, rules_of
from ..views.text import counted
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name


@query(scope="every_project")
def diagnostics(
    snapshot: Snapshot,
    operation: Operation,
    file: str | None = None,
    project: str | None = None,
    severity: str = "warning",
    include_hidden: bool = False,
    limit: int | None = None,
    analyzers: bool = True,
    include_suppressed: bool = False,
    progress: Progress | None = None,
) -> DiagnosticList:
    """Diagnostics at ``severity`` or worse, errors first, then by file and line.

    Args:
        file: only this document's diagnostics (its semantic model; fastest).
        project: only this project's; with neither, the whole solution's.
        severity: the least severe to include: ``error``, ``warning``, ``info`` or ``hidden``.
        include_hidden: include hidden diagnostics whatever ``severity`` says.
        limit: the most items returned; ``total`` and the counts still cover them all.
        analyzers: also run the projects' analyzers (package, project and SDK ones) and the IDE's
            code-style analyzers, with the severities the projects' ``.editorconfig`` sets; only
            those that can report at ``severity`` run.
        include_suppressed: also list analyzer diagnostics suppressed in source.
        progress: told as each project (each target of it) is done.

    Severities, targets and the analyzers that run are a build's (``engine.diagnostics.report``).
    """
    wanted = severity.strip().lower()
    if wanted not in SEVERITIES:
        raise InvalidArgument(f"'{severity}' is not a severity.", f"Use one of: {', '.join(SEVERITIES)}.")
    allowed = set(SEVERITIES[: SEVERITIES.index(wanted) + 1]) | ({"hidden"} if include_hidden else set())
    request = Request(_least(allowed), analyzers, include_suppressed)
    fixable = _fixable_ids(snapshot)
    generators_read = snapshot.additional_document(file) if file is not None else None
    if file is not None and generators_read is not None:
        # A file a generator makes C# of (a .razor file): its project's diagnostics that the generated
        # code's #line directives place in it, as a build reports them.
        path = str(generators_read.FilePath)
        found = [
            d
            for d in report.of_projects(snapshot, [generators_read.Project], request, fixable, operation, progress)
            if d.location is not None and d.location.path == path
        ]
        scope = relative_path(path, snapshot.root)
    elif file is not None:
        found = report.of_document(snapshot, file, request, fixable, operation)
        scope = relative_path(str(snapshot.document(file).FilePath), snapshot.root)
    else:
        projects = snapshot.projects
        if project is not None:
            chosen = snapshot.project_named(project)
            if chosen is None:
                names = ", ".join(display_name(p) for p in snapshot.projects)
                raise InvalidArgument(f"No project named '{project}'.", f"Projects: {names}.")
            projects = [chosen]
        found = report.of_projects(snapshot, projects, request, fixable, operation, progress)
        scope = display_name(projects[0]) if project is not None else "the solution"
    kept = sorted(
        {(d.id, d.location, d.message): d for d in found if d.severity in allowed}.values(),
        key=lambda d: (
            SEVERITIES.index(d.severity),
            d.location.path if d.location else "",
            d.location.line if d.location else 0,
            d.location.column if d.location else 0,
        ),
    )
    counts = Counter(d.severity for d in kept)
    shown = kept if limit is None else kept[:limit]
    return DiagnosticList(
        root=str(snapshot.root),
        scope=scope,
        items=tuple(shown),
        total=len(kept),
        counts=tuple((s, counts[s]) for s in SEVERITIES if counts[s]),
        rules=rules_of(tuple(kept)),
        by_project=counted(d.project for d in kept if d.project),
        by_id=counted(d.id for d in kept),
    )


def _least(allowed: set[str]) -> str:
    """The least severe of ``allowed``: the analyzers that run are those that can reach it."""
    return max(allowed, key=SEVERITIES.index)


def _fixable_ids(snapshot: Snapshot) -> Any:
    """``project -> set of diagnostic IDs some code fix provider fixes`` (the IDE's and the packages')."""
    host = snapshot.solution.Workspace.Services.HostServices
    features = set(csharp_providers(host).fixes_by_diagnostic)

    def of(project: Any) -> set[str]:
        return features | set(package_fix_providers(project))

    return of
