"""``move_type_to_file``: a type that shares its file with others moved to a file of its own, named
after it, by Roslyn's own "Move type to file" refactoring (usings and namespace carried along)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import EditRefused, InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display, kind_of
from ..workspace.snapshot import Snapshot
from .actions import changed_solution, list_actions

_TITLE = "Move type to "
"""How Roslyn's MoveTypeCodeRefactoringProvider titles the action (``Move type to Customer.cs``)."""


def moved_type_solution(snapshot: Snapshot, operation: Operation, symbol: Any) -> tuple[str, Any]:
    """The title of the move and the solution with ``symbol``'s declaration in ``<Name>.cs`` beside its file."""
    from Microsoft.CodeAnalysis.Text import TextSpan  # type: ignore[import-not-found]

    if str(symbol.Kind) != "NamedType":
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}; only a type moves to a file of its own.",
            "Name a class, struct, record, interface, enum or delegate.",
        )
    if symbol.ContainingType is not None:
        raise EditRefused(
            f"{display(symbol)} is nested in {display(symbol.ContainingType)}: it moves with it.",
            "Move the outermost type, or make it a top-level type first.",
        )
    places = [location for location in symbol.Locations if location.IsInSource]
    if len(places) != 1:
        raise EditRefused(
            f"{display(symbol)} is declared in {len(places)} places (a partial type).",
            "Move a partial type part by part with code_actions at each declaration.",
        )
    place = places[0]
    path = str(place.SourceTree.FilePath)
    document = snapshot.document(path)
    wanted = f"{_TITLE}{symbol.Name}.cs"
    for offered in list_actions(
        snapshot, operation, document, TextSpan(place.SourceSpan.Start, 0), None, with_analyzers=False
    ):
        if offered.item.title == wanted:
            return wanted, changed_solution(offered, operation)
    if Path(path).name == f"{symbol.Name}.cs":
        raise EditRefused(
            f"{display(symbol)} is already in {snapshot.relative(path)}, the file named after it.",
            "Move the other types out of that file instead (move_type_to_file on each).",
        )
    raise EditRefused(
        f"{display(symbol)} is the only type in {snapshot.relative(path)}: there is nothing to move it away from.",
        "Rename the file instead (code_actions at the type's name offers it).",
    )
