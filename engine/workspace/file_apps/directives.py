"""The directives of a file-based app (``#!`` and ``#:package``/``#:sdk``/``#:property``/``#:project``
lines at its top), as ``dotnet run app.cs`` reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_DIRECTIVE = re.compile(r"^#:(package|sdk|property|project)\s+(.*?)\s*$")


@dataclass(frozen=True)
class Directive:
    kind: str
    """``package``, ``sdk``, ``property`` or ``project``."""
    value: str
    """``Newtonsoft.Json@13.0.3``, ``Nullable=enable``, ``../Lib/Lib.csproj``..."""


def directives(text: str) -> list[Directive]:
    """The ``#:`` directives before the first line of code (blank lines, comments and ``#!`` allowed)."""
    found = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#!", "//")):
            continue
        match = _DIRECTIVE.match(line)
        if match is None:
            break
        found.append(Directive(match[1], match[2]))
    return found


def looks_like_app(path: Path) -> bool:
    """A ``.cs`` file that starts as a file-based app does: a ``#!`` line or a ``#:`` directive."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return head.startswith("#!") or bool(directives(head))


def stamp(path: Path) -> str:
    """What the virtual project depends on in the file: its directives, as text."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(f"{d.kind} {d.value}" for d in directives(text))
