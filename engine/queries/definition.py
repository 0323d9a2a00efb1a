"""``go_to_definition``."""

from __future__ import annotations

from typing import Any

from ..docs import documentation
from ..host.interop import Operation
from ..symbols.describe import signature, source_locations, typed
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.definition import Definition
from ..workspace.snapshot import Snapshot


def go_to_definition(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> Definition:
    """The declarations of a symbol (named, or under a position such as a use site)."""
    symbol = resolve(snapshot, operation, ref)
    locations = tuple(source_locations(symbol)) + tuple(
        location for part in _other_parts(symbol) for location in source_locations(part)
    )
    return Definition(
        root=str(snapshot.root),
        symbol=summarize(symbol),
        locations=locations,
        signature=signature(symbol),
        summary="" if locations else documentation(symbol).summary,
    )


def _other_parts(symbol: Any) -> list[Any]:
    """The other part of a partial method or property: its body, often a source generator's
    (``[GeneratedRegex]``, ``[LibraryImport]``), or its declaration."""
    if str(symbol.Kind) not in ("Method", "Property"):
        return []
    symbol = typed(symbol)
    other = symbol.PartialImplementationPart or symbol.PartialDefinitionPart
    return [typed(other)] if other is not None else []
