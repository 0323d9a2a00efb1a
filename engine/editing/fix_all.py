"""Fix all: one fix applied to every occurrence of its diagnostic in a document, project or solution.

The providers' ``FixAllProvider`` asks a ``FixAllContext.DiagnosticProvider`` for the diagnostics in
scope. That abstract class is implemented here in Python over diagnostics gathered beforehand, so no
.NET thread has to call back into an engine wait. Gathering happens only when a fix-all is previewed,
never while actions are listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..diagnostics.analyzers import document_analyzer_diagnostics, project_analyzer_diagnostics
from ..host.interop import Operation

SCOPES = ("document", "project", "solution")

_provider_type: Any = None


def fix_all_scopes(provider: Any) -> list[str]:
    """The scopes ``provider`` can fix all in (empty when it has no fix-all)."""
    fixer = provider.GetFixAllProvider()
    if fixer is None:
        return []
    supported = {str(scope).lower() for scope in fixer.GetSupportedFixAllScopes()}
    return [scope for scope in SCOPES if scope in supported]


def fix_all_action(
    provider: Any, document: Any, diagnostic_id: str, equivalence_key: str | None, scope: str, with_analyzers: bool
) -> Callable[[Operation], Any]:
    """A deferred computation of the fix-all ``CodeAction`` (or ``None`` when there is nothing to fix)."""

    def compute(operation: Operation) -> Any:
        from Microsoft.CodeAnalysis.CodeFixes import FixAllContext, FixAllScope  # type: ignore[import-not-found]
        from System import String  # type: ignore[import-not-found]
        from System.Collections.Generic import List  # type: ignore[import-not-found]

        found = _diagnostics_in_scope(document, diagnostic_id, scope, with_analyzers, operation)
        ids = List[String]()
        ids.Add(diagnostic_id)
        context = FixAllContext(
            document,
            provider,
            getattr(FixAllScope, scope.capitalize()),
            equivalence_key,
            ids,
            _diagnostic_provider(found),
            operation.token,
        )
        return operation.wait(provider.GetFixAllProvider().GetFixAsync(context))

    return compute


def _diagnostics_in_scope(
    document: Any, diagnostic_id: str, scope: str, with_analyzers: bool, operation: Operation
) -> dict[str, list[Any]]:
    """Document path -> its diagnostics with ``diagnostic_id``, over the documents ``scope`` covers."""
    if scope == "document":
        model = operation.wait(document.GetSemanticModelAsync(operation.token))
        found = list(model.GetDiagnostics(None, operation.token))
        if with_analyzers:
            found.extend(document_analyzer_diagnostics(document, model, operation))
        return _by_path([d for d in found if str(d.Id) == diagnostic_id])
    projects = [document.Project] if scope == "project" else list(document.Project.Solution.Projects)
    found = []
    for project in projects:
        operation.check()
        compilation = operation.wait(project.GetCompilationAsync(operation.token))
        found.extend(d for d in compilation.GetDiagnostics(operation.token) if str(d.Id) == diagnostic_id)
        if with_analyzers and not diagnostic_id.startswith("CS"):
            found.extend(d for d in project_analyzer_diagnostics(project, operation) if str(d.Id) == diagnostic_id)
    return _by_path(found)


def _by_path(diagnostics: list[Any]) -> dict[str, list[Any]]:
    grouped: dict[str, list[Any]] = {}
    for diagnostic in diagnostics:
        if diagnostic.Location.IsInSource:
            grouped.setdefault(str(diagnostic.Location.SourceTree.FilePath), []).append(diagnostic)
    return grouped


def _diagnostic_provider(by_path: dict[str, list[Any]]) -> Any:
    global _provider_type
    if _provider_type is None:
        _provider_type = _define_provider_type()
    provider = _provider_type()
    provider.by_path = by_path
    return provider


def _define_provider_type() -> Any:
    from Microsoft.CodeAnalysis import Diagnostic  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeFixes import FixAllContext  # type: ignore[import-not-found]
    from System.Collections.Generic import IEnumerable, List  # type: ignore[import-not-found]
    from System.Threading.Tasks import Task  # type: ignore[import-not-found]

    def completed(diagnostics: Iterator[Any]) -> Any:
        items = List[Diagnostic]()
        for diagnostic in diagnostics:
            items.Add(diagnostic)
        return Task.FromResult[IEnumerable[Diagnostic]](items)

    class GatheredDiagnostics(FixAllContext.DiagnosticProvider):  # type: ignore[misc]
        __namespace__ = "RoslynTui.Editing"

        def GetDocumentDiagnosticsAsync(self, document: Any, token: Any) -> Any:
            return completed(iter(self.by_path.get(str(document.FilePath), [])))

        def GetProjectDiagnosticsAsync(self, project: Any, token: Any) -> Any:
            return completed(iter([]))  # diagnostics without a location: none are gathered

        def GetAllDiagnosticsAsync(self, project: Any, token: Any) -> Any:
            paths = {str(d.FilePath) for d in project.Documents}
            return completed(d for path, found in self.by_path.items() if path in paths for d in found)

    return GatheredDiagnostics
