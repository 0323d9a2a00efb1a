"""``go_to_definition``."""

from __future__ import annotations

from ..docs import documentation
from ..interop import Operation
from ..naming import SymbolRef, resolve
from ..snapshot import Snapshot
from ..symbols import signature, source_locations, summarize
from ..views.definition import Definition


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
