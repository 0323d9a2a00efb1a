"""``change_signature``: a method's parameters reordered, removed, added (with a default value, or a value
every call site passes) and renamed, with every override, implementation and call site updated, by
Roslyn's own Change Signature (the C# helper ``ChangeSignature`` gives it the dialog's answers).

A parameter list is given in the new order, one entry each:

- ``name``: an existing parameter, kept (one left out is removed);
- ``name as new_name``: kept and renamed (named arguments follow);
- ``Type name = default``: added, optional: call sites need not change;
- ``Type name: value``: added, required: every call site passes ``value``;
- ``Type name``: added, required, with no value: the preview shows each call site that lacks one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import EditRefused, InvalidArgument
from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import display, kind_of
from ..workspace.snapshot import Snapshot

_NAME = r"@?[A-Za-z_]\w*"
_RENAMED = re.compile(rf"^(?P<old>{_NAME})\s+as\s+(?P<new>{_NAME})$")
_ADDED = re.compile(rf"^(?P<type>[A-Za-z_][\w.<>,\[\]?\s]*?)\s+(?P<name>{_NAME})\s*(?:(?P<how>[=:])\s*(?P<value>.+))?$")
_CHANGEABLE = {"Ordinary", "Constructor", "DelegateInvoke", "ReducedExtension"}


@dataclass(frozen=True)
class ParameterSpec:
    name: str
    """The parameter's name after the change."""
    existing: str = ""
    """The name it has now; empty for a parameter added."""
    type: str = ""
    default: str = ""
    call_site_value: str = ""


def parse_parameters(entries: list[str]) -> list[ParameterSpec]:
    """The new parameter list (see the module's docstring); a malformed entry is a named error."""
    found = []
    for entry in entries:
        text = entry.strip()
        if re.fullmatch(_NAME, text):
            found.append(ParameterSpec(text, existing=text))
            continue
        renamed = _RENAMED.match(text)
        if renamed:
            found.append(ParameterSpec(renamed["new"], existing=renamed["old"]))
            continue
        added = _ADDED.match(text)
        if not added:
            raise InvalidArgument(
                f"'{entry}' is not a parameter entry.",
                "Give 'name' (keep), 'name as new_name' (rename), 'Type name = default' or 'Type name: value' (add).",
            )
        value = (added["value"] or "").strip()
        found.append(
            ParameterSpec(
                added["name"],
                type=added["type"].strip(),
                default=value if added["how"] == "=" else "",
                call_site_value=value if added["how"] == ":" else "",
            )
        )
    names = [spec.name for spec in found]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InvalidArgument(f"The parameter list names {', '.join(twice)} twice.", "Give each parameter once.")
    return found


def changed_signature_solution(
    snapshot: Snapshot, operation: Operation, symbol: Any, specs: list[ParameterSpec]
) -> Any:
    """The solution with ``symbol``'s parameters as ``specs`` say, through Roslyn's Change Signature."""
    from Microsoft.CodeAnalysis.Rename import Renamer, SymbolRenameOptions  # type: ignore[import-not-found]
    from System import Array, String  # type: ignore[import-not-found]

    if str(symbol.Kind) == "NamedType" and str(symbol.TypeKind) == "Delegate":
        symbol = symbol.DelegateInvokeMethod  # a delegate's signature is its Invoke's
    if str(symbol.Kind) != "Method" or str(symbol.MethodKind) not in _CHANGEABLE:
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}; a method's, constructor's or delegate's signature changes.",
            "Name a method, a constructor (Type.Type) or a delegate's Invoke.",
        )
    places = [location for location in symbol.Locations if location.IsInSource] or [
        location for location in symbol.ContainingType.Locations if location.IsInSource
    ]
    if not places:
        raise EditRefused(
            f"{display(symbol)} is not declared in the solution.", "Change a method the solution declares."
        )
    current = {str(p.Name): p for p in symbol.Parameters}
    for spec in specs:
        if spec.existing and spec.existing not in current:
            raise InvalidArgument(
                f"{display(symbol)} has no parameter '{spec.existing}'.",
                f"Its parameters: {', '.join(current) or 'none'}.",
            )
    native = helpers()
    solution = snapshot.solution
    for spec in specs:
        if spec.existing and spec.existing != spec.name:
            renamed = Renamer.RenameSymbolAsync(
                solution, current[spec.existing], SymbolRenameOptions(), spec.name, operation.token
            )
            solution = operation.wait(renamed)
    place = places[0]
    document = solution.GetDocument(snapshot.solution.GetDocumentId(place.SourceTree))
    kept = [spec.name for spec in specs if spec.existing]
    added = [[spec.type, spec.name, spec.default, spec.call_site_value] for spec in specs if not spec.existing]
    order, next_kept, next_added = [], 0, 0
    for spec in specs:
        if spec.existing:
            order.append(next_kept)
            next_kept += 1
        else:
            next_added += 1
            order.append(-next_added)
    rows = Array[Array[String]]([Array[String](row) for row in added])
    try:
        task = native.ChangeSignature.ChangeAsync(
            document, place.SourceSpan.Start, Array[String](kept), rows, order, operation.token
        )
        changed = operation.wait(task)
    except Exception as error:  # the service's reason, from .NET
        raise EditRefused(
            f"{display(symbol)}'s signature could not be changed: {error}",
            "Check the parameter list (names, types that exist where the method is declared).",
        ) from error
    return changed
