"""Severities as a build reports them, and which analyzers can reach a severity at all.

A build's severity for a rule comes from its default, the project's options (``NoWarn``,
``WarningsAsErrors``, ``TreatWarningsAsErrors``) and the ``.editorconfig`` / ``.globalconfig`` files
(``dotnet_diagnostic.<id>.severity``, ``dotnet_analyzer_diagnostic[.category-<c>].severity``). Roslyn
applies those when it reports; this module only needs an upper bound per analyzer, to skip the
analyzers that cannot report anything at the severity asked for (running every analyzer to keep only
errors cost a user 52 s on one test project). The bound takes the highest severity any section of
any configuration file gives a rule, whatever files the section matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .rules import IDE, Analyzer, Rule

LEVELS = {"hidden": 0, "info": 1, "warning": 2, "error": 3}
_CONFIGURED = {
    "error": 3,
    "warning": 2,
    "suggestion": 1,
    "silent": 0,
    "refactoring": 0,
    "none": -1,
    "default": None,
}
_REPORT = {"Error": 3, "Warn": 2, "Info": 1, "Hidden": 0, "Suppress": -1}
_PAIR = re.compile(r"^\s*([^#;\[\s][^=]*?)\s*=\s*(.*?)\s*$")


@dataclass(frozen=True)
class Configuration:
    """What a project's options and configuration files say about severities (upper bounds)."""

    by_id: dict[str, int] = field(default_factory=dict)
    by_category: dict[str, int] = field(default_factory=dict)
    every_analyzer: int | None = None
    """``dotnet_analyzer_diagnostic.severity``: applies to every analyzer rule."""
    option_severity: int | None = None
    """The highest ``option = value:severity`` (the IDE's older way to give a code-style rule a severity)."""
    warnings_are_errors: bool = False


def configuration(project: Any, compilation: Any, operation: Any) -> Configuration:
    """The severity settings that apply to ``project``."""
    by_id: dict[str, int] = {}
    by_category: dict[str, int] = {}
    every: int | None = None
    option: int | None = None
    for document in project.AnalyzerConfigDocuments:
        text = str(operation.wait(document.GetTextAsync(operation.token)).ToString())
        ids, categories, bulk, from_options = _settings(text)
        for table, found in ((by_id, ids), (by_category, categories)):
            for key, level in found.items():
                table[key] = max(table.get(key, -1), level)
        every = _higher(every, bulk)
        option = _higher(option, from_options)
    options = compilation.Options
    for pair in options.SpecificDiagnosticOptions:
        reported = _REPORT.get(str(pair.Value))
        if reported is not None:
            key = str(pair.Key).upper()
            by_id[key] = max(by_id.get(key, -1), reported)
    return Configuration(by_id, by_category, every, option, str(options.GeneralDiagnosticOption) == "Error")


def highest(rule: Rule, settings: Configuration, source: str) -> int:
    """The highest severity ``rule`` can be reported at in the project (-1: never)."""
    levels = [LEVELS[rule.default]] if rule.enabled else []
    if source == IDE:
        # A code-style rule's severity comes from its option's default (``true:suggestion``), not from
        # its descriptor (often hidden); those defaults go up to suggestion.
        levels.append(LEVELS["info"])
    for level in (
        settings.by_id.get(rule.id.upper()),
        settings.by_category.get(rule.category.lower()),
        settings.every_analyzer,
        settings.option_severity if source == IDE else None,
    ):
        if level is not None:
            levels.append(level)
    top = max(levels, default=-1)
    if top == LEVELS["warning"] and settings.warnings_are_errors:
        top = LEVELS["error"]
    return cap(top, source)


def cap(level: int, source: str) -> int:
    """A build never reports the IDE's own analyzers: their rules are at most warnings here, as in an
    editor, whatever ``TreatWarningsAsErrors`` says (a project that enforces code style in its build
    runs the SDK's code-style analyzers instead, which are not capped)."""
    return min(level, LEVELS["warning"]) if source == IDE else level


def capped(word: str, source: str) -> str:
    """A reported severity word as a build would have it (``cap``)."""
    level = LEVELS.get(word)
    return word if level is None else next(w for w, value in LEVELS.items() if value == cap(level, source))


def can_report(analyzer: Analyzer, settings: Configuration, least: str) -> bool:
    """Whether ``analyzer`` can report anything at ``least`` or above."""
    wanted = LEVELS[least]
    return any(highest(rule, settings, analyzer.source) >= wanted for rule in analyzer.rules)


def _higher(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


@lru_cache(maxsize=256)
def _settings(text: str) -> tuple[dict[str, int], dict[str, int], int | None, int | None]:
    """Every severity a configuration file sets, in any of its sections."""
    ids: dict[str, int] = {}
    categories: dict[str, int] = {}
    bulk: int | None = None
    options: int | None = None
    for line in text.splitlines():
        match = _PAIR.match(line)
        if not match:
            continue
        key, value = match[1].strip().lower(), match[2].strip().lower()
        if key.startswith("dotnet_diagnostic.") and key.endswith(".severity"):
            level = _CONFIGURED.get(value)
            if level is not None:
                rule = key[len("dotnet_diagnostic.") : -len(".severity")].upper()
                ids[rule] = max(ids.get(rule, -1), level)
        elif key == "dotnet_analyzer_diagnostic.severity":
            bulk = _higher(bulk, _CONFIGURED.get(value))
        elif key.startswith("dotnet_analyzer_diagnostic.category-") and key.endswith(".severity"):
            level = _CONFIGURED.get(value)
            if level is not None:
                category = key[len("dotnet_analyzer_diagnostic.category-") : -len(".severity")]
                categories[category] = max(categories.get(category, -1), level)
        elif ":" in value:
            options = _higher(options, _CONFIGURED.get(value.rsplit(":", 1)[1].strip()))
    return ids, categories, bulk, options
