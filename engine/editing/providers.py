"""The code fix and refactoring providers of Roslyn's Features assemblies, found through MEF.

MSBuildWorkspace's host (``MefHostServices.DefaultHost``) already composes Microsoft.CodeAnalysis.Features
and CSharp.Features: the providers are there, exported with ``ExportCodeFixProvider`` /
``ExportCodeRefactoringProvider``. The interface that lists exports (``IMefHostExportProvider``) is
internal, so it is called through reflection; the metadata comes as a dictionary view. Providers are
created lazily by MEF (many have importing constructors), once per process.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from ..host.interop import Operation

log = logging.getLogger("roslyn_tui.engine.editing")


@dataclass(frozen=True)
class Provider:
    name: str
    instance: Any


@dataclass(frozen=True)
class Providers:
    fixes_by_diagnostic: dict[str, tuple[Provider, ...]]
    """Diagnostic ID -> the code fix providers that fix it."""
    refactorings: tuple[Provider, ...]


_lock = threading.Lock()
_providers: Providers | None = None


def csharp_providers(host_services: Any, operation: Operation | None = None) -> Providers:
    """The C# providers composed by ``host_services`` (computed once per process).

    ``operation`` lets a background warm-up stop between providers (at exit, for one).
    """
    global _providers
    with _lock:
        if _providers is None:
            _providers = _discover(host_services, operation)
            log.info(
                "%d code fix providers for %d diagnostic IDs, %d refactoring providers",
                len({p.name for group in _providers.fixes_by_diagnostic.values() for p in group}),
                len(_providers.fixes_by_diagnostic),
                len(_providers.refactorings),
            )
        return _providers


def _discover(host_services: Any, operation: Operation | None) -> Providers:
    from Microsoft.CodeAnalysis.CodeFixes import CodeFixProvider  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeRefactorings import CodeRefactoringProvider  # type: ignore[import-not-found]

    fixes: dict[str, list[Provider]] = {}
    for provider in _exports(host_services, CodeFixProvider, operation):
        try:
            ids = [str(i) for i in provider.instance.FixableDiagnosticIds]
        except Exception:  # a provider that cannot say what it fixes cannot be offered
            log.debug("skipping fix provider %s", provider.name, exc_info=True)
            continue
        for diagnostic_id in ids:
            fixes.setdefault(diagnostic_id, []).append(provider)
    refactorings = tuple(_exports(host_services, CodeRefactoringProvider, operation))
    return Providers({k: tuple(v) for k, v in fixes.items()}, refactorings)


def _exports(host_services: Any, contract: Any, operation: Operation | None) -> list[Provider]:
    import clr  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Host.Mef import MefHostServices  # type: ignore[import-not-found]
    from System import Object, String  # type: ignore[import-not-found]
    from System.Collections.Generic import IDictionary  # type: ignore[import-not-found]

    interface = clr.GetClrType(MefHostServices).GetInterface("IMefHostExportProvider")
    method = next(
        m for m in interface.GetMethods() if m.Name == "GetExports" and len(m.GetGenericArguments()) == 2
    ).MakeGenericMethod(clr.GetClrType(contract), clr.GetClrType(IDictionary[String, Object]))
    found = []
    for lazy in method.Invoke(host_services, None):
        if operation is not None:
            operation.check()
        metadata = lazy.Metadata
        if "C#" not in _languages(metadata):
            continue
        name = str(metadata["Name"]) if metadata.ContainsKey("Name") and metadata["Name"] is not None else ""
        try:
            instance = lazy.Value
        except Exception:  # a provider whose imports cannot be satisfied outside Visual Studio
            log.debug("provider %s could not be created", name, exc_info=True)
            continue
        found.append(Provider(name or str(instance.GetType().Name), instance))
    return found


def _languages(metadata: Any) -> list[str]:
    if not metadata.ContainsKey("Languages") or metadata["Languages"] is None:
        return []
    languages = metadata["Languages"]
    return [str(languages)] if isinstance(languages, str) else [str(each) for each in languages]


_package_lock = threading.Lock()
_package_fixes: dict[str, dict[str, tuple[Provider, ...]]] = {}


def package_fix_providers(project: Any) -> dict[str, tuple[Provider, ...]]:
    """Diagnostic ID -> the code fix providers shipped beside the project's analyzers (CA fixes, ...).

    Analyzer packages carry their fixers in the same assemblies, exported with
    ``ExportCodeFixProvider`` but outside any MEF catalog: they are found by scanning the assembly,
    as ``dotnet format`` does. Cached per assembly file.
    """
    merged: dict[str, list[Provider]] = {}
    for reference in project.AnalyzerReferences:
        path = str(getattr(reference, "FullPath", "") or "")
        if not path:
            continue
        with _package_lock:
            if path not in _package_fixes:
                _package_fixes[path] = _scan_fixers(reference)
            found = _package_fixes[path]
        for diagnostic_id, providers in found.items():
            merged.setdefault(diagnostic_id, []).extend(providers)
    return {k: tuple(v) for k, v in merged.items()}


def _scan_fixers(reference: Any) -> dict[str, tuple[Provider, ...]]:
    import clr  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeFixes import (  # type: ignore[import-not-found]
        CodeFixProvider,
        ExportCodeFixProviderAttribute,
    )
    from System import Activator, Type  # type: ignore[import-not-found]

    found: dict[str, list[Provider]] = {}
    base, marker = clr.GetClrType(CodeFixProvider), clr.GetClrType(ExportCodeFixProviderAttribute)
    try:
        kinds = list(reference.GetAssembly().GetTypes())
    except Exception:  # an assembly that does not load (or only partly) offers no fixes
        log.debug("fixers of %s could not be listed", reference.Display, exc_info=True)
        return {}
    for kind in kinds:
        if kind is None or kind.IsAbstract or not base.IsAssignableFrom(kind):
            continue
        attributes = kind.GetCustomAttributes(marker, False)
        if not attributes or "C#" not in [str(language) for language in attributes[0].Languages]:
            continue
        if kind.GetConstructor(Type.EmptyTypes) is None:
            continue
        try:
            instance = Activator.CreateInstance(kind)
            ids = [str(i) for i in instance.FixableDiagnosticIds]
        except Exception:
            log.debug("fixer %s could not be created", kind.FullName, exc_info=True)
            continue
        for diagnostic_id in ids:
            found.setdefault(diagnostic_id, []).append(Provider(str(kind.Name), instance))
    return {k: tuple(v) for k, v in found.items()}
