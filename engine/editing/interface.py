"""``extract_interface``: an interface made from a type's public members, the type then implementing it,
by Roslyn's own Extract Interface (the C# helper ``ExtractInterface`` gives it the dialog's answers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import EditRefused, InvalidArgument
from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import display, documentation_id, kind_of
from ..workspace.snapshot import Snapshot


def extracted_interface_solution(
    snapshot: Snapshot,
    operation: Operation,
    symbol: Any,
    members: list[str] | None,
    name: str | None,
    file: str | None,
) -> tuple[str, Any]:
    """The title and the solution with ``symbol``'s interface extracted.

    Args:
        members: member names (``Add``, ``Balance``) or documentation IDs; every public member when empty.
        name: the interface's name (``I`` and the type's name when left out).
        file: the file to write it to, beside the type's (``<name>.cs`` when left out); the type's own file
            puts it there.
    """
    from System import Array, String  # type: ignore[import-not-found]

    if str(symbol.Kind) != "NamedType" or str(symbol.TypeKind) not in ("Class", "Struct", "Interface"):
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}; an interface is extracted from a class, struct or interface.",
            "Name the type whose members the interface lists.",
        )
    places = [location for location in symbol.Locations if location.IsInSource]
    if not places:
        raise EditRefused(
            f"No interface can be extracted from {display(symbol)} here (not declared in the solution).",
            "Name a type the solution declares.",
        )
    native = helpers()
    place = places[0]
    document = snapshot.solution.GetDocument(place.SourceTree)
    position = place.SourceSpan.Start
    try:
        extractable = list(
            operation.wait(native.ExtractInterface.ExtractableAsync(document, position, operation.token))
        )
    except Exception as error:  # the service's reason, from .NET
        raise EditRefused(
            f"No interface can be extracted from {display(symbol)}: {error}", "Name another type."
        ) from error
    by_name: dict[str, list[str]] = {}
    for member in symbol.GetMembers():
        by_name.setdefault(str(member.Name), []).append(documentation_id(member))
    chosen = []
    for wanted in members or []:
        ids = [wanted] if wanted in extractable else [i for i in by_name.get(wanted, []) if i in extractable]
        if not ids:
            names = sorted({i.split(":", 1)[1].rsplit(".", 1)[-1].split("(")[0] for i in extractable})
            raise InvalidArgument(
                f"{display(symbol)} has no public member '{wanted}' an interface can list.",
                f"Its extractable members: {', '.join(names) or 'none'}.",
            )
        chosen.extend(ids)
    interface = (name or f"I{symbol.Name}").strip()
    if not interface.isidentifier():
        raise InvalidArgument(f"'{interface}' is not a C# identifier.", "Give the interface a name such as ICustomer.")
    same_file = file is not None and Path(snapshot.absolute(file)) == Path(str(place.SourceTree.FilePath))
    file_name = None if same_file else Path(file).name if file else f"{interface}.cs"
    try:
        task = native.ExtractInterface.ExtractAsync(
            document, position, Array[String](chosen or extractable), interface, file_name, operation.token
        )
        solution = operation.wait(task)
    except Exception as error:
        raise EditRefused(
            f"The interface could not be extracted: {error}", "Check the members and the name."
        ) from error
    return f"Extract interface {interface} from {display(symbol)}", solution
