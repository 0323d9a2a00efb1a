"""How a search text matches a name: exact, prefix, camel humps, substring, or ``*``/``?`` wildcards."""

from __future__ import annotations

import fnmatch
import re
from functools import lru_cache

EXACT, PREFIX, CAMEL, SUBSTRING = 0, 1, 2, 3
_HUMP = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]")


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
