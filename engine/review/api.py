"""Which changes are public API, and which of those break the code built on it.

Visible outside its assembly: public, or protected in a type others can derive from, all the way out.
A break is *binary* when code compiled against the old assembly fails against the new one
(``MissingMethodException``, ``TypeLoadException``), *source* when that code no longer compiles, and
*behaviour* when it compiles and runs but keeps an old value baked in (constants and default values are
copied into the caller). The rules follow .NET's breaking change rules (docs/coding-guidelines/breaking-change-rules.md
in dotnet/runtime) and what ApiCompat reports.
"""

from __future__ import annotations

from typing import Any

from ..views.review_aspects import BINARY_AND_SOURCE, Aspect, Break, Difference, Parameter, worst
from .compare import Matched
from .shapes import Declared

_VISIBLE = {"Public", "Protected", "ProtectedOrInternal"}
_RANK = {"Public": 4, "ProtectedOrInternal": 3, "Protected": 2, "Internal": 1, "ProtectedAndInternal": 1, "Private": 0}
__all__ = ["BINARY_AND_SOURCE", "breaking", "breaks", "visible"]


def visible(declared: Declared | None) -> bool:
    """Whether other assemblies can see the declaration."""
    if declared is None:
        return False
    symbol: Any = declared.symbol
    while symbol is not None:
        accessibility = str(symbol.DeclaredAccessibility)
        if accessibility not in _VISIBLE:
            return False
        container = symbol.ContainingType
        if accessibility != "Public" and container is not None and container.IsSealed:
            return False
        symbol = container
    return True


def breaking(change: Matched) -> tuple[str, str]:
    """(how it breaks: ``binary and source``, ``source``, ``binary``, ``behaviour``; why, in words),
    or two empty strings; for a change to the public API only."""
    return worst(breaks(change))


def breaks(change: Matched) -> list[Break]:
    """Why ``change`` breaks code built on the public API; empty when it does not (or is not public)."""
    before, after = change.before, change.after
    if change.change == "added":
        return _added(after) if visible(after) else []
    if not visible(before):
        return []
    if change.change == "removed":
        return [Break.REMOVED]
    if change.change == "renamed":
        return [Break.RENAMED]
    if change.change == "moved":
        return [Break.MOVED]
    assert before is not None and after is not None
    if not visible(after):
        return [Break.HIDDEN]
    found = [_difference_break(difference, before, after) for difference in change.differences]
    return [b for b in found if b is not None]


def _added(after: Declared | None) -> list[Break]:
    if after is None or after.is_type:
        return []
    container = after.symbol.ContainingType
    if container is None:
        return []
    if str(container.TypeKind) == "Interface" and after.symbol.IsAbstract and not after.symbol.IsStatic:
        return [Break.INTERFACE_MEMBER_ADDED]
    if after.symbol.IsAbstract and not container.IsSealed:
        return [Break.ABSTRACT_MEMBER_ADDED]
    return []


def _difference_break(difference: Difference, before: Declared, after: Declared) -> Break | None:
    aspect = difference.aspect
    if aspect is Aspect.PARAMETERS:
        if _only_optional_added(difference.before, difference.after):
            return Break.OPTIONAL_PARAMETERS_ADDED
        return Break.PARAMETERS_CHANGED
    simple = {
        Aspect.TYPE_PARAMETERS: Break.TYPE_PARAMETERS_CHANGED,
        Aspect.TYPE: Break.TYPE_CHANGED,
        Aspect.PARAMETER_NAMES: Break.PARAMETERS_RENAMED,
        Aspect.DEFAULT_VALUE: Break.DEFAULT_VALUE_CHANGED,
        Aspect.CONSTANT_VALUE: Break.CONSTANT_VALUE_CHANGED,
        Aspect.KIND: Break.KIND_CHANGED,
        Aspect.BASE_TYPE: Break.BASE_REMOVED,
    }
    if aspect in simple:
        return simple[aspect]
    if aspect is Aspect.ACCESSIBILITY:
        reduced = _RANK.get(str(difference.after), 0) < _RANK.get(str(difference.before), 0)
        return Break.ACCESSIBILITY_REDUCED if reduced else None
    if aspect is Aspect.MODIFIERS:
        return _modifier_break(difference, after)
    if aspect is Aspect.INTERFACES:
        return Break.BASE_REMOVED if difference.lost else None
    if aspect is Aspect.ACCESSORS:
        return Break.ACCESSOR_REMOVED if difference.lost else None
    if aspect is Aspect.ATTRIBUTES and any(_obsolete_as_error(attribute) for attribute in difference.gained):
        return Break.OBSOLETE_AS_ERROR
    return None


def _obsolete_as_error(attribute: str) -> bool:
    """``System.ObsoleteAttribute("Use Y", true)``: its second argument makes each use an error."""
    return attribute.startswith("System.ObsoleteAttribute(") and attribute.replace(" ", "").endswith(",true)")


def _only_optional_added(old: object, new: object) -> bool:
    if not isinstance(old, tuple) or not isinstance(new, tuple) or len(new) <= len(old):
        return False
    return new[: len(old)] == old and all(isinstance(p, Parameter) and p.optional for p in new[len(old) :])


def _modifier_break(difference: Difference, after: Declared) -> Break | None:
    gained, lost = set(difference.gained), set(difference.lost)
    if "static" in gained | lost:
        return Break.STATIC_CHANGED
    if after.is_type:
        if "sealed" in gained:
            return Break.TYPE_SEALED
        if "abstract" in gained:
            return Break.TYPE_MADE_ABSTRACT
        return None
    if "abstract" in gained:
        return Break.MEMBER_MADE_ABSTRACT
    if "sealed" in gained or ("virtual" in lost and "override" not in gained):
        return Break.NO_LONGER_OVERRIDABLE
    return None
