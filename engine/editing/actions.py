"""Code fixes and refactorings offered at a place, and the solution each one produces.

Fixes come from the diagnostics that touch the span (the compiler's, the projects' analyzers' and
the IDE's own); refactorings from every C# refactoring provider. Actions whose title ends in "..."
open an options dialog in Visual Studio (change signature, extract interface): they are left out.
Any other that turns out to need such a service is refused, with the reason, when it is previewed.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..diagnostics.analyzers import document_analyzer_diagnostics
from ..errors import EditRefused, PositionOutOfRange
from ..host.interop import Operation
from ..symbols.naming import text_position
from ..views.edits import CodeActionItem
from ..workspace.snapshot import Snapshot
from .fix_all import fix_all_action, fix_all_scopes
from .providers import csharp_providers, package_fix_providers

log = logging.getLogger("roslyn_tui.engine.editing")

_DIALOG_ONLY = ("...",)
"""Titles ending like this open an options dialog in Visual Studio: nothing to run without one."""


@dataclass(frozen=True)
class OfferedAction:
    """A code action as it was offered: how to get it, and the snapshot it was offered on."""

    item: CodeActionItem
    resolve: Callable[[Operation], Any]
    """Returns the Roslyn ``CodeAction`` (a fix-all is only computed when asked for)."""
    snapshot: Snapshot


def span_of(text: Any, file: str, line: int, column: int, end_line: int | None, end_column: int | None) -> Any:
    """The ``TextSpan`` from a 1-based position (and optional end), validated against the text."""
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    start = text_position(text, line, column, file)
    if end_line is None and end_column is None:
        return TextSpan(start, 0)
    end = text_position(text, end_line or line, end_column or column, file)
    if end < start:
        raise PositionOutOfRange(
            f"The end {end_line}:{end_column} is before the start {line}:{column}.", "Give an end after the start."
        )
    return TextSpan.FromBounds(start, end)


def line_span(text: Any, file: str, start_line: int, end_line: int) -> Any:
    """The ``TextSpan`` of whole lines ``start_line``..``end_line`` (1-based, inclusive)."""
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    count = text.Lines.Count
    for line in (start_line, end_line):
        if not 1 <= line <= count:
            raise PositionOutOfRange(
                f"Line {line} is outside {file}, which has {count} lines.", f"Give lines 1-{count}."
            )
    if end_line < start_line:
        raise PositionOutOfRange(f"Line {end_line} is before line {start_line}.", "Give the first line, then the last.")
    return TextSpan.FromBounds(text.Lines[start_line - 1].Start, text.Lines[end_line - 1].End)


def list_actions(
    snapshot: Snapshot,
    operation: Operation,
    document: Any,
    span: Any,
    diagnostic_id: str | None,
    with_analyzers: bool,
) -> list[OfferedAction]:
    """Every fix (first) and refactoring (unless a diagnostic was asked for) at ``span``."""
    providers = csharp_providers(document.Project.Solution.Workspace.Services.HostServices)
    from_packages = package_fix_providers(document.Project) if with_analyzers else {}
    place = f"{document.FilePath}:{span.Start}:{span.Length}"
    offered: list[OfferedAction] = []
    fixed_all: set[tuple[str, str]] = set()
    for diagnostic in _diagnostics_at(document, span, operation, with_analyzers):
        found_id = str(diagnostic.Id)
        if diagnostic_id and found_id != diagnostic_id:
            continue
        fixers = (*providers.fixes_by_diagnostic.get(found_id, ()), *from_packages.get(found_id, ()))
        for provider in fixers:
            for action in _fixes(provider.instance, document, diagnostic, operation):
                offered.extend(_flatten(snapshot, place, action, "fix", found_id))
                if (provider.name, found_id) in fixed_all:
                    continue
                fixed_all.add((provider.name, found_id))
                for scope in fix_all_scopes(provider.instance):
                    item = _item(
                        snapshot,
                        place,
                        f"Fix all in {scope}: {action.Title}",
                        "fix",
                        found_id,
                        scope,
                        action.EquivalenceKey,
                    )
                    compute = fix_all_action(
                        provider.instance, document, found_id, action.EquivalenceKey, scope, with_analyzers
                    )
                    offered.append(OfferedAction(item, compute, snapshot))
    if not diagnostic_id:
        for provider in providers.refactorings:
            for action in _refactorings(provider.instance, document, span, operation):
                offered.extend(_flatten(snapshot, place, action, "refactoring", ""))
    unique: dict[str, OfferedAction] = {}
    for each in offered:
        unique.setdefault(each.item.id, each)
    return list(unique.values())


def warm_up(snapshot: Snapshot, operation: Operation) -> None:
    """List the actions once at a statement of some method, so the first real request does not pay
    for initialising the analyzers and the providers' code paths (about 2 s on two cores)."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import StatementSyntax  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    for project in snapshot.projects:
        for document in project.Documents:
            root = operation.wait(document.GetSyntaxRootAsync(operation.token))
            statement = next((n for n in root.DescendantNodes() if isinstance(n, StatementSyntax)), None)
            if statement is not None:
                list_actions(snapshot, operation, document, TextSpan(statement.SpanStart, 0), None, True)
                return


def changed_solution(offered: OfferedAction, operation: Operation) -> Any:
    """Run the action's computation (not its application) and return the solution it produces."""
    from Microsoft.CodeAnalysis.CodeActions import ApplyChangesOperation  # type: ignore[import-not-found]

    try:
        action = offered.resolve(operation)
        if action is None:
            raise EditRefused(f"'{offered.item.title}' found nothing to fix.", "Choose another action.")
        operations = list(operation.wait(action.GetOperationsAsync(operation.token)))
    except RuntimeError as error:
        raise EditRefused(
            f"'{offered.item.title}' could not be computed here: {error}",
            "It may need an options dialog this tool does not have; choose another action.",
        ) from error
    for each in operations:
        if isinstance(each, ApplyChangesOperation):
            return each.ChangedSolution
    raise EditRefused(
        f"'{offered.item.title}' changes nothing in the files (it only opens something in an IDE).",
        "Choose another action.",
    )


def _diagnostics_at(document: Any, span: Any, operation: Operation, with_analyzers: bool) -> list[Any]:
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    found = [d for d in model.GetDiagnostics(None, operation.token) if d.Location.SourceSpan.IntersectsWith(span)]
    if with_analyzers:
        found.extend(
            d
            for d in document_analyzer_diagnostics(document, model, operation, span=span)
            if d.Location.SourceSpan.IntersectsWith(span)
        )
    order = {"Error": 0, "Warning": 1, "Info": 2, "Hidden": 3}
    return sorted(found, key=lambda d: (order.get(str(d.Severity), 4), d.Location.SourceSpan.Start))


def _fixes(provider: Any, document: Any, diagnostic: Any, operation: Operation) -> list[Any]:
    from Microsoft.CodeAnalysis import Diagnostic  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeActions import CodeAction  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeFixes import CodeFixContext  # type: ignore[import-not-found]
    from System import Action  # type: ignore[import-not-found]
    from System.Collections.Immutable import ImmutableArray  # type: ignore[import-not-found]

    found: list[Any] = []
    register = Action[CodeAction, ImmutableArray[Diagnostic]](lambda action, _: found.append(action))
    try:
        operation.wait(provider.RegisterCodeFixesAsync(CodeFixContext(document, diagnostic, register, operation.token)))
    except RuntimeError:  # one provider's failure must not hide the others' fixes
        log.debug("code fix provider %s failed", provider.GetType().Name, exc_info=True)
    return found


def _refactorings(provider: Any, document: Any, span: Any, operation: Operation) -> list[Any]:
    from Microsoft.CodeAnalysis.CodeActions import CodeAction  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CodeRefactorings import CodeRefactoringContext  # type: ignore[import-not-found]
    from System import Action  # type: ignore[import-not-found]

    found: list[Any] = []
    register = Action[CodeAction](found.append)
    try:
        operation.wait(
            provider.ComputeRefactoringsAsync(CodeRefactoringContext(document, span, register, operation.token))
        )
    except RuntimeError:
        log.debug("refactoring provider %s failed", provider.GetType().Name, exc_info=True)
    return found


def _flatten(
    snapshot: Snapshot, place: str, action: Any, kind: str, diagnostic_id: str, parent: str = ""
) -> list[OfferedAction]:
    """Nested actions become leaves titled ``parent > child``; dialog-only ones are dropped."""
    title = f"{parent} > {action.Title}" if parent else str(action.Title)
    nested = list(action.NestedActions)
    if nested:
        found: list[OfferedAction] = []
        for child in nested:
            found.extend(_flatten(snapshot, place, child, kind, diagnostic_id, title))
        return found
    if title.endswith(_DIALOG_ONLY):
        return []
    item = _item(snapshot, place, title, kind, diagnostic_id, "", action.EquivalenceKey)
    return [OfferedAction(item, lambda _operation: action, snapshot)]


def _item(
    snapshot: Snapshot, place: str, title: str, kind: str, diagnostic_id: str, scope: str, key: Any
) -> CodeActionItem:
    """The item with an id that stays the same for the same action at the same place in the same snapshot."""
    identity = f"{snapshot.version}|{place}|{kind}|{diagnostic_id}|{scope}|{title}|{key}"
    action_id = "ca-" + hashlib.sha1(identity.encode()).hexdigest()[:10]
    return CodeActionItem(action_id, title, kind, diagnostic_id, scope)
