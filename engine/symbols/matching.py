"""How a search text matches a name: exact, prefix, camel humps, substring, or ``*``/``?`` wildcards."""

from __future__ import annotations

import fnmatch
import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate

EXACT, PREFIX, CAMEL, SUBSTRING = 0, 1, 2, 3
_HUMP = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]")
_HUMP_OR_LINE_END = re.compile(_HUMP.pattern + "|\n")


def match_rank(pattern: str, name: str) -> int | None:
    """The rank of the best way ``pattern`` matches ``name`` (lower is better), or ``None``."""
    if any(c in pattern for c in "*?"):
        return EXACT if _wildcard(pattern).fullmatch(name) else None
    if name == pattern:
        return EXACT
    lowered, wanted = name.lower(), pattern.lower()
    if lowered == wanted:
        return EXACT
    if lowered.startswith(wanted):
        return PREFIX
    if len(pattern) > 1 and camel_humps_match(pattern, name):
        return CAMEL
    if wanted in lowered:
        return SUBSTRING
    return None


@lru_cache(maxsize=256)
def _wildcard(pattern: str) -> re.Pattern[str]:
    return re.compile(fnmatch.translate(pattern), re.IGNORECASE)


def humps(name: str) -> list[str]:
    """``GetByIdAsync`` -> ``['Get', 'By', 'Id', 'Async']``; ``IORepository`` -> ``['IO', 'Repository']``."""
    return _HUMP.findall(name)


def camel_humps_match(pattern: str, name: str) -> bool:
    """``GBI`` and ``GetBI`` match ``GetById``: each piece of the pattern starts a later hump."""
    parts = [h.lower() for h in humps(name)]
    wanted = pattern.lower()

    def walk(position: int, hump: int) -> bool:
        if position == len(wanted):
            return True
        for index in range(hump, len(parts)):
            part = parts[index]
            length = 0
            while length < len(part) and position + length < len(wanted) and part[length] == wanted[position + length]:
                length += 1
                if walk(position + length, index + 1):
                    return True
        return False

    return walk(0, 0)


class NameSet:
    """Many names ranked against a search text at once, with the ranks ``match_rank`` gives each.

    A search over the whole solution ranks tens of thousands of names; a Python call per name costs
    more than Roslyn's own search. Here the names are kept as two texts, one name a line: lower case,
    and lower case humps each after ``\\x01``; a search is four regular-expression scans of them.
    """

    def __init__(self, names: list[str], lowered: str, humped: str, starts: list[int], hump_starts: list[int]) -> None:
        self.names = names
        self._lowered = lowered
        self._humped = humped
        self._starts = starts
        self._hump_starts = hump_starts

    @classmethod
    def of(cls, names: list[str]) -> NameSet:
        if not names:
            return cls([], "", "", [], [])
        # Made a text at a time, not a name at a time: 113,000 names in 0.1 s instead of 0.4 (the first
        # search of a warm start at 100 projects waits for it). No identifier holds "\n" or "\x01".
        joined = "\n".join(names)
        lowered = joined.lower()
        # Every hump and line end, each after "\x01"; then the line ends without it: each line's humps.
        pieces = _HUMP_OR_LINE_END.findall(joined)
        humped = ("\x01" + "\x01".join(pieces)).replace("\x01\n", "\n").lower() if pieces else ""
        return cls(names, lowered, humped, _line_starts(lowered), _line_starts(humped))

    @classmethod
    def joined(cls, parts: list[NameSet]) -> NameSet:
        """One set of the names of ``parts``, in order (indexes run on from one part to the next)."""
        names: list[str] = []
        starts: list[int] = []
        hump_starts: list[int] = []
        offset = hump_offset = 0
        for part in parts:
            names += part.names
            starts += [offset + start for start in part._starts]
            hump_starts += [hump_offset + start for start in part._hump_starts]
            offset += len(part._lowered) + 1
            hump_offset += len(part._humped) + 1
        lowered = "\n".join(part._lowered for part in parts)
        humped = "\n".join(part._humped for part in parts)
        return cls(names, lowered, humped, starts, hump_starts)

    def __len__(self) -> int:
        return len(self.names)

    def ranks(self, pattern: str) -> dict[int, int]:
        """Index -> rank of every name ``pattern`` matches (see ``match_rank``)."""
        wanted = pattern.lower()
        if any(c in pattern for c in "*?\n\x01") or len(wanted) != len(pattern):
            return {i: rank for i, name in enumerate(self.names) if (rank := match_rank(pattern, name)) is not None}
        found: dict[int, int] = {}
        text = re.escape(wanted)
        # Worst rank first: a better one found later replaces it.
        for index in self._lines(re.compile(text), self._lowered, self._starts):
            found[index] = SUBSTRING
        if len(pattern) > 1:
            # Each character continues the hump it is in or starts a later one, as camel_humps_match walks.
            steps = "".join(f"(?:{c}|[^\n]*?\x01{c})" for c in map(re.escape, wanted[1:]))
            camel = re.compile(f"^[^\n]*?\x01{re.escape(wanted[0])}{steps}", re.MULTILINE)
            for index in self._lines(camel, self._humped, self._hump_starts):
                found[index] = CAMEL
        for index in self._lines(re.compile(f"^{text}", re.MULTILINE), self._lowered, self._starts):
            found[index] = PREFIX
        for index in self._lines(re.compile(f"^{text}$", re.MULTILINE), self._lowered, self._starts):
            found[index] = EXACT
        return found

    @staticmethod
    def _lines(expression: re.Pattern[str], text: str, starts: list[int]) -> list[int]:
        return [bisect_right(starts, match.start()) - 1 for match in expression.finditer(text)]


def _line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts."""
    starts = list(accumulate(map((1).__add__, map(len, text.split("\n"))), initial=0))
    starts.pop()
    return starts


OPERATOR_NAMES = (
    "op_Addition", "op_AdditionAssignment", "op_BitwiseAnd", "op_BitwiseAndAssignment", "op_BitwiseOr",
    "op_BitwiseOrAssignment", "op_CheckedAddition", "op_CheckedAdditionAssignment", "op_CheckedDecrement",
    "op_CheckedDecrementAssignment", "op_CheckedDivision", "op_CheckedDivisionAssignment", "op_CheckedExplicit",
    "op_CheckedIncrement", "op_CheckedIncrementAssignment", "op_CheckedMultiplicationAssignment",
    "op_CheckedMultiply", "op_CheckedSubtraction", "op_CheckedSubtractionAssignment", "op_CheckedUnaryNegation",
    "op_Concatenate", "op_Decrement", "op_DecrementAssignment", "op_Division", "op_DivisionAssignment",
    "op_Equality", "op_ExclusiveOr", "op_ExclusiveOrAssignment", "op_Explicit", "op_Exponent", "op_False",
    "op_GreaterThan", "op_GreaterThanOrEqual", "op_Implicit", "op_Increment", "op_IncrementAssignment",
    "op_Inequality", "op_IntegerDivision", "op_LeftShift", "op_LeftShiftAssignment", "op_LessThan",
    "op_LessThanOrEqual", "op_Like", "op_LogicalAnd", "op_LogicalNot", "op_LogicalOr", "op_Modulus",
    "op_ModulusAssignment", "op_MultiplicationAssignment", "op_Multiply", "op_OnesComplement", "op_RightShift",
    "op_RightShiftAssignment", "op_Subtraction", "op_SubtractionAssignment", "op_True", "op_UnaryNegation",
    "op_UnaryPlus", "op_UnsignedLeftShift", "op_UnsignedRightShift", "op_UnsignedRightShiftAssignment",
)  # fmt: skip
"""The names the compiler gives operators (Roslyn's ``WellKnownMemberNames``; a test holds them to it)."""

# Declarations whose names their text never spells, and what the text holds instead.
_SPELLED_OTHERWISE = ((OPERATOR_NAMES, "operator"), (("Finalize",), "~"), (("this[]",), "this"))


def text_may_declare(pattern: str) -> Callable[[str], bool]:
    """A test of a project's files' lower-case text that the files of a project declaring a name
    ``pattern`` matches (by ``match_rank``) pass: the pattern's text for an exact, prefix or substring
    match; each literal part of a wildcard pattern; the pattern's characters in order within one word
    (dots and type arguments in it: an explicit implementation's ``ILog.Write``) for camel humps; the
    keyword of an operator, a finalizer or an indexer the pattern matches the name of.

    Not seen through the text: a camel-hump pattern that matches an explicit implementation only through
    its interface's namespace, named by a ``using`` rather than in the declaration, or across a space
    between its type arguments (the live solution answers it once loaded)."""
    wanted = pattern.lower()
    spelled = [text for names, text in _SPELLED_OTHERWISE if any(match_rank(pattern, n) is not None for n in names)]
    if any(c in pattern for c in "*?"):
        parts = [part for part in re.split(r"[*?]+", wanted) if part]
        return lambda text: all(part in text for part in parts) or any(word in text for word in spelled)
    if len(pattern) < 2:
        return lambda text: wanted in text or any(word in text for word in spelled)
    # Within one word: a name holds none of these (identifiers, and the dots, angle brackets and commas
    # of an explicit implementation's qualified name, are all that is left).
    within = r"""[^\s(){}\[\];=:/\\"'!?+\-*%&|^~#$@`]*?"""
    humps = re.compile(within.join(map(re.escape, wanted)))
    return lambda text: wanted in text or humps.search(text) is not None or any(word in text for word in spelled)


def split_qualified(query: str) -> tuple[tuple[str, ...], str]:
    """``Logger.Write`` -> ``(("Logger",), "Write")``: the name to match and the containers (types or
    namespaces, innermost last) it must be declared in; ``Write`` -> ``((), "Write")``."""
    parts = [part for part in query.split("(", 1)[0].split(".") if part]  # a parameter list is not searched
    if len(parts) < 2:
        return (), query
    return tuple(re.sub(r"<.*>$|`\d+$", "", part) for part in parts[:-1]), parts[-1]


def declared_in(documentation_id: str, containers: tuple[str, ...]) -> bool:
    """Whether the symbol with ``documentation_id`` (``M:N.Logger.Write(...)``) is declared in a chain of
    containers ending with ``containers`` (each a name or a ``*``/``?`` pattern, any case)."""
    path = documentation_id[2:].split("(", 1)[0].split(".")[:-1]
    names = [re.sub(r"`\d+$", "", name) for name in path]
    if len(names) < len(containers):
        return False
    tail = names[len(names) - len(containers) :]
    return all(_wildcard(wanted).fullmatch(name) for wanted, name in zip(containers, tail, strict=True))
