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
from typing import Any

from .shapes import Declared

Parameters = tuple[tuple[str, str, str, str], ...]
"""(kind and type, name, ``params``, default) of each parameter, as ``shapes`` reads them."""


@dataclass
class Matched:
    """One change: ``before`` and ``after`` are the two sides' declarations (None on the side without it)."""

    change: str
    """``added``, ``removed``, ``changed``, ``renamed`` or ``moved``."""
    before: Declared | None
    after: Declared | None
    aspects: list[str] = field(default_factory=list)
    """What changed, each a short phrase: ``body``, ``signature: parameters (int) -> (int, int)``..."""
    members: int = 0
    """For a type added or removed whole: how many members came or went with it."""

    @property
    def side(self) -> Declared:
        """The declaration to show: the new one, or the old for a removal."""
        return self.after or self.before  # type: ignore[return-value]


def matched(before: list[Declared], after: list[Declared]) -> list[Matched]:
    """Every change between the declarations of the changed files on the two sides."""
    old, new = _by_key(before), _by_key(after)
    found: list[Matched] = []
    for key in old.keys() & new.keys():
        if old[key].text != new[key].text:
            change = Matched("changed", old[key], new[key])
            change.aspects = aspects(old[key], new[key])
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


def _by_key(declarations: list[Declared]) -> dict[str, Declared]:
    """One declaration per ID; the parts of a partial type (or method) are one, their texts joined."""
    parts: dict[str, list[Declared]] = defaultdict(list)
    for declared in declarations:
        parts[declared.key].append(declared)
    joined: dict[str, Declared] = {}
    for key, each in parts.items():
        first = each[0]
        if len(each) > 1:
            ordered = sorted(each, key=lambda d: (d.path, int(d.node.SpanStart)))
            first = Declared(
                key, first.symbol, first.node, "\n".join(d.text for d in ordered), first.path, first.project
            )
        joined[key] = first
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
        change.aspects = ([] if moved else [f"probably renamed from {old.display}"]) + [
            a for a in aspects(old, best) if not a.startswith(("formatting only", "comments only"))
        ]
        if moved:
            change.aspects.insert(0, f"moved from namespace {_namespace(old)} to {_namespace(best)}")
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
            if d.facets.get("parameters") == old.facets.get("parameters")
            and d.facets.get("body") == old.facets.get("body")
            and d.facets.get("return type") == old.facets.get("return type")
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
        said = aspects(old, new)
        if kind == "renamed":
            said = [f"renamed from {old.name} to {new.name}"] + [
                a for a in said if not a.startswith(("formatting only", "comments only"))
            ]
        change.aspects = said
        found.append(change)


def _shared_parameters(old: Declared, new: Declared) -> int:
    before = [p[0] for p in old.facets.get("parameters", ())]
    after = [p[0] for p in new.facets.get("parameters", ())]
    return sum(1 for a, b in zip(before, after, strict=False) if a == b) - abs(len(before) - len(after))


def aspects(old: Declared, new: Declared) -> list[str]:
    """What differs between two sides of one declaration, the way a reviewer names it."""
    a, b = old.facets, new.facets
    said: list[str] = []
    if a["accessibility"] != b["accessibility"]:
        said.append(f"accessibility: {_word(a['accessibility'])} -> {_word(b['accessibility'])}")
    if a.get("type kind") != b.get("type kind"):
        said.append(f"kind: {a.get('type kind', '').lower()} -> {b.get('type kind', '').lower()}")
    gained, lost = b["modifiers"] - a["modifiers"], a["modifiers"] - b["modifiers"]
    if gained or lost:
        said.append("modifiers: " + ", ".join([f"+{m}" for m in sorted(gained)] + [f"-{m}" for m in sorted(lost)]))
    if a.get("base type") != b.get("base type"):
        said.append(f"base type: {a.get('base type') or 'none'} -> {b.get('base type') or 'none'}")
    if a.get("interfaces") != b.get("interfaces"):
        plus = sorted(set(b.get("interfaces", ())) - set(a.get("interfaces", ())))
        minus = sorted(set(a.get("interfaces", ())) - set(b.get("interfaces", ())))
        said.append("interfaces: " + ", ".join([f"+{i}" for i in plus] + [f"-{i}" for i in minus]))
    if a.get("return type") != b.get("return type"):
        said.append(f"signature: type {a.get('return type')} -> {b.get('return type')}")
    said += _parameter_aspects(a.get("parameters"), b.get("parameters"))
    if a.get("type parameters") != b.get("type parameters"):
        said.append(
            f"signature: type parameters <{', '.join(a.get('type parameters', ()))}>"
            f" -> <{', '.join(b.get('type parameters', ()))}>"
        )
    if a.get("accessors") != b.get("accessors"):
        said.append(f"accessors: {_accessors(a.get('accessors'))} -> {_accessors(b.get('accessors'))}")
    if a.get("value") != b.get("value"):
        said.append(f"constant value: {a.get('value')} -> {b.get('value')}")
    if a["attributes"] != b["attributes"]:
        plus = sorted(set(b["attributes"]) - set(a["attributes"]))
        minus = sorted(set(a["attributes"]) - set(b["attributes"]))
        said.append("attributes: " + ", ".join([f"+[{x}]" for x in plus] + [f"-[{x}]" for x in minus]))
    if a["doc"] != b["doc"]:
        said.append("doc comment")
    if a.get("body") != b.get("body"):
        said.append("body")
    if not said and old.text != new.text:
        said.append("formatting only" if old.loose_text == new.loose_text else "comments only")
    return said


def _parameter_aspects(before: Any, after: Any) -> list[str]:
    if before == after:
        return []
    if isinstance(before, str) or isinstance(after, str):  # a record's primary constructor, as written
        return [f"signature: parameters {before or '()'} -> {after or '()'}"]
    old: Parameters = tuple(before or ())
    new: Parameters = tuple(after or ())
    said = []
    if [p[0] for p in old] != [p[0] for p in new] or [p[2] for p in old] != [p[2] for p in new]:
        said.append(f"signature: parameters ({_types(old)}) -> ({_types(new)})")
    elif [p[1] for p in old] != [p[1] for p in new]:
        renamed = [f"{x[1]} -> {y[1]}" for x, y in zip(old, new, strict=True) if x[1] != y[1]]
        said.append("parameter names: " + ", ".join(renamed))
    if len(old) == len(new):
        for x, y in zip(old, new, strict=True):
            if x[3] != y[3]:
                said.append(f"default value of {y[1]}: {x[3] or 'none'} -> {y[3] or 'none'}")
    return said


def _types(parameters: Parameters) -> str:
    return ", ".join((f"params {p[0]}" if p[2] else p[0]) + (f" = {p[3]}" if p[3] else "") for p in parameters)


def _accessors(accessors: Any) -> str:
    return ", ".join(str(a).replace("Public ", "").lower() for a in accessors or ()) or "none"


def _word(accessibility: str) -> str:
    return {
        "ProtectedOrInternal": "protected internal",
        "ProtectedAndInternal": "private protected",
        "NotApplicable": "none",
    }.get(accessibility, accessibility.lower())
