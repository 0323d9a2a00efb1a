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

import logging
import threading
from typing import Any

from ..host.interop import Operation

log = logging.getLogger("roslyn_tui.engine.diagnostics")

_FEATURES_ASSEMBLIES = ("Microsoft.CodeAnalysis.Features", "Microsoft.CodeAnalysis.CSharp.Features")
_ide_lock = threading.Lock()
_ide: list[Any] | None = None


def ide_analyzers(operation: Operation | None = None) -> list[Any]:
    """The C# diagnostic analyzers of the SDK's Features assemblies, created once per process.

    ``operation`` lets a background warm-up stop between analyzers.
    """
    global _ide
    with _ide_lock:
        if _ide is None:
            _ide = _create_ide_analyzers(operation)
        return _ide


def _create_ide_analyzers(operation: Operation | None) -> list[Any]:
    import clr  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Diagnostics import (  # type: ignore[import-not-found]
        DiagnosticAnalyzer,
        DiagnosticAnalyzerAttribute,
    )
    from System import Activator, AppDomain, Type  # type: ignore[import-not-found]

    base, marker = clr.GetClrType(DiagnosticAnalyzer), clr.GetClrType(DiagnosticAnalyzerAttribute)
    found = []
    for assembly in AppDomain.CurrentDomain.GetAssemblies():
        if str(assembly.GetName().Name) not in _FEATURES_ASSEMBLIES:
            continue
        for kind in assembly.GetTypes():
            if operation is not None:
                operation.check()
            if kind.IsAbstract or not base.IsAssignableFrom(kind) or kind.GetConstructor(Type.EmptyTypes) is None:
                continue
            attributes = kind.GetCustomAttributes(marker, False)
            if not attributes or "C#" not in [str(language) for language in attributes[0].Languages]:
                continue
            try:
                found.append(Activator.CreateInstance(kind))
            except Exception:  # an analyzer that needs the IDE's services to exist
                log.debug("IDE analyzer %s could not be created", kind.FullName, exc_info=True)
    log.info("%d IDE analyzers", len(found))
    return found


def analyzers_of(project: Any) -> Any:
    """The project's C# analyzers (and the IDE's) as an ``ImmutableArray<DiagnosticAnalyzer>``."""
    from Microsoft.CodeAnalysis import LanguageNames  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Diagnostics import DiagnosticAnalyzer  # type: ignore[import-not-found]
    from System.Collections.Immutable import ImmutableArray  # type: ignore[import-not-found]

    builder = ImmutableArray.CreateBuilder[DiagnosticAnalyzer]()
    for reference in project.AnalyzerReferences:
        try:
            for analyzer in reference.GetAnalyzers(LanguageNames.CSharp):
                builder.Add(analyzer)
        except Exception:  # an analyzer assembly that does not load is reported by the load, not here
            log.debug("analyzers of %s did not load", reference.Display, exc_info=True)
    for analyzer in ide_analyzers():
        builder.Add(analyzer)
    return builder.ToImmutable()


def with_analyzers(project: Any, compilation: Any, include_suppressed: bool = False) -> Any:
    """A ``CompilationWithAnalyzers`` for ``project``, or ``None`` when there is no analyzer to run."""
    from Microsoft.CodeAnalysis.Diagnostics import (  # type: ignore[import-not-found]
        CompilationWithAnalyzers,
        CompilationWithAnalyzersOptions,
    )

    analyzers = analyzers_of(project)
    if analyzers.Length == 0:
        return None
    options = CompilationWithAnalyzersOptions(project.AnalyzerOptions, None, True, False, include_suppressed)
    return CompilationWithAnalyzers(compilation, analyzers, options)


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
