"""What a solution holds of what a call names: a file, a symbol, a project. A server answering for
several solutions asks each, to answer from the one that has it (``mcp_server.solution_routing``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import EngineError
from ..host.interop import Operation
from ..symbols.describe import display, source_locations
from ..symbols.naming import resolve_all
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot


@dataclass(frozen=True)
class Holding:
    """Where this solution has what was named; empty when it has none of it."""

    places: tuple[str, ...] = ()
    """Each declaration's ``path:line`` (a symbol from a library: its name), the file's path, or the
    project's name: two solutions holding the same places mean the same thing."""

    def __bool__(self) -> bool:
        return bool(self.places)


@query(restricted=True)
def holds_file(snapshot: Snapshot, operation: Operation, file: str) -> Holding:
    """The file, when one of the solution's projects compiles it."""
    try:
        documents = snapshot.documents_for_path(file)
    except EngineError:
        return Holding()
    return Holding((str(snapshot.absolute(file)),)) if documents else Holding()


@query(restricted=True)
def holds_symbol(snapshot: Snapshot, operation: Operation, name: str) -> Holding:
    """Every symbol ``name`` could mean here, each by where it is declared."""
    try:
        symbols = resolve_all(snapshot, operation, name)
    except EngineError:
        return Holding()
    places: set[str] = set()
    for symbol in symbols:
        locations = source_locations(symbol)
        if locations:
            places.update(f"{loc.path}:{loc.line}" for loc in locations)
        else:
            places.add(display(symbol))
    return Holding(tuple(sorted(places)))


@query(restricted=True)
def holds_project(snapshot: Snapshot, operation: Operation, name: str) -> Holding:
    found = snapshot.project_named(name)
    return Holding((str(found.FilePath or name),)) if found is not None else Holding()
