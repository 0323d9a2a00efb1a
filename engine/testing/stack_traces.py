"""Reading a .NET stack trace: each ``at`` frame split into the type, the member the source declares
and where it ran, with the compiler's generated names (async state machines, lambdas, local
functions, iterators) taken back to the method they came from."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FRAME = re.compile(
    r"^\s*(?:at|в|à|bei|en)\s+(?P<method>[^\s(][^(]*?)\((?P<parameters>[^)]*)\)"
    r"(?:\s+(?:in|dans|в|in der Datei)\s+(?P<file>.+?):(?:line|Zeile|ligne|строка)\s+(?P<line>\d+))?\s*$"
)
# xUnit's own layout: ``/s/Cart.cs(30,0): at Loop.Core.Cart.Total()``
_XUNIT_FRAME = re.compile(
    r"^\s*(?P<file>\S.*?)\((?P<line>\d+),\d+\): at (?P<method>[^(]+)\((?P<parameters>[^)]*)\)\s*$"
)
_GENERATED = re.compile(r"^<(?P<outer>[^>]*)>(?P<tag>[a-z])__(?P<rest>.*)$")
_CLOSURE_TYPE = re.compile(r"^<(?P<outer>[^>]*)>(?:d__\d+|c__DisplayClass[\d_]+|c|O|e__FixedBuffer)$")


@dataclass(frozen=True)
class Frame:
    text: str
    """The frame's line as given."""
    path: tuple[str, ...]
    """The dotted path to the member as the source declares it (``Loop``, ``Core``, ``Checkout``): namespaces
    and types, nested types included, generic arity as a backtick (``Outer`1``), closures and state
    machines removed. Where the namespace ends is for the solution to say."""
    member: str
    """The member the source declares (``PayAsync``, ``.ctor``, ``get_Total``; an explicit interface
    implementation's name is its interface's path and name, which ``path`` then ends with)."""
    parameters: tuple[str, ...]
    """The parameter types as printed (``Decimal``, ``List`1``); ``None`` when the frame does not say
    (a state machine's ``MoveNext``)."""
    file: str = ""
    line: int = 0
    inner: str = ""
    """What the compiler generated inside the member: ``lambda``, ``local function Format``,
    ``async state machine or iterator``; empty for the member itself."""
    parameters_known: bool = True


def frames(text: str) -> list[Frame]:
    """Every frame of ``text``; other lines (the exception's message, ``--- End of stack trace ---``)
    are skipped."""
    found = []
    for line in text.splitlines():
        match = _FRAME.match(line) or _XUNIT_FRAME.match(line)
        if match is None:
            continue
        frame = _frame(line.strip(), match["method"].strip(), match["parameters"], match["file"], match["line"])
        if frame is not None:
            found.append(frame)
    return found


def _frame(text: str, method: str, parameters: str, file: str | None, line: str | None) -> Frame | None:
    segments = _segments(re.sub(r"\[[^\[\]]*\]$", "", method))
    if len(segments) < 2:
        return None
    member = segments.pop()
    inner = ""
    known = True
    if member == "MoveNext" and segments and _CLOSURE_TYPE.match(segments[-1]):
        outer = _CLOSURE_TYPE.match(segments[-1])["outer"]  # type: ignore[index]
        if outer:
            member, inner, known = outer, "async state machine or iterator", False
            segments.pop()
    while segments and _CLOSURE_TYPE.match(segments[-1]):
        segments.pop()  # a lambda's or closure's class
    generated = _GENERATED.match(member)
    if generated is not None:
        tag, rest = generated["tag"], generated["rest"]
        if tag == "g":  # a local function: <Outer>g__Name|3_1
            inner = f"local function {rest.split('|', 1)[0]}"
        elif tag == "b":
            inner = "lambda"
        elif tag == "d":
            inner = "async state machine or iterator"
        if generated["outer"]:
            member = generated["outer"]
        known = False  # a lambda's or local function's parameters are not the member's
    if not segments:
        return None
    return Frame(
        text,
        tuple(segments),
        member,
        _parameters(parameters) if known else (),
        (file or "").strip(),
        int(line or 0),
        inner,
        known,
    )


def _segments(method: str) -> list[str]:
    """``Ns.Outer+Inner`1.<M>b__0_0`` -> [``Ns``, ``Outer``, ``Inner`1``, ``<M>b__0_0``]; ``T..ctor``
    keeps ``.ctor`` whole."""
    parts: list[str] = []
    current = ""
    depth = 0
    for char in method:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        if char in ".+" and depth == 0:
            if current:
                parts.append(current)
                current = ""
            else:
                current = "."  # the dot of .ctor / .cctor after the separator
            continue
        current += char
    if current:
        parts.append(current)
    return parts


def _parameters(text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    found = []
    for parameter in _top_level(text):
        words = parameter.strip().split()
        found.append(words[0] if words else "")
    return tuple(found)


def _top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "<[":
            depth += 1
        elif char in ">]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return parts
