"""Analyzer diagnostics: the analyzers the projects reference, and the IDE's own, run on compilations.

MSBuild gives each project its analyzer references: package analyzers, project analyzers, and the
SDK's own CA analyzers (``EnableNETAnalyzers``, ``AnalysisLevel``). On top of those run the IDE
code-style analyzers that ship in the SDK's Features assemblies (IDE0044 "make field readonly",
IDE0005 "unnecessary using", ...), as an IDE runs them. Severities come from the project's
``.editorconfig`` and ``.globalconfig`` files through ``Project.AnalyzerOptions`` and the
compilation options, exactly as in a build. Referenced analyzers are code from the solution: callers
run this for trusted solutions only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..host.interop import Operation
from .rules import Analyzer, ide_rules, project_analyzers


def with_analyzers(project: Any, compilation: Any, include_suppressed: bool = False) -> Any:
    """A ``CompilationWithAnalyzers`` for ``project`` with its analyzers and the IDE's, or ``None`` when
    there is no analyzer to run."""
    return analysis(project, compilation, (*project_analyzers(project), *ide_rules()), include_suppressed)


def analysis(project: Any, compilation: Any, analyzers: Iterable[Analyzer], include_suppressed: bool) -> Any:
    """``compilation`` with ``analyzers`` and the project's analyzer options, or ``None`` without any."""
    from Microsoft.CodeAnalysis.Diagnostics import (  # type: ignore[import-not-found]
        CompilationWithAnalyzers,
        CompilationWithAnalyzersOptions,
        DiagnosticAnalyzer,
    )
    from System.Collections.Immutable import ImmutableArray  # type: ignore[import-not-found]

    builder = ImmutableArray.CreateBuilder[DiagnosticAnalyzer]()
    for analyzer in analyzers:
        builder.Add(analyzer.instance)
    if builder.Count == 0:
        return None
    options = CompilationWithAnalyzersOptions(project.AnalyzerOptions, None, True, False, include_suppressed)
    return CompilationWithAnalyzers(compilation, builder.ToImmutable(), options)


def project_analyzer_diagnostics(project: Any, operation: Operation, include_suppressed: bool = False) -> list[Any]:
    """Every analyzer diagnostic of ``project`` (the compiler's own are not included)."""
    compilation = operation.wait(project.GetCompilationAsync(operation.token))
    analysis = with_analyzers(project, compilation, include_suppressed)
    if analysis is None:
        return []
    return list(operation.wait(analysis.GetAnalyzerDiagnosticsAsync(operation.token)))


def document_analyzer_diagnostics(
    document: Any, model: Any, operation: Operation, include_suppressed: bool = False, span: Any = None
) -> list[Any]:
    """Analyzer diagnostics of one document: syntax and semantic analysis of that file only.

    With ``span`` the semantic analysis covers only the declarations around it (what a code action
    at one place needs), which is several times faster than the whole file.
    """
    analysis = with_analyzers(document.Project, model.Compilation, include_suppressed)
    if analysis is None:
        return []
    syntax = operation.wait(analysis.GetAnalyzerSyntaxDiagnosticsAsync(model.SyntaxTree, operation.token))
    semantic = operation.wait(analysis.GetAnalyzerSemanticDiagnosticsAsync(model, span, operation.token))
    return [*syntax, *semantic]
