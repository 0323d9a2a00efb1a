"""``go_to_definition``."""

from __future__ import annotations

from ..docs import documentation
from ..host.interop import Operation
from ..symbols.describe import signature, source_locations
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.definition import Definition
from ..workspace.snapshot import Snapshot


def go_to_definition(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> Definition:
    """The declarations of a symbol (named, or under a position such as a use site)."""
    symbol = resolve(snapshot, operation, ref)
    locations = tuple(source_locations(symbol))
    return Definition(
        root=str(snapshot.root),
        symbol=summarize(symbol),
        locations=locations,
        signature=signature(symbol),
        summary="" if locations else documentation(symbol).summary,
    )
