"""What differs between the two sides of one declaration, as data (``Difference``), and the words a
review shows for it (``words``). Verdicts (a break, callers to update, tests to run) read the data;
only this module writes sentences, so rewording one changes no verdict."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Aspect(Enum):
    """One facet of a declaration that a change can touch."""

    ACCESSIBILITY = "accessibility"
    KIND = "kind"
    MODIFIERS = "modifiers"
    BASE_TYPE = "base type"
    INTERFACES = "interfaces"
    TYPE = "type"
    """A member's type, or a method's or delegate's return type."""
    PARAMETERS = "parameters"
    """Their types, ``ref`` kinds, ``params`` or number (a record's primary constructor as written)."""
    PARAMETER_NAMES = "parameter names"
    DEFAULT_VALUE = "default value"
    TYPE_PARAMETERS = "type parameters"
    """Generic parameters or their constraints."""
    ACCESSORS = "accessors"
    CONSTANT_VALUE = "constant value"
    ATTRIBUTES = "attributes"
    DOC_COMMENT = "doc comment"
    BODY = "body"
    FORMATTING = "formatting"
    """Only whitespace differs."""
    COMMENTS = "comments"
    """Only comments (or other trivia) differ."""
    PARTS = "parts"
    """The files a partial type is declared in."""
    RENAMED = "renamed"
    MOVED = "moved"
    """A type in another namespace."""


LAYOUT = frozenset({Aspect.FORMATTING, Aspect.COMMENTS})
"""Aspects that change nothing but how the code reads."""
UNSEEN_BY_TESTS = LAYOUT | {Aspect.DOC_COMMENT, Aspect.PARTS}
"""Aspects no test can see (an attribute can: ``[JsonPropertyName]``, ``[Route]``)."""
SIGNATURE = frozenset({Aspect.TYPE, Aspect.PARAMETERS, Aspect.TYPE_PARAMETERS})


@dataclass(frozen=True)
class Parameter:
    """One parameter of a method, indexer or delegate, as the change compares it."""

    type: str
    """With its ``ref``, ``out``, ``in`` or ``ref readonly`` kind: ``ref int``."""
    name: str
    params: bool = False
    default: str = ""
    """The default value as C# writes it (``"text"``, ``null``, ``2.5``); empty when there is none."""

    @property
    def optional(self) -> bool:
        return bool(self.default)


@dataclass(frozen=True)
class Difference:
    """One aspect of a declaration that differs between the base side and the head side."""

    aspect: Aspect
    before: object = None
    """The facet on the base side: a word, a tuple of words or of ``Parameter``s, a frozenset of modifiers."""
    after: object = None
    subject: str = ""
    """What the difference is about within the declaration: the parameter whose default changed."""
    probable: bool = False
    """For a rename: inferred from the members' likeness, not known."""

    @property
    def gained(self) -> tuple[str, ...]:
        """Of a set-like facet (modifiers, interfaces, attributes): what the head side has and the base lacks."""
        return tuple(sorted(set(_items(self.after)) - set(_items(self.before))))

    @property
    def lost(self) -> tuple[str, ...]:
        return tuple(sorted(set(_items(self.before)) - set(_items(self.after))))


def _items(value: object) -> tuple[str, ...]:
    return tuple(str(item) for item in value) if isinstance(value, tuple | frozenset | set | list) else ()


def words(difference: Difference) -> str:
    """The difference as a review line names it: ``signature: parameters (int) -> (int, int)``."""
    before, after, aspect = difference.before, difference.after, difference.aspect
    if aspect is Aspect.ACCESSIBILITY:
        return f"accessibility: {_accessibility(before)} -> {_accessibility(after)}"
    if aspect is Aspect.KIND:
        return f"kind: {str(before or '').lower()} -> {str(after or '').lower()}"
    if aspect is Aspect.MODIFIERS:
        return "modifiers: " + _gained_and_lost(difference)
    if aspect is Aspect.BASE_TYPE:
        return f"base type: {before or 'none'} -> {after or 'none'}"
    if aspect is Aspect.INTERFACES:
        return "interfaces: " + _gained_and_lost(difference)
    if aspect is Aspect.TYPE:
        return f"signature: type {before} -> {after}"
    if aspect is Aspect.PARAMETERS:
        return f"signature: parameters {_parameter_list(before)} -> {_parameter_list(after)}"
    if aspect is Aspect.PARAMETER_NAMES:
        renamed = [f"{x.name} -> {y.name}" for x, y in zip(_parameters(before), _parameters(after), strict=False)]
        return "parameter names: " + ", ".join(r for r in renamed if r.split(" -> ")[0] != r.split(" -> ")[1])
    if aspect is Aspect.DEFAULT_VALUE:
        return f"default value of {difference.subject}: {before or 'none'} -> {after or 'none'}"
    if aspect is Aspect.TYPE_PARAMETERS:
        return f"signature: type parameters <{', '.join(_items(before))}> -> <{', '.join(_items(after))}>"
    if aspect is Aspect.ACCESSORS:
        return f"accessors: {_accessors(before)} -> {_accessors(after)}"
    if aspect is Aspect.CONSTANT_VALUE:
        return f"constant value: {before} -> {after}"
    if aspect is Aspect.ATTRIBUTES:
        return "attributes: " + ", ".join([f"+[{x}]" for x in difference.gained] + [f"-[{x}]" for x in difference.lost])
    if aspect is Aspect.PARTS:
        return "parts: " + _gained_and_lost(difference)
    if aspect is Aspect.RENAMED:
        return f"probably renamed from {before}" if difference.probable else f"renamed from {before} to {after}"
    if aspect is Aspect.MOVED:
        return f"moved from namespace {before} to {after}"
    return {
        Aspect.DOC_COMMENT: "doc comment",
        Aspect.BODY: "body",
        Aspect.FORMATTING: "formatting only",
        Aspect.COMMENTS: "comments only",
    }[aspect]


def _gained_and_lost(difference: Difference) -> str:
    return ", ".join([f"+{x}" for x in difference.gained] + [f"-{x}" for x in difference.lost])


def _parameters(value: object) -> tuple[Parameter, ...]:
    return tuple(p for p in value if isinstance(p, Parameter)) if isinstance(value, tuple) else ()


def _parameter_list(value: object) -> str:
    if isinstance(value, str):  # a record's primary constructor, as written
        return value or "()"
    shown = [
        (f"params {p.type}" if p.params else p.type) + (f" = {p.default}" if p.default else "")
        for p in _parameters(value)
    ]
    return f"({', '.join(shown)})"


def _accessors(value: object) -> str:
    return ", ".join(a.replace("Public ", "").lower() for a in _items(value)) or "none"


def _accessibility(value: object) -> str:
    word = str(value or "")
    return {
        "ProtectedOrInternal": "protected internal",
        "ProtectedAndInternal": "private protected",
        "NotApplicable": "none",
    }.get(word, word.lower())


BINARY_AND_SOURCE = "binary and source"
_SEVERITY = (BINARY_AND_SOURCE, "binary", "source", "behaviour")
"""How a break hurts, worst first: *binary* when code compiled against the old assembly fails against the
new one, *source* when that code no longer compiles, *behaviour* when it keeps an old value baked in."""


class Break(Enum):
    """Why a change to the public API breaks the code built on it: (how it breaks, the words)."""

    REMOVED = (
        BINARY_AND_SOURCE,
        "removed: code using it no longer compiles, and code built against it fails to load it",
    )
    RENAMED = (BINARY_AND_SOURCE, "renamed: code using the old name no longer compiles or loads")
    MOVED = (BINARY_AND_SOURCE, "moved: code using the old name no longer compiles or loads")
    HIDDEN = (BINARY_AND_SOURCE, "no longer visible outside its assembly: code using it no longer compiles or loads")
    INTERFACE_MEMBER_ADDED = (
        BINARY_AND_SOURCE,
        "a member added to an interface: its implementations elsewhere no longer compile or load",
    )
    ABSTRACT_MEMBER_ADDED = (
        BINARY_AND_SOURCE,
        "an abstract member added: classes deriving from the type elsewhere no longer compile",
    )
    OPTIONAL_PARAMETERS_ADDED = (
        "binary",
        "optional parameters added: callers still compile, but code built against the old signature fails to bind",
    )
    PARAMETERS_CHANGED = (
        BINARY_AND_SOURCE,
        "parameters changed: callers no longer compile, and code built against the old signature fails to bind",
    )
    TYPE_PARAMETERS_CHANGED = (
        "source",
        "generic parameters or constraints changed: code using it may no longer compile",
    )
    TYPE_CHANGED = (BINARY_AND_SOURCE, "its type changed: code using it no longer compiles or binds")
    PARAMETERS_RENAMED = ("source", "parameters renamed: callers passing them by name (name: value) no longer compile")
    DEFAULT_VALUE_CHANGED = (
        "behaviour",
        "a default value changed: code built against the old one keeps passing it until rebuilt",
    )
    CONSTANT_VALUE_CHANGED = (
        "behaviour",
        "a constant's value changed: code built against the old one keeps it until rebuilt",
    )
    ACCESSIBILITY_REDUCED = (
        BINARY_AND_SOURCE,
        "accessibility reduced: code using it elsewhere no longer compiles or loads",
    )
    KIND_CHANGED = (BINARY_AND_SOURCE, "its kind changed: code using it no longer compiles or loads")
    STATIC_CHANGED = (BINARY_AND_SOURCE, "static added or removed: code using it no longer compiles or binds")
    TYPE_SEALED = (BINARY_AND_SOURCE, "sealed: types deriving from it elsewhere no longer compile or load")
    TYPE_MADE_ABSTRACT = (BINARY_AND_SOURCE, "abstract: code creating it no longer compiles or runs")
    MEMBER_MADE_ABSTRACT = (
        BINARY_AND_SOURCE,
        "abstract: classes deriving from the type elsewhere must now implement it",
    )
    NO_LONGER_OVERRIDABLE = (
        BINARY_AND_SOURCE,
        "no longer overridable: overrides elsewhere no longer compile or load",
    )
    BASE_REMOVED = (
        BINARY_AND_SOURCE,
        "a base type or interface removed: conversions to it no longer compile or run",
    )
    ACCESSOR_REMOVED = (
        BINARY_AND_SOURCE,
        "an accessor removed or reduced: code reading or setting it no longer compiles or binds",
    )
    OBSOLETE_AS_ERROR = ("source", "marked [Obsolete] as an error: code using it no longer compiles")

    @property
    def how(self) -> str:
        """``binary and source``, ``binary``, ``source`` or ``behaviour``."""
        return str(self.value[0])

    @property
    def words(self) -> str:
        return str(self.value[1])


def worst(breaks: list[Break]) -> tuple[str, str]:
    """How the worst of ``breaks`` hurts and every reason in words; two empty strings for none."""
    if not breaks:
        return "", ""
    how = min((b.how for b in breaks), key=_SEVERITY.index)
    return how, "; ".join(b.words for b in breaks)
