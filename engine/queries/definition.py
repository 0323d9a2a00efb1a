"""``go_to_definition``."""

from __future__ import annotations

import logging
from typing import Any

from ..docs import documentation
from ..errors import EngineError
from ..external.library import library_source
from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import signature, source_locations, typed
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.definition import Definition, LibraryPlace
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

log = logging.getLogger("roslyn_tui")


@query(early=True, syntax=True)
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
        library=None if locations else library_place(snapshot, symbol, operation),
    )


def library_place(snapshot: Snapshot, symbol: Any, operation: Operation) -> LibraryPlace | None:
    """Where a metadata symbol's source was written (``engine.external.library``); ``None`` when it
    has none to give (the answer keeps the signature and documentation)."""
    if str(symbol.Kind) not in ("NamedType", "Method", "Property", "Field", "Event"):
        return None
    try:
        found = library_source(snapshot, symbol, operation)
    except EngineError as error:
        log.info("no library source for %s: %s", symbol.ToDisplayString(), error.message)
        return None
    with open(found.path, encoding="utf-8") as text:
        line = next((each for number, each in enumerate(text, 1) if number == found.line), "")
    name = str(symbol.Name) if str(symbol.Name) != ".ctor" else str(symbol.ContainingType.Name)
    column = (line.find(name) if name in line else len(line) - len(line.lstrip())) + 1
    place = Location(found.path, found.line, column, found.line, column + len(name))
    return LibraryPlace(place, found.route, found.assembly, found.version, found.address)


def _other_parts(symbol: Any) -> list[Any]:
    """The other part of a partial method or property: its body, often a source generator's
    (``[GeneratedRegex]``, ``[LibraryImport]``), or its declaration."""
    if str(symbol.Kind) not in ("Method", "Property"):
        return []
    symbol = typed(symbol)
    other = symbol.PartialImplementationPart or symbol.PartialDefinitionPart
    return [typed(other)] if other is not None else []
