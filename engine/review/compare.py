"""The symbols a change added, removed and changed, matched across the two sides and classified.

Declarations are matched by documentation ID. What is left on one side only is matched by what it is:
a member of the same type and name whose parameters changed is the same member with a new signature; a
member with a new name and the same parameters and body was renamed; a type with a new name and mostly
the same members was probably renamed, and one with a new namespace moved. A removed or added type
carries its members along (they are not listed one by one).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..views.review_aspects import LAYOUT, Aspect, Difference, Parameter
from .shapes import Declared, Facets


@dataclass
class Matched:
    """One change: ``before`` and ``after`` are the two sides' declarations (None on the side without it)."""

    change: str
    """``added``, ``removed``, ``changed``, ``renamed`` or ``moved``."""
    before: Declared | None
    after: Declared | None
    differences: list[Difference] = field(default_factory=list)
    """What changed, aspect by aspect (a rename or a move is one of them)."""
    members: int = 0
    """For a type added or removed whole: how many members came or went with it."""

    @property
    def side(self) -> Declared:
        """The declaration to show: the new one, or the old for a removal."""
        return self.after or self.before  # type: ignore[return-value]


def matched(before: list[Declared], after: list[Declared]) -> list[Matched]:
    """Every change between the declarations of the changed files on the two sides."""
    old, new = _by_key(before, after), _by_key(after, before)
    found: list[Matched] = []
    for key in old.keys() & new.keys():
        if old[key].text != new[key].text:
            change = Matched("changed", old[key], new[key])
            change.differences = differences(old[key], new[key])
            found.append(change)
    removed = [old[key] for key in old.keys() - new.keys()]
    added = [new[key] for key in new.keys() - old.keys()]
    renamed_types = _pair_types(removed, added, found)
    _pair_members(removed, added, renamed_types, found)
    gone_types = {d.key for d in removed if d.is_type}
    came_types = {d.key for d in added if d.is_type}
    for declared in removed:
        if declared.container not in gone_types:
            found.append(Matched("removed", declared, None, members=_inside(declared, removed)))
    for declared in added:
        if declared.container not in came_types:
            found.append(Matched("added", None, declared, members=_inside(declared, added)))
    return found


def _by_key(declarations: list[Declared], other_side: list[Declared]) -> dict[str, Declared]:
    """One declaration per ID; the parts of a partial type (or method) are one, their texts joined. A
    member declared twice (a clash the compiler reports) is not one: the declaration in the file where
    the other side has it keeps the ID, and each other one is keyed apart, so that the one a change adds
    reads as added."""
    where = {declared.key: declared.path for declared in other_side}
    texts = {(declared.key, declared.path): declared.text for declared in other_side}
    parts: dict[str, list[Declared]] = defaultdict(list)
    for declared in declarations:
        parts[declared.key].append(declared)
    joined: dict[str, Declared] = {}
    for key, each in parts.items():
        ordered = sorted(each, key=lambda d: (d.path != where.get(key), d.path, int(d.node.SpanStart)))
        partial = [d for d in ordered if d.symbol.DeclaringSyntaxReferences.Length > 1]
        clashing = [d for d in ordered if all(d is not p for p in partial)]
        if len(partial) > 1:
            text = "\n".join(d.text for d in sorted(partial, key=lambda d: (d.path, int(d.node.SpanStart))))
            paths = tuple(sorted({d.path for d in partial}))
            # Shown at the part the change wrote (a new file's, say), not at one it left alone.
            first = next((d for d in partial if texts.get((key, d.path)) != d.text), partial[0])
            joined[key] = Declared(key, first.symbol, first.node, text, first.path, first.project, paths)
        elif partial:
            joined[key] = partial[0]
        for number, declared in enumerate(clashing, start=1 if partial else 0):
            joined[f"{key}@{declared.path}" if number else key] = declared
    return joined


def _inside(declared: Declared, others: list[Declared]) -> int:
    return sum(1 for other in others if other.container == declared.key) if declared.is_type else 0


def _pair_types(removed: list[Declared], added: list[Declared], found: list[Matched]) -> dict[str, str]:
    """Types moved to another namespace or renamed; returns old ID -> new ID for each pair."""
    pairs: dict[str, str] = {}
    old_types = [d for d in removed if d.is_type]
    new_types = [d for d in added if d.is_type]
    members_of = _members_by_type(removed + added)
    for old in old_types:
        best, score = None, 0.0
        for new in new_types:
            if new.key in pairs.values() or new.kind != old.kind:
                continue
            if new.name == old.name:
                best, score = new, 1.0
                break
            overlap = _similarity(members_of[old.key], members_of[new.key])
            if overlap > score:
                best, score = new, overlap
        if best is None or score < 0.6:
            continue
        pairs[old.key] = best.key
        moved = best.name == old.name
        change = Matched("moved" if moved else "renamed", old, best)
        how = (
            Difference(Aspect.MOVED, _namespace(old), _namespace(best))
            if moved
            else Difference(Aspect.RENAMED, old.display, best.display, probable=True)
        )
        change.differences = [how, *(d for d in differences(old, best) if d.aspect not in LAYOUT)]
        found.append(change)
    for old_key, new_key in pairs.items():
        removed[:] = [d for d in removed if d.key != old_key]
        added[:] = [d for d in added if d.key != new_key]
    return pairs


def _members_by_type(declarations: list[Declared]) -> dict[str, set[str]]:
    members: dict[str, set[str]] = defaultdict(set)
    for declared in declarations:
        if declared.container:
            members[declared.container].add(_member_shape(declared))
    return members


def _member_shape(declared: Declared) -> str:
    """A member's name and parameter types, without its type's name: equal across a type's rename."""
    key = declared.key
    name_and_parameters = key[2:].replace(declared.container[2:] + ".", "", 1) if declared.container else key
    return key[:2] + name_and_parameters


def _similarity(first: set[str], second: set[str]) -> float:
    if not first or not second:
        return 0.0
    return len(first & second) / len(first | second)


def _namespace(declared: Declared) -> str:
    space = declared.symbol.ContainingNamespace
    return str(space.ToDisplayString()) if space is not None and not space.IsGlobalNamespace else "(global)"


def _pair_members(removed: list[Declared], added: list[Declared], types: dict[str, str], found: list[Matched]) -> None:
    """Members of one type on both sides (the type possibly renamed): same name with new parameters is a
    new signature; a new name with the same parameters and body is a rename."""
    for old in [d for d in removed if not d.is_type]:
        container = types.get(old.container, old.container)
        candidates = [d for d in added if not d.is_type and d.container == container and d.kind == old.kind]
        same_shape = [d for d in candidates if _member_shape(d) == _member_shape(old)]
        same_name = [d for d in candidates if d.name == old.name]
        renamed = [
            d
            for d in candidates
            if d.facets.parameters == old.facets.parameters
            and d.facets.body == old.facets.body
            and d.facets.return_type == old.facets.return_type
        ]
        if same_shape:
            new, kind = same_shape[0], "changed"
        elif same_name:
            new, kind = max(same_name, key=lambda d: _shared_parameters(old, d)), "changed"
        elif len(renamed) == 1:
            new, kind = renamed[0], "renamed"
        else:
            continue
        removed.remove(old)
        added.remove(new)
        if kind == "changed" and new.text == old.text and old.container != new.container:
            continue  # moved along with its renamed type, unchanged
        change = Matched(kind, old, new)
        found_differences = differences(old, new)
        if kind == "renamed":
            found_differences = [
                Difference(Aspect.RENAMED, old.name, new.name),
                *(d for d in found_differences if d.aspect not in LAYOUT),
            ]
        change.differences = found_differences
        found.append(change)


def _shared_parameters(old: Declared, new: Declared) -> int:
    before = [p.type for p in _parameter_tuple(old.facets.parameters)]
    after = [p.type for p in _parameter_tuple(new.facets.parameters)]
    return sum(1 for a, b in zip(before, after, strict=False) if a == b) - abs(len(before) - len(after))


def differences(old: Declared, new: Declared) -> list[Difference]:
    """What differs between two sides of one declaration, in the order a reviewer reads it."""
    a, b = old.facets, new.facets
    found = [
        Difference(aspect, before, after)
        for aspect, before, after in (
            (Aspect.ACCESSIBILITY, a.accessibility, b.accessibility),
            (Aspect.KIND, a.type_kind, b.type_kind),
            (Aspect.MODIFIERS, a.modifiers, b.modifiers),
            (Aspect.BASE_TYPE, a.base_type, b.base_type),
            (Aspect.INTERFACES, a.interfaces, b.interfaces),
            (Aspect.TYPE, a.return_type, b.return_type),
        )
        if before != after
    ]
    found += _parameter_differences(a, b)
    if _files(old) != _files(new):
        found.append(Difference(Aspect.PARTS, _files(old), _files(new)))
    found += [
        Difference(aspect, before, after)
        for aspect, before, after in (
            (Aspect.TYPE_PARAMETERS, a.type_parameters, b.type_parameters),
            (Aspect.ACCESSORS, a.accessors, b.accessors),
            (Aspect.CONSTANT_VALUE, a.value, b.value),
            (Aspect.ATTRIBUTES, a.attributes, b.attributes),
            (Aspect.DOC_COMMENT, a.doc, b.doc),
            (Aspect.BODY, a.body, b.body),
        )
        if before != after
    ]
    if not found and old.text != new.text:
        found.append(Difference(Aspect.FORMATTING if old.unspaced_text == new.unspaced_text else Aspect.COMMENTS))
    return found


def _files(declared: Declared) -> tuple[str, ...]:
    """The file names a partial declaration is written in (one for a declaration in one file)."""
    return tuple(sorted({Path(path).name for path in declared.parts or (declared.path,)}))


def _parameter_differences(a: Facets, b: Facets) -> list[Difference]:
    if a.parameters == b.parameters:
        return []
    if isinstance(a.parameters, str) or isinstance(b.parameters, str):  # a record's primary constructor
        return [Difference(Aspect.PARAMETERS, a.parameters or "", b.parameters or "")]
    old, new = _parameter_tuple(a.parameters), _parameter_tuple(b.parameters)
    found = []
    if [(p.type, p.params) for p in old] != [(p.type, p.params) for p in new]:
        found.append(Difference(Aspect.PARAMETERS, old, new))
    elif [p.name for p in old] != [p.name for p in new]:
        found.append(Difference(Aspect.PARAMETER_NAMES, old, new))
    if len(old) == len(new):
        found += [
            Difference(Aspect.DEFAULT_VALUE, x.default, y.default, subject=y.name)
            for x, y in zip(old, new, strict=True)
            if x.default != y.default
        ]
    return found


def _parameter_tuple(parameters: tuple[Parameter, ...] | str | None) -> tuple[Parameter, ...]:
    return parameters if isinstance(parameters, tuple) else ()
