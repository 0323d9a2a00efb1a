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

from .compare import Matched
from .shapes import Declared

_VISIBLE = {"Public", "Protected", "ProtectedOrInternal"}
_RANK = {"Public": 4, "ProtectedOrInternal": 3, "Protected": 2, "Internal": 1, "ProtectedAndInternal": 1, "Private": 0}
BINARY_AND_SOURCE = "binary and source"


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
    """(how it breaks: ``binary and source``, ``source``, ``binary``, ``behaviour``; why, in a sentence),
    or two empty strings; for a change to the public API only."""
    before, after = change.before, change.after
    if change.change == "added":
        return _added(after) if visible(after) else ("", "")
    if not visible(before):
        return "", ""
    if change.change == "removed":
        return (
            BINARY_AND_SOURCE,
            "removed: code using it no longer compiles, and code built against it fails to load it",
        )
    if change.change in ("renamed", "moved"):
        return BINARY_AND_SOURCE, f"{change.change}: code using the old name no longer compiles or loads"
    assert before is not None and after is not None
    if not visible(after):
        return BINARY_AND_SOURCE, "no longer visible outside its assembly: code using it no longer compiles or loads"
    reasons: list[tuple[str, str]] = []
    for aspect in change.aspects:
        found = _aspect_break(aspect, before, after)
        if found[0]:
            reasons.append(found)
    if not reasons:
        return "", ""
    order = [BINARY_AND_SOURCE, "binary", "source", "behaviour"]
    worst = min((kind for kind, _ in reasons), key=order.index)
    return worst, "; ".join(reason for _, reason in reasons)


def _added(after: Declared | None) -> tuple[str, str]:
    if after is None or after.is_type:
        return "", ""
    container = after.symbol.ContainingType
    if container is None:
        return "", ""
    if str(container.TypeKind) == "Interface" and after.symbol.IsAbstract and not after.symbol.IsStatic:
        return (
            BINARY_AND_SOURCE,
            "a member added to an interface: its implementations elsewhere no longer compile or load",
        )
    if after.symbol.IsAbstract and not container.IsSealed:
        return BINARY_AND_SOURCE, "an abstract member added: classes deriving from the type elsewhere no longer compile"
    return "", ""


def _aspect_break(aspect: str, before: Declared, after: Declared) -> tuple[str, str]:
    if aspect.startswith("signature: parameters"):
        if _only_optional_added(before.facets.get("parameters"), after.facets.get("parameters")):
            return (
                "binary",
                "optional parameters added: callers still compile, but code built against the old signature fails to bind",
            )
        return (
            BINARY_AND_SOURCE,
            "parameters changed: callers no longer compile, and code built against the old signature fails to bind",
        )
    if aspect.startswith("signature: type parameters"):
        return "source", "generic parameters or constraints changed: code using it may no longer compile"
    if aspect.startswith("signature: type "):
        return BINARY_AND_SOURCE, "its type changed: code using it no longer compiles or binds"
    if aspect.startswith("parameter names"):
        return "source", "parameters renamed: callers passing them by name (name: value) no longer compile"
    if aspect.startswith("default value"):
        return "behaviour", "a default value changed: code built against the old one keeps passing it until rebuilt"
    if aspect.startswith("constant value"):
        return "behaviour", "a constant's value changed: code built against the old one keeps it until rebuilt"
    if aspect.startswith("accessibility"):
        old, new = before.facets["accessibility"], after.facets["accessibility"]
        if _RANK.get(new, 0) < _RANK.get(old, 0):
            return BINARY_AND_SOURCE, "accessibility reduced: code using it elsewhere no longer compiles or loads"
    if aspect.startswith("kind:"):
        return BINARY_AND_SOURCE, "its kind changed: code using it no longer compiles or loads"
    if aspect.startswith("modifiers"):
        return _modifier_break(before, after)
    if aspect.startswith("base type") or (aspect.startswith("interfaces") and "-" in aspect.split(":", 1)[1]):
        return BINARY_AND_SOURCE, "a base type or interface removed: conversions to it no longer compile or run"
    if aspect.startswith("accessors"):
        old, new = set(before.facets.get("accessors", ())), set(after.facets.get("accessors", ()))
        if old - new:
            return (
                BINARY_AND_SOURCE,
                "an accessor removed or reduced: code reading or setting it no longer compiles or binds",
            )
    if aspect.startswith("attributes") and "+[System.ObsoleteAttribute(" in aspect and ", true)]" in aspect:
        return "source", "marked [Obsolete] as an error: code using it no longer compiles"
    return "", ""


def _only_optional_added(old: object, new: object) -> bool:
    if not isinstance(old, tuple) or not isinstance(new, tuple) or len(new) <= len(old):
        return False
    return new[: len(old)] == old and all(parameter[3] for parameter in new[len(old) :])


def _modifier_break(before: Declared, after: Declared) -> tuple[str, str]:
    gained = after.facets["modifiers"] - before.facets["modifiers"]
    lost = before.facets["modifiers"] - after.facets["modifiers"]
    if "static" in gained | lost:
        return BINARY_AND_SOURCE, "static added or removed: code using it no longer compiles or binds"
    if after.is_type:
        if "sealed" in gained:
            return BINARY_AND_SOURCE, "sealed: types deriving from it elsewhere no longer compile or load"
        if "abstract" in gained:
            return BINARY_AND_SOURCE, "abstract: code creating it no longer compiles or runs"
        return "", ""
    if "abstract" in gained:
        return BINARY_AND_SOURCE, "abstract: classes deriving from the type elsewhere must now implement it"
    if "sealed" in gained or ("virtual" in lost and "override" not in gained):
        return BINARY_AND_SOURCE, "no longer overridable: overrides elsewhere no longer compile or load"
    return "", ""
