"""Diagnostics as a build reports them.

- Compiler diagnostics of every target framework a project builds (a build of ``net8.0;net10.0``
  fails on an error in either), each marked with the targets it occurs in when not all of them.
  Analyzers run on the navigated target only: their rules are the same in every target.
- An analyzer runs only when it can report at the severity asked for (``engine.diagnostics.severity``):
  errors need the compiler and the few analyzers whose rules can be errors (by default or by the
  project's settings), not the hundreds of the others; the compiler's and the analyzers' diagnostics
  come from one binding of every method body.
- Each diagnostic says its source (the compiler, an analyzer package or the SDK by assembly, the IDE),
  and the IDE's rules are never errors (``severity.cap``).
- Projects run side by side: every project's analyzers start before any result is waited for, and
  each project's result is kept per version (``engine.diagnostics.cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import compilation as compilation_of
from ..symbols.describe import location_of
from ..views.diagnostics import Diagnostic
from ..workspace.snapshot import Snapshot, display_name
from . import cache
from .analyzers import analysis
from .generators import generator_diagnostics
from .rules import COMPILER, SEVERITY_WORDS, Analyzer, enforces_code_style, ide_rules, project_analyzers
from .severity import can_report, capped, configuration

Fixable = Callable[[Any], set[str]]
"""``project -> the diagnostic IDs some code fix provider fixes there``."""
Progress = Callable[[int, int, str], None]
"""``(projects done, projects in all, the project just done)``."""


@dataclass(frozen=True)
class Request:
    least: str
    """The least severe diagnostic wanted: ``error``, ``warning``, ``info`` or ``hidden``."""
    analyzers: bool = True
    include_suppressed: bool = False


def of_projects(
    snapshot: Snapshot,
    projects: list[Any],
    request: Request,
    fixable: Fixable | None,
    operation: Operation,
    progress: Progress | None = None,
) -> list[Diagnostic]:
    """The diagnostics of ``projects`` (navigated targets) and of every other target they build;
    ``fixable`` marks those a code fix is offered for."""
    groups = [(project, _targets_first(snapshot, project)) for project in projects]
    every = [target for _, targets in groups for target in targets]
    snapshot.compile_all(every, operation)
    started = [
        (target, _start(snapshot, target, request, chosen is target, operation))
        for chosen, targets in groups
        for target in targets
    ]
    results: dict[int, tuple[Diagnostic, ...]] = {}
    for done, (target, pending) in enumerate(started, 1):
        operation.check()
        results[id(target)] = _marked(pending.finish(operation), fixable(target) if fixable else set())
        if progress is not None:
            progress(done, len(started), display_name(target))
    found: list[Diagnostic] = []
    for _, targets in groups:
        found.extend(_merged(snapshot, [(t, results[id(t)]) for t in targets]))
    return found


def of_document(
    snapshot: Snapshot, path: str, request: Request, fixable: Fixable | None, operation: Operation
) -> list[Diagnostic]:
    """One file's diagnostics in every target that compiles it (the semantic model of that file only)."""
    chosen = snapshot.document(path)
    documents = [chosen, *(d for d in snapshot.documents_for_path(path) if d.Project.Id != chosen.Project.Id)]
    per_target = []
    for document in documents:
        model = operation.wait(document.GetSemanticModelAsync(operation.token))
        project = document.Project
        found = _converted(model.GetDiagnostics(None, operation.token), COMPILER, project)
        if request.analyzers and document is chosen:
            analyzers = _runnable(project, model.Compilation, request, operation)
            if analyzers:
                compiled = _as_built(project, model.Compilation, operation)
                if compiled is not model.Compilation:
                    tree = next(t for t in compiled.SyntaxTrees if t.FilePath == model.SyntaxTree.FilePath)
                    model = compiled.GetSemanticModel(tree, False)
                running = analysis(project, compiled, analyzers, request.include_suppressed)
                tree = model.SyntaxTree
                raw = [
                    *operation.wait(running.GetAnalyzerSyntaxDiagnosticsAsync(tree, operation.token)),
                    *operation.wait(running.GetAnalyzerSemanticDiagnosticsAsync(model, None, operation.token)),
                ]
                found.extend(_from_analyzers(raw, analyzers, project))
        per_target.append((project, _marked(tuple(found), fixable(project) if fixable else set())))
    return _merged(snapshot, per_target)


@dataclass
class _Pending:
    """One target's diagnostics on their way: kept ones, or a compilation and its running analyzers."""

    project: Any
    key: tuple[Any, ...]
    kept: tuple[Diagnostic, ...] | None = None
    compilation: Any = None
    analyzers: tuple[Analyzer, ...] = ()
    running: Any = None
    compiling: Any = None
    """The compiler's diagnostics on their way, when no analyzer runs (the C# helpers' task)."""

    def finish(self, operation: Operation) -> tuple[Diagnostic, ...]:
        if self.kept is not None:
            return self.kept
        if self.running is None:
            found = _converted(operation.wait(self.compiling), COMPILER, self.project)
        else:
            found = _from_analyzers(operation.wait(self.running), self.analyzers, self.project)
        # What the generators report, as a build does with the compiler's (RZ, SYSLIB...).
        found += _converted(generator_diagnostics(self.project, self.compilation, operation), COMPILER, self.project)
        result = tuple(found)
        cache.put(self.key, result)
        return result


def _start(snapshot: Snapshot, project: Any, request: Request, navigated: bool, operation: Operation) -> _Pending:
    wanted = replace(request, analyzers=request.analyzers and navigated)
    key = (*cache.version_of(project, operation), wanted)
    kept = cache.get(key)
    if kept is not None:
        return _Pending(project, key, kept)
    compiled = compilation_of(snapshot, project, operation)
    pending = _Pending(project, key, compilation=compiled)
    if wanted.analyzers:
        pending.analyzers = _runnable(project, compiled, wanted, operation)
        if pending.analyzers:
            compiled = pending.compilation = _as_built(project, compiled, operation)
            # The compiler's diagnostics and the analyzers' in one binding of every method body: asking
            # the compilation, then the analyzers, binds twice (twice the time of a build's compile).
            pending.running = analysis(
                project, compiled, pending.analyzers, wanted.include_suppressed
            ).GetAllDiagnosticsAsync(operation.token)
    if pending.running is None:
        # Started now, all of them, and taken in order later: the targets bind on every core at once.
        pending.compiling = helpers().CompilerDiagnostics.Of(compiled, operation.token)
    return pending


def _as_built(project: Any, compiled: Any, operation: Operation) -> Any:
    """The compilation a build analyzes. MSBuildWorkspace reads doc comments (``DocumentationMode.Parse``)
    in a project whose build does not (no ``GenerateDocumentationFile``: the compiler's mode is ``None``),
    and analyzers that check documentation (StyleCop's SA16xx) report what they see: the analyzers get
    the project parsed as the build parses it (the analysis binds every body afresh anyway)."""
    from Microsoft.CodeAnalysis import DocumentationMode  # type: ignore[import-not-found]

    options = project.ParseOptions
    if options is None or str(options.DocumentationMode) != "Parse":
        return compiled
    as_built = project.WithParseOptions(options.WithDocumentationMode(getattr(DocumentationMode, "None")))
    return operation.wait(as_built.GetCompilationAsync(operation.token))


def _runnable(project: Any, compiled: Any, request: Request, operation: Operation) -> tuple[Analyzer, ...]:
    """The analyzers that can report at the severity asked for: the project's, then the IDE's (unless the
    project runs the SDK's code-style analyzers in its build, which report the same rules)."""
    referenced = project_analyzers(project)
    candidates = referenced if enforces_code_style(referenced) else (*referenced, *ide_rules())
    settings = configuration(project, compiled, operation)
    return tuple(a for a in candidates if can_report(a, settings, request.least))


def _from_analyzers(raw: Iterable[Any], analyzers: tuple[Analyzer, ...], project: Any) -> list[Diagnostic]:
    """Diagnostics of an analysis, each with the source of the analyzer that reports its rule (the rest
    are the compiler's)."""
    source_of: dict[str, str] = {}
    for analyzer in analyzers:
        for rule in analyzer.rules:
            source_of.setdefault(rule.id, analyzer.source)
    found = []
    for diagnostic in raw:
        source = source_of.get(str(diagnostic.Id), COMPILER)
        found.extend(_converted([diagnostic], source, project))
    return found


def _converted(raw: Iterable[Any], source: str, project: Any) -> list[Diagnostic]:
    """Plain diagnostics, not yet marked ``fixable`` (what is kept must not depend on the caller)."""
    name = display_name(project)
    found = []
    for d in raw:
        descriptor = d.Descriptor
        severity = SEVERITY_WORDS.get(str(d.Severity), str(d.Severity).lower())
        severity = capped(severity, source)
        found.append(
            Diagnostic(
                id=str(d.Id),
                severity=severity,
                message=str(d.GetMessage(None)),
                location=location_of(d.Location),
                project=name,
                source=source,
                category=str(descriptor.Category or ""),
                help_link=str(descriptor.HelpLinkUri or ""),
                suppressed=bool(d.IsSuppressed),
            )
        )
    return found


def _marked(found: tuple[Diagnostic, ...], fixable: set[str]) -> tuple[Diagnostic, ...]:
    return tuple(replace(d, fixable=True) if d.id in fixable else d for d in found)


def _targets_first(snapshot: Snapshot, project: Any) -> list[Any]:
    """Every target of ``project``'s file, the navigated one first."""
    others = [p for p in snapshot.all_projects if p.FilePath == project.FilePath and p.Id != project.Id]
    return [project, *others]


def _merged(snapshot: Snapshot, per_target: list[tuple[Any, tuple[Diagnostic, ...]]]) -> list[Diagnostic]:
    """One diagnostic per (rule, place, message) over the targets, marked with the targets it occurs in
    when that is not every target the project builds."""
    if len(per_target) == 1:
        return list(per_target[0][1])
    names = [snapshot.project_targets[project.Name] for project, _ in per_target]
    seen: dict[tuple[Any, ...], tuple[Diagnostic, list[str]]] = {}
    for name, (_, found) in zip(names, per_target, strict=True):
        for diagnostic in found:
            key = (diagnostic.id, diagnostic.location, diagnostic.message)
            if key not in seen:
                seen[key] = (diagnostic, [])
            if name not in seen[key][1]:
                seen[key][1].append(name)
    # Analyzers run on the navigated target only: their diagnostics are not marked.
    return [
        replace(diagnostic, targets=tuple(sorted(where, key=names.index)))
        if diagnostic.source == COMPILER and len(where) < len(names)
        else diagnostic
        for diagnostic, where in seen.values()
    ]
