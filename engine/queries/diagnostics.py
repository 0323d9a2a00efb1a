"""``diagnostics``: compiler and analyzer errors and warnings for a file, a project or the whole solution."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..editing.analyzers import document_analyzer_diagnostics, project_analyzer_diagnostics
from ..editing.providers import csharp_providers, package_fix_providers
from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import relative_path
from ..symbols.describe import compilation, location_of
from ..views.diagnostics import SEVERITIES, Diagnostic, DiagnosticList
from ..workspace.snapshot import Snapshot, display_name


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
) -> DiagnosticList:
    """Diagnostics at ``severity`` or worse, errors first, then by file and line.

    Args:
        file: only this document's diagnostics (its semantic model; fastest).
        project: only this project's; with neither, the whole solution's.
        severity: the least severe to include: ``error``, ``warning``, ``info`` or ``hidden``.
        include_hidden: include hidden diagnostics whatever ``severity`` says.
        limit: the most items returned; ``total`` and the counts still cover them all.
        analyzers: also run the projects' analyzers (package, project and SDK ones) and the IDE's
            code-style analyzers, with the severities the projects' ``.editorconfig`` sets.
        include_suppressed: also list analyzer diagnostics suppressed in source.
    """
    wanted = severity.strip().lower()
    if wanted not in SEVERITIES:
        raise InvalidArgument(f"'{severity}' is not a severity.", f"Use one of: {', '.join(SEVERITIES)}.")
    allowed = set(SEVERITIES[: SEVERITIES.index(wanted) + 1]) | ({"hidden"} if include_hidden else set())
    fixable = _fixable_ids(snapshot)
    if file is not None:
        document = snapshot.document(file)
        model = operation.wait(document.GetSemanticModelAsync(operation.token))
        raw = list(model.GetDiagnostics(None, operation.token))
        if analyzers:
            raw.extend(document_analyzer_diagnostics(document, model, operation, include_suppressed))
        found = _convert(raw, display_name(document.Project), fixable(document.Project))
        scope = relative_path(str(document.FilePath), snapshot.root)
    else:
        projects = snapshot.projects
        if project is not None:
            chosen = snapshot.project_named(project)
            if chosen is None:
                names = ", ".join(display_name(p) for p in snapshot.projects)
                raise InvalidArgument(f"No project named '{project}'.", f"Projects: {names}.")
            projects = [chosen]
        snapshot.compile_all(projects, operation)
        found = []
        for each in projects:
            operation.check()
            raw = list(compilation(snapshot, each, operation).GetDiagnostics(operation.token))
            if analyzers:
                raw.extend(_analyzer_diagnostics(snapshot, each, operation, include_suppressed))
            found.extend(_convert(raw, display_name(each), fixable(each)))
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
    )


def _analyzer_diagnostics(
    snapshot: Snapshot, project: Any, operation: Operation, include_suppressed: bool
) -> list[Any]:
    """A project's analyzer diagnostics, once per snapshot: running every analyzer costs seconds."""
    key = f"analyzer-diagnostics:{project.Id.Id}:{include_suppressed}"
    return snapshot.memo(key, lambda: project_analyzer_diagnostics(project, operation, include_suppressed))


def _fixable_ids(snapshot: Snapshot) -> Any:
    """``project -> set of diagnostic IDs some code fix provider fixes`` (the IDE's and the packages')."""
    host = snapshot.solution.Workspace.Services.HostServices
    features = set(csharp_providers(host).fixes_by_diagnostic)

    def of(project: Any) -> set[str]:
        return features | set(package_fix_providers(project))

    return of


def _convert(roslyn_diagnostics: Any, project: str, fixable: set[str]) -> list[Diagnostic]:
    words = {"Error": "error", "Warning": "warning", "Info": "info", "Hidden": "hidden"}
    found = []
    for d in roslyn_diagnostics:
        descriptor = d.Descriptor
        found.append(
            Diagnostic(
                id=str(d.Id),
                severity=words.get(str(d.Severity), str(d.Severity).lower()),
                message=str(d.GetMessage(None)),
                location=location_of(d.Location),
                project=project,
                category=str(descriptor.Category or ""),
                help_link=str(descriptor.HelpLinkUri or ""),
                fixable=str(d.Id) in fixable,
                suppressed=bool(d.IsSuppressed),
            )
        )
    return found
