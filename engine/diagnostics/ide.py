"""The IDE's own analyzers: the C# diagnostic analyzers of the SDK's Features assemblies (IDE0044 "make
field readonly", IDE0005 "unnecessary using", ...), created once per process, as an editor runs them."""

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
