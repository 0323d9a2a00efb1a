"""What a change left as it was: the call sites, overrides and implementations of a changed signature
that the change did not touch (where code no longer compiles or now behaves differently), and the
errors in the files the change and those places are in."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from typing import Any

from ..errors import EngineError
from ..host.interop import Operation
from ..models import Location
from ..queries import find_implementations, find_overrides, find_references
from ..symbols.describe import documentation_id, normalize, overridden, typed
from ..symbols.naming import SymbolRef, resolve, symbol_at
from ..views.review_aspects import SIGNATURE, Aspect
from .compare import Matched
from .shapes import Declared
from .sides import Sides

_REACHING = SIGNATURE | {
    Aspect.PARAMETER_NAMES,
    Aspect.ACCESSIBILITY,
    Aspect.MODIFIERS,
    Aspect.KIND,
    Aspect.CONSTANT_VALUE,
    Aspect.DEFAULT_VALUE,
    Aspect.ACCESSORS,
}
"""Aspects whose change may leave code using the symbol to change with it."""
_UNBINDING = frozenset({Aspect.MODIFIERS, Aspect.ACCESSIBILITY, Aspect.KIND})
"""Aspects after whose change the old symbol's uses may no longer bind to the new one."""
MOST_SIGNATURES = 40
"""Changed signatures whose places are looked for; a review of more says so."""


@dataclass
class Lines:
    """For each changed file: the lines of the base side the change rewrote, where every other base line
    is now, and the lines of the head side the change wrote."""

    rewritten: dict[str, set[int]]
    moved: dict[str, dict[int, int]]
    written: dict[str, set[int]]

    def kept(self, place: Location) -> bool:
        """Whether ``place`` (on the head side) is on a line the change did not write."""
        return place.line not in self.written.get(place.path, ())

    def untouched(self, place: Location) -> Location | None:
        """``place`` (on the base side) as it is now when the change did not rewrite its line; None when it did."""
        if place.path not in self.rewritten:
            return place
        if place.line in self.rewritten[place.path]:
            return None
        line = self.moved[place.path].get(place.line)
        if line is None:
            return None
        shift = line - place.line
        return replace(place, line=line, end_line=place.end_line + shift)


def changed_lines(sides: Sides) -> Lines:
    rewritten: dict[str, set[int]] = {}
    moved: dict[str, dict[int, int]] = {}
    written: dict[str, set[int]] = {}
    for path in sides.texts_before.keys() | sides.texts_after.keys():
        before, after = sides.texts_before.get(path), sides.texts_after.get(path)
        if before == after:
            continue
        old, new = (before or "").splitlines(), (after or "").splitlines()
        rewritten[path], moved[path], written[path] = set(), {}, set()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if tag != "equal":
                written[path].update(range(j1 + 1, j2 + 1))
            for line in range(i1, i2):
                if tag == "equal":
                    moved[path][line + 1] = j1 + (line - i1) + 1
                else:
                    rewritten[path].add(line + 1)
    return Lines(rewritten, moved, written)


def reaches_callers(change: Matched) -> bool:
    """Whether code using the symbol may have to change with it."""
    if change.change in ("removed", "renamed", "moved"):
        return change.before is not None
    if change.change == "added":
        return _abstract_in_type(change)
    return any(difference.aspect in _REACHING for difference in change.differences)


def places_not_updated(sides: Sides, operation: Operation, change: Matched, lines: Lines) -> list[Location]:
    """The places using the old symbol that the change did not rewrite, as they are now: its uses, and
    for an overridable or interface member its overrides and implementations."""
    if change.change == "added":
        return _implementations_lacking(sides, operation, change)
    before = change.before
    assert before is not None
    ref = SymbolRef(name=before.key)
    places: list[Location] = []
    try:
        if change.after is not None and change.change == "changed" and not _needs_the_old_symbol(change):
            places += _uses_kept(sides, operation, change, lines)
        else:
            found = find_references(sides.before, operation, ref)
            places += _untouched([item.location for item in found.items], lines)
        symbol = before.symbol
        if str(symbol.Kind) in ("Method", "Property", "Event") and (
            symbol.IsVirtual or symbol.IsAbstract or symbol.IsOverride
        ):
            overrides = find_overrides(sides.before, operation, ref).items
            places += _untouched([o.symbol.location for o in overrides if o.symbol.location], lines)
        if _in_interface(symbol) or (str(symbol.Kind) == "NamedType" and str(symbol.TypeKind) == "Interface"):
            implementations = find_implementations(sides.before, operation, ref).items
            places += _untouched([i.symbol.location for i in implementations if i.symbol.location], lines)
    except EngineError:
        return []  # the old symbol cannot be named on the base side (a generated member): nothing to say
    if change.after is not None:
        places = [place for place in places if not _compiles_as_updated(sides, operation, change.after, place)]
    kept = {(p.path, p.line, p.column): p for p in places}
    return sorted(kept.values(), key=lambda p: (p.path, p.line, p.column))


def _compiles_as_updated(sides: Sides, operation: Operation, after: Declared, place: Location) -> bool:
    """Whether the head side binds ``place`` to the changed symbol (or an override of it) with no error on
    its line: such a place needs no update, though the change did not touch it (a member made private
    whose only uses are in its own class)."""
    try:
        symbol = normalize(symbol_at(sides.after, operation, place.path, place.line, place.column))
    except EngineError:
        return False
    base = overridden(symbol)
    if after.key not in {documentation_id(symbol), documentation_id(normalize(base)) if base is not None else ""}:
        return False
    document = sides.after.document(place.path)
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    line = operation.wait(document.GetTextAsync(operation.token)).Lines[place.line - 1]
    return not any(str(d.Severity) == "Error" for d in model.GetDiagnostics(line.Span, operation.token))


def _untouched(places: list[Location], lines: Lines) -> list[Location]:
    """Places on the base side the change did not rewrite, where they are now."""
    return [p for p in (lines.untouched(place) for place in places) if p is not None]


def _needs_the_old_symbol(change: Matched) -> bool:
    """Whether the change's places must be found from the old symbol: overrides of a member no longer
    overridable, uses of one less accessible or of another kind no longer bind to the new one."""
    return any(difference.aspect in _UNBINDING for difference in change.differences)


def _uses_kept(sides: Sides, operation: Operation, change: Matched, lines: Lines) -> list[Location]:
    """The new symbol's uses on lines the change did not write: a call that no longer matches is still
    found, as a candidate of the call. The head side is the loaded solution, whose compilations are warm."""
    after = change.after
    assert after is not None
    found = find_references(sides.after, operation, SymbolRef(name=after.key))
    return [item.location for item in found.items if lines.kept(item.location)]


def _abstract_in_type(change: Matched) -> bool:
    after = change.after
    if after is None or after.is_type or after.symbol.ContainingType is None:
        return False
    return bool(after.symbol.IsAbstract) and not after.symbol.IsStatic


def _in_interface(symbol: Any) -> bool:
    container = symbol.ContainingType
    return container is not None and str(container.TypeKind) == "Interface"


def _implementations_lacking(sides: Sides, operation: Operation, change: Matched) -> list[Location]:
    """A new abstract or interface member: the types implementing or deriving from its type that do not
    implement it (they no longer compile)."""
    after = change.after
    assert after is not None
    member = after.symbol
    container = member.ContainingType
    try:
        found = find_implementations(sides.after, operation, SymbolRef(name=documentation_id(container)))
    except EngineError:
        return []
    lacking = []
    for related in found.items:
        if related.symbol.kind not in ("class", "struct", "record", "record struct") or related.symbol.location is None:
            continue
        try:
            implementing = typed(resolve(sides.after, operation, SymbolRef(name=related.symbol.documentation_id)))
        except EngineError:
            continue
        if _in_interface(member):
            # The types that list the interface themselves must implement it (an abstract one too).
            if related.direct and implementing.FindImplementationForInterfaceMember(member) is None:
                lacking.append(related.symbol.location)
        elif not implementing.IsAbstract and not _overridden_on_the_way(implementing, member):
            lacking.append(related.symbol.location)
    return lacking


def _overridden_on_the_way(derived: Any, member: Any) -> bool:
    """Whether ``derived`` or a base class between it and ``member``'s type overrides ``member``."""
    stop = documentation_id(member.ContainingType)
    current = derived
    while current is not None and documentation_id(current) != stop:
        if any(_overrides(m, member) for m in current.GetMembers(member.Name)):
            return True
        current = current.BaseType
    return False


def _overrides(candidate: Any, member: Any) -> bool:
    # ``GetMembers`` hands members back as ``ISymbol``: ``overridden`` reads them as what they are.
    base = overridden(candidate)
    return base is not None and documentation_id(base) == documentation_id(member)
