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
)
from ..symbols.naming import SymbolRef, resolve
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
    items = _described(helpers(), found, wanted_id, include_declarations, operation)
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

    symbol = resolve(snapshot, operation, ref)
    found = operation.wait(SymbolFinder.FindReferencesAsync(symbol, snapshot.solution, operation.token))
    counted = int(helpers().References.Count(found))
    return counted if counted >= 0 else find_references(snapshot, operation, ref).total


def reference_count_within(
    snapshot: Snapshot, operation: Operation, ref: SymbolRef, seconds: float
) -> tuple[int, bool]:
    """``reference_count`` looked for at most ``seconds``: the places found by then, and whether that is all
    of them (a lens shows ``1,575+`` for a count still growing, rather than nothing)."""

    symbol = resolve(snapshot, operation, ref)
    milliseconds = max(1, int(seconds * 1000))
    found = operation.wait(
        helpers().References.CountWithinAsync(symbol, snapshot.solution, milliseconds, operation.token)
    )
    if found.Complete and int(found.Count) < 0:  # a place in generated code: the full answer counts those
        return find_references(snapshot, operation, ref).total, True
    return int(found.Count), bool(found.Complete)


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
