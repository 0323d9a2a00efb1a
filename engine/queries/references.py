"""``find_references``: every use of a symbol, with what each use does, across the solution."""

from __future__ import annotations

import json
from typing import Any

from ..host.interop import Operation
from ..models import Location
from ..native import helpers
from ..symbols.describe import (
    display,
    display_format,
    documentation_id,
    line_text,
    location_of,
    source_locations,
    typed,
)
from ..symbols.naming import SymbolRef, resolve
from ..symbols.syntax_roles import DECLARATION, OBJECT_CREATION, classify
from ..views.references import Reference, ReferenceList, count_kinds
from ..views.text import counted
from ..workspace.declared import query
from ..workspace.hooks import placed_references
from ..workspace.snapshot import Snapshot


@query(early=True, scope="every_project")
def find_references(
    snapshot: Snapshot, operation: Operation, ref: SymbolRef, include_declarations: bool = False
) -> ReferenceList:
    """Every reference to a symbol, ordered by file, line and column; each location once.

    A type's references include its constructors' (``new Customer()``, target-typed ``new()``);
    an extension method's include its calls in reduced form (``c.DisplayName()``). Locations found
    in several targets of a multi-targeted project are merged.
    """
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    symbol = resolve(snapshot, operation, ref)
    wanted_id = documentation_id(symbol)
    found = operation.wait(SymbolFinder.FindReferencesAsync(symbol, snapshot.solution, operation.token))
    native = helpers()
    if native is not None:
        items = _described(native, found, wanted_id, include_declarations, operation)
    else:
        items = _walked(found, symbol, wanted_id, include_declarations, operation)
    placed = placed_references(snapshot, operation, symbol, list(items.values()))
    ordered = sorted(placed, key=lambda r: (r.location.path, r.location.line, r.location.column))
    return ReferenceList(
        root=str(snapshot.root),
        symbol=display(symbol),
        documentation_id=wanted_id,
        items=tuple(ordered),
        total=len(ordered),
        file_count=len({r.location.path for r in ordered}),
        kind_counts=count_kinds(ordered),
        by_project=counted(p for p in snapshot.projects_of([r.location.path for r in ordered]) if p),
    )


def reference_count(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> int:
    """``find_references(...).total`` without describing each place (a code lens's count of a symbol used
    15,000 times): the same places, counted in one call; where one is in generated code, the full answer's."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    native = helpers()
    if native is not None:
        symbol = resolve(snapshot, operation, ref)
        found = operation.wait(SymbolFinder.FindReferencesAsync(symbol, snapshot.solution, operation.token))
        counted = int(native.References.Count(found))
        if counted >= 0:
            return counted
    return find_references(snapshot, operation, ref).total


def _described(
    native: Any, found: Any, wanted_id: str, include_declarations: bool, operation: Operation
) -> dict[tuple[str, int, int], Reference]:
    """The references as the C# helper describes them: one call for every location."""
    task = native.References.DescribeAsync(found, wanted_id, include_declarations, display_format(), operation.token)
    items = {}
    for path, line, column, end_line, end_column, kind, member, text, related in json.loads(str(operation.wait(task))):
        location = Location(path, line, column, end_line, end_column)
        items[(path, line, column)] = Reference(location, kind, member, text, related)
    return items


def _walked(
    found: Any, symbol: Any, wanted_id: str, include_declarations: bool, operation: Operation
) -> dict[tuple[str, int, int], Reference]:
    """The same, walked from Python item by item (when the C# helper is not available)."""
    models = _SemanticModels(operation)
    items: dict[tuple[str, int, int], Reference] = {}
    for referenced in found:
        definition = typed(referenced.Definition)
        definition_id = documentation_id(definition)
        related = _related_name(symbol, definition, wanted_id, definition_id)
        if related is None:
            continue
        if include_declarations and definition_id == wanted_id:
            for declared in source_locations(definition):
                items.setdefault((declared.path, declared.line, declared.column), _declaration(declared, definition))
        for reference in referenced.Locations:
            operation.check()
            location = location_of(reference.Location)
            if location is None:
                continue
            key = (location.path, location.line, location.column)
            if key in items:
                continue
            items[key] = _reference(reference, location, definition, related, models)
    return items


def _related_name(symbol: Any, definition: Any, wanted_id: str, definition_id: str) -> str | None:
    """``""`` for the symbol itself and its constructors; the related symbol's name for cascaded ones."""
    if definition_id == wanted_id:
        return ""
    is_constructor = str(definition.Kind) == "Method" and str(definition.MethodKind) == "Constructor"
    if is_constructor and documentation_id(definition.ContainingType) == wanted_id:
        return ""
    return display(definition)


def _reference(reference: Any, location: Any, definition: Any, related: str, models: _SemanticModels) -> Reference:
    tree = reference.Location.SourceTree
    span = reference.Location.SourceSpan
    root = tree.GetRoot(models.operation.token)
    node = root.FindNode(span, False, True)
    is_constructor = str(definition.Kind) == "Method" and str(definition.MethodKind) == "Constructor"
    kind = classify(node, str(definition.Kind))
    if is_constructor and kind not in ("nameof", "doc comment"):
        kind = OBJECT_CREATION if reference.IsImplicit or kind in (OBJECT_CREATION, "type use", "read") else kind
    return Reference(
        location=location,
        kind=kind,
        containing_member=models.enclosing(reference.Document, span.Start),
        line_text=line_text(location, tree, models.operation.token),
        definition=related,
    )


def _declaration(location: Any, definition: Any) -> Reference:
    return Reference(location=location, kind=DECLARATION, containing_member=display(definition), line_text="")


class _SemanticModels:
    """One semantic model per document for the length of a query."""

    def __init__(self, operation: Operation) -> None:
        self.operation = operation
        self._models: dict[str, Any] = {}

    def enclosing(self, document: Any, position: int) -> str:
        key = str(document.Id.Id)
        model = self._models.get(key)
        if model is None:
            model = self._models[key] = self.operation.wait(document.GetSemanticModelAsync(self.operation.token))
        symbol = model.GetEnclosingSymbol(position, self.operation.token)
        while (
            symbol is not None
            and str(symbol.Kind) == "Method"
            and str(typed(symbol).MethodKind)
            in (
                "AnonymousFunction",
                "LocalFunction",
            )
        ):
            symbol = symbol.ContainingSymbol
        if symbol is None or str(symbol.Kind) == "Namespace":
            return ""
        return display(symbol)
