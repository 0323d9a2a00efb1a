"""The rules each analyzer reports, and where the analyzer comes from: an analyzer package or the
SDK (named by its assembly), or the IDE (the code-style analyzers of the SDK's Features assemblies,
which a build runs only with ``EnforceCodeStyleInBuild``).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from .ide import ide_analyzers

log = logging.getLogger("roslyn_tui.engine.diagnostics")

IDE = "IDE"
"""The source of the IDE's own analyzers."""
COMPILER = "compiler"

SEVERITY_WORDS = {"Error": "error", "Warning": "warning", "Info": "info", "Hidden": "hidden"}


@dataclass(frozen=True)
class Rule:
    id: str
    default: str
    """``error``, ``warning``, ``info`` or ``hidden``."""
    enabled: bool
    """Enabled by default (a disabled rule reports only where configuration turns it on)."""
    category: str


@dataclass(frozen=True)
class Analyzer:
    """One ``DiagnosticAnalyzer`` (a .NET object: it never leaves ``engine/``) and what it reports."""

    instance: Any
    source: str
    rules: tuple[Rule, ...]


_lock = threading.Lock()
_by_reference: dict[str, tuple[Analyzer, ...]] = {}
_ide: tuple[Analyzer, ...] | None = None


def project_analyzers(project: Any) -> tuple[Analyzer, ...]:
    """The C# analyzers ``project`` references (packages, projects, the SDK's), each reference read once
    per process: its analyzers and their rules do not change while the assembly is loaded."""
    from Microsoft.CodeAnalysis import LanguageNames  # type: ignore[import-not-found]

    found: list[Analyzer] = []
    for reference in project.AnalyzerReferences:
        key = str(getattr(reference, "FullPath", None) or reference.Display)
        with _lock:
            known = _by_reference.get(key)
        if known is None:
            try:
                instances = list(reference.GetAnalyzers(LanguageNames.CSharp))
            except Exception:  # an assembly that does not load is reported by the load, not here
                log.debug("analyzers of %s did not load", reference.Display, exc_info=True)
                instances = []
            known = tuple(_described(a, str(reference.Display)) for a in instances)
            with _lock:
                _by_reference[key] = known
        found.extend(known)
    return tuple(found)


def ide_rules() -> tuple[Analyzer, ...]:
    """The IDE's analyzers, described once per process."""
    global _ide
    with _lock:
        if _ide is not None:
            return _ide
    described = tuple(_described(a, IDE) for a in ide_analyzers())
    with _lock:
        _ide = described
    return described


def enforces_code_style(analyzers: tuple[Analyzer, ...]) -> bool:
    """Whether the build runs the code-style analyzers (``EnforceCodeStyleInBuild`` makes the SDK add
    its ``*.CodeStyle`` analyzer assemblies to the project)."""
    return any(a.source.endswith(".CodeStyle") for a in analyzers)


def _described(analyzer: Any, source: str) -> Analyzer:
    rules = []
    try:
        for descriptor in analyzer.SupportedDiagnostics:
            rules.append(
                Rule(
                    str(descriptor.Id),
                    SEVERITY_WORDS.get(str(descriptor.DefaultSeverity), "hidden"),
                    bool(descriptor.IsEnabledByDefault),
                    str(descriptor.Category or ""),
                )
            )
    except Exception:  # an analyzer whose descriptors throw reports nothing a build would show either
        log.debug("rules of %s could not be read", analyzer, exc_info=True)
    return Analyzer(analyzer, source, tuple(rules))
