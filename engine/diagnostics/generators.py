"""What source generators report: the Razor compiler's ``RZ`` errors and warnings (an unclosed tag, an
element that is no known component), the regex and logging generators' ``SYSLIB`` ones. A build
reports them with the compiler's; a workspace runs the generators for their code and keeps their
diagnostics to itself (no public API returns them). So each project's generators are run here once
more, over the compilation without their output, with the project's additional files and options,
exactly as the compiler runs them; only their diagnostics are kept.
"""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation


def generator_diagnostics(project: Any, compilation: Any, operation: Operation) -> list[Any]:
    """The Roslyn diagnostics the project's source generators report for ``compilation`` (which holds
    their output: it is taken out before they run again)."""
    generators = [g for reference in project.AnalyzerReferences for g in reference.GetGenerators(project.Language)]
    if not generators:
        return []
    from Microsoft.CodeAnalysis import ISourceGenerator  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import CSharpGeneratorDriver  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    documents = operation.wait(project.GetSourceGeneratedDocumentsAsync(operation.token).AsTask())
    generated = {str(document.FilePath) for document in documents}
    written = [tree for tree in compilation.SyntaxTrees if str(tree.FilePath) in generated]
    plain = compilation.RemoveSyntaxTrees(written) if written else compilation
    chosen = List[ISourceGenerator]()
    for generator in generators:
        chosen.Add(generator)
    options = project.AnalyzerOptions
    driver = CSharpGeneratorDriver.Create(
        chosen, options.AdditionalFiles, project.ParseOptions, options.AnalyzerConfigOptionsProvider
    )
    driver = driver.RunGenerators(plain, operation.token)
    return list(driver.GetRunResult().Diagnostics)
