"""Rename a symbol across the solution with Roslyn's Renamer, conflicts found before anything is written.

The public ``Renamer.RenameSymbolAsync`` throws away what the conflict engine found: a rename that
makes a name ambiguous or captures another symbol comes back as a solution that no longer compiles
the same way. The internal overload of the same name returns the ``ConflictResolution`` itself (the
facts Visual Studio's inline rename shows), so it is called through reflection and its unresolved
conflicts are reported by name and place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import EditRefused
from ..host.interop import Operation
from ..models import generator_of, relative_path
from ..symbols.describe import display, location_of
from ..workspace.hooks import followed_rename
from ..workspace.snapshot import Snapshot
from .checks import new_errors

_UNRESOLVED = {"UnresolvedConflict", "UnresolvableConflict", "PossiblyResolvableConflict"}


@dataclass(frozen=True)
class RenameOptions:
    overloads: bool = False
    """Rename every overload of a method too."""
    strings: bool = False
    """Rename the name inside string literals."""
    comments: bool = False
    """Rename the name inside comments."""
    file: bool = False
    """Rename the file too when it is named after the type."""


@dataclass(frozen=True)
class RenameResult:
    solution: Any
    """The solution after the rename (the old one when it could not be computed)."""
    problems: tuple[str, ...]
    """Conflicts and errors the rename would introduce; empty when it is safe to apply."""


def check_new_name(symbol: Any, new_name: str) -> None:
    """Refuse a name that is not a C# identifier (a keyword needs its ``@``)."""
    from Microsoft.CodeAnalysis.CSharp import SyntaxFacts  # type: ignore[import-not-found]

    bare = new_name[1:] if new_name.startswith("@") else new_name
    keyword = bool(bare) and SyntaxFacts.IsReservedKeyword(SyntaxFacts.GetKeywordKind(bare))
    if not new_name or not SyntaxFacts.IsValidIdentifier(bare) or (keyword and not new_name.startswith("@")):
        raise EditRefused(
            f"'{new_name}' is not a valid C# identifier" + (" (it is a keyword)" if keyword else "") + ".",
            "Give a name made of letters, digits and underscores that does not start with a digit"
            + (f" (or @{bare})." if keyword else "."),
        )
    if str(symbol.Name) == new_name:
        raise EditRefused(f"{display(symbol)} is already named '{new_name}'.", "Give a different name.")


def renamed_solution(
    snapshot: Snapshot, operation: Operation, symbol: Any, new_name: str, options: RenameOptions
) -> RenameResult:
    """The solution with ``symbol`` renamed everywhere, and the conflicts Roslyn could not resolve."""
    if not any(location.IsInSource for location in symbol.Locations):
        raise EditRefused(
            f"{display(symbol)} is declared in a referenced assembly, not in the solution's source.",
            "Rename a symbol the solution declares.",
        )
    # Where a person edits each declaration: a member a Razor file's @code declares is at that file.
    paths = [place.path for place in (location_of(loc) for loc in symbol.Locations) if place is not None]
    if all(generator_of(path) for path in paths):
        raise EditRefused(
            f"{display(symbol)} is declared in code a source generator writes "
            f"({snapshot.relative(paths[0])}, by {generator_of(paths[0])}): a rename there would not last.",
            "Rename what the generator reads (the attribute or partial declaration in your code), or change the generator.",
        )
    check_new_name(symbol, new_name)
    from Microsoft.CodeAnalysis.Rename import SymbolRenameOptions  # type: ignore[import-not-found]

    rename_options = SymbolRenameOptions(options.overloads, options.strings, options.comments, options.file)
    resolution = _conflict_resolution(snapshot.solution, symbol, new_name, rename_options, operation)
    if not _field(resolution, "IsSuccessful", property_=True):
        message = str(_field(resolution, "ErrorMessage") or "Roslyn could not rename it.")
        return RenameResult(snapshot.solution, (message,))
    # Razor files are no documents Roslyn's Renamer edits: a feature carries the rename into them.
    solution = followed_rename(snapshot, operation, symbol, new_name, _field(resolution, "NewSolution"))
    problems = [*_conflicts(snapshot, resolution, operation), *new_errors(snapshot, solution, operation)]
    return RenameResult(solution, tuple(dict.fromkeys(problems)))


def _conflict_resolution(solution: Any, symbol: Any, new_name: str, options: Any, operation: Operation) -> Any:
    import clr  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Rename import Renamer  # type: ignore[import-not-found]
    from System.Reflection import BindingFlags  # type: ignore[import-not-found]

    internal = next(
        (
            m
            for m in clr.GetClrType(Renamer).GetMethods(BindingFlags.NonPublic | BindingFlags.Static)
            if m.Name == "RenameSymbolAsync" and "ConflictResolution" in m.ReturnType.FullName
        ),
        None,
    )
    if internal is None:  # another Roslyn without the internal overload: rename without conflict facts
        return _Resolved(
            operation.wait(Renamer.RenameSymbolAsync(solution, symbol, options, new_name, operation.token))
        )
    task = internal.Invoke(None, [solution, symbol, new_name, options, operation.token])
    operation.wait(task)
    return task.GetType().GetProperty("Result").GetValue(task)


@dataclass(frozen=True)
class _Resolved:
    """The shape of a successful ``ConflictResolution`` with no conflict facts."""

    NewSolution: Any
    IsSuccessful: bool = True
    ErrorMessage: str = ""


def _field(resolution: Any, name: str, property_: bool = False) -> Any:
    if isinstance(resolution, _Resolved):
        return getattr(resolution, name)
    from System.Reflection import BindingFlags  # type: ignore[import-not-found]

    flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance
    kind = resolution.GetType()
    member = kind.GetProperty(name, flags) if property_ else kind.GetField(name, flags)
    return member.GetValue(resolution)


def _conflicts(snapshot: Snapshot, resolution: Any, operation: Operation) -> list[str]:
    """Places the conflict engine could not make right, as ``path:line:col: the line``."""
    if isinstance(resolution, _Resolved):
        return []
    found = []
    old = _field(resolution, "OldSolution")
    new = _field(resolution, "NewSolution")
    for related in _field(resolution, "RelatedLocations"):
        if str(related.Type) not in _UNRESOLVED:
            continue
        document = new.GetDocument(related.DocumentId) or old.GetDocument(related.DocumentId)
        tree = operation.wait(document.GetSyntaxTreeAsync(operation.token))
        location = location_of(tree.GetLocation(related.ConflictCheckSpan))
        if location is None:
            continue
        line = str(tree.GetText(operation.token).Lines[location.line - 1]).strip()
        found.append(
            f"conflict at {relative_path(location.path, snapshot.root)}:{location.line}:{location.column}: {line}"
        )
    return found
