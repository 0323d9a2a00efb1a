"""A rename carried into Razor files: Roslyn's Renamer edits C# documents, not the ``.razor`` and
``.cshtml`` files the Razor generator reads, so a property renamed in C# would leave the markup's
``@order.Total`` or a tag's ``Items="..."`` naming what no longer exists.

Each reference (and declaration) of the symbol in Razor-generated code is taken to its Razor file
through the ``#line`` table; where the text there is exactly the old name, the new name is written
there (the Razor file changes as an additional document, so the generator and the rename's checks see
it); where it is not (a place the generator made up, a component's tag: a component is named by its
file), the rename is refused with the file and line. Generated code is never written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import EditRefused
from ..host.interop import Operation
from ..symbols.describe import full_name, razor_file_of
from ..workspace.hooks import follows_renames
from ..workspace.snapshot import Snapshot
from .razor import is_razor


@follows_renames
def rename_in_razor(snapshot: Snapshot, operation: Operation, symbol: Any, new_name: str, renamed: Any) -> Any:
    old_name = str(symbol.Name)
    declared_in = [razor_file_of(loc.SourceTree) for loc in symbol.Locations if loc.SourceTree is not None]
    if str(symbol.Kind) == "NamedType" and any(declared_in):
        made_from = next(path for path in declared_in if path)
        raise EditRefused(
            f"{old_name} is a component or page: its name is its file's ({snapshot.relative(made_from)}).",
            f"Rename the file to {new_name}{Path(made_from).suffix} and its tags with it.",
        )
    edits: dict[str, set[tuple[int, int]]] = {}
    for location in _razor_places(snapshot, operation, symbol):
        if location.SourceTree is None or razor_file_of(location.SourceTree) is None:
            continue
        mapped = location.GetMappedLineSpan()
        path = str(mapped.Path)
        if not (mapped.HasMappedPath and is_razor(path)):
            _refuse_generated(snapshot, symbol, location, operation)
            continue
        lines = _lines(path)
        start, end = mapped.StartLinePosition, mapped.EndLinePosition
        written = lines[start.Line][start.Character : end.Character] if start.Line == end.Line < len(lines) else ""
        if written != old_name and written.lstrip("@") != old_name:
            raise EditRefused(
                f"{snapshot.relative(path)}:{start.Line + 1}:{start.Character + 1} holds '{written}' where the "
                f"generated code names {old_name}: the rename cannot be placed there exactly.",
                "Rename it in that Razor file by hand, or rename from there.",
            )
        edits.setdefault(path, set()).add((start.Line, start.Character + len(written) - len(old_name)))
    for path, places in edits.items():
        lines = _lines(path)
        for line, column in sorted(places, reverse=True):
            text = lines[line]
            lines[line] = text[:column] + new_name + text[column + len(old_name) :]
        renamed = _with_text(renamed, path, "".join(lines))
    return renamed


def _razor_places(snapshot: Snapshot, operation: Operation, symbol: Any) -> list[Any]:
    """Roslyn locations of the symbol's declarations and references in Razor-generated code."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    found = [location for location in symbol.Locations if location.IsInSource]
    wanted = full_name(symbol)
    for referenced in operation.wait(SymbolFinder.FindReferencesAsync(symbol, snapshot.solution, operation.token)):
        definition = referenced.Definition
        if str(definition.Name) != str(symbol.Name) and full_name(definition) != wanted:
            continue  # a constructor found with a type: its references are the type's name already
        found += [reference.Location for reference in referenced.Locations]
    return found


def _refuse_generated(snapshot: Snapshot, symbol: Any, location: Any, operation: Operation) -> None:
    """A reference the generator wrote with no place in the Razor file: a component's tag, whose name
    is its file's, is refused; so is any other, since the rename would not reach it."""
    razor = razor_file_of(location.SourceTree) or ""
    line = str(location.SourceTree.GetText(operation.token).Lines[location.GetLineSpan().StartLinePosition.Line])
    if "AddComponentParameter(" in line:
        return  # the component's name qualifying a parameter's nameof: the tag, refused below if it is renamed
    if "OpenComponent<" in line:
        raise EditRefused(
            f"{symbol.Name} is a component used as a tag in {snapshot.relative(razor)}: a component is named by "
            "its file.",
            f"Rename the file {symbol.Name}.razor and its tags together.",
        )
    raise EditRefused(
        f"The generated code of {snapshot.relative(razor)} uses {symbol.Name} where the Razor file has no exact "
        "place for it (generated code is never written).",
        "Rename it in that Razor file by hand.",
    )


def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8-sig").splitlines(keepends=True)


def _with_text(solution: Any, path: str, text: str) -> Any:
    """The solution with every additional document of ``path`` (one per target of a project) holding ``text``."""
    from Microsoft.CodeAnalysis.Text import SourceText  # type: ignore[import-not-found]

    wanted = os.path.normcase(path)
    for project in solution.Projects:
        for document in project.AdditionalDocuments:
            if os.path.normcase(str(document.FilePath or "")) == wanted:
                solution = solution.WithAdditionalDocumentText(document.Id, SourceText.From(text))
    return solution
