"""Members named as briefly as stays unambiguous within a list: ``Shard.LoadAsync(Entry, …)`` for
``Store<TKey, TValue>.Shard.LoadAsync(Store<TKey, TValue>.Entry, params object[])`` when nothing else in
the list would read the same, so a row's width goes to the code it exists to show. The full name stays
in the Info tab and in quick info."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable


def brief_names(names: Iterable[str]) -> dict[str, str]:
    """Each distinct name -> its brief form; two different names never share one."""
    distinct = sorted({name for name in names if name})
    parts = {name: _parts(name) for name in distinct}
    # Each name starts at its shortest form; names that collide take more of their qualifiers, then
    # all their parameters, until they differ or are whole.
    depth = {name: 0 for name in distinct}
    full_parameters: set[str] = set()
    while True:
        by_brief: dict[str, list[str]] = defaultdict(list)
        for name in distinct:
            by_brief[_brief(parts[name], depth[name], name in full_parameters)].append(name)
        grew = False
        for same in (group for group in by_brief.values() if len(group) > 1):
            overloads = len({tuple(parts[name][0]) for name in same}) == 1
            for name in same:
                segments, _ = parts[name]
                if not overloads and depth[name] < len(segments) - 1:
                    depth[name] += 1
                    grew = True
                elif name not in full_parameters:
                    full_parameters.add(name)
                    grew = True
        if not grew:
            return {name: brief for brief, group in by_brief.items() for name in group}


def _parts(name: str) -> tuple[list[str], list[str] | None]:
    """``A<T>.B.M(x.Y, int)`` -> (``["A<T>", "B", "M"]``, ``["x.Y", "int"]``); no parameters: ``None``."""
    open_at = _top_level(name, "(")
    head, parameters = (name, None) if open_at < 0 else (name[:open_at], name[open_at + 1 : name.rindex(")")])
    segments = _split(head, ".")
    return segments, ([p.strip() for p in _split(parameters, ",")] if parameters and parameters.strip() else
                      ([] if parameters is not None else None))  # fmt: skip


def _brief(parts: tuple[list[str], list[str] | None], depth: int, all_parameters: bool) -> str:
    segments, parameters = parts
    # A member keeps its type (``Shard.LoadAsync``); a type alone keeps its own name.
    keep = min(len(segments), 2 + depth) if len(segments) > 1 else 1
    head = ".".join(segments[-keep:])
    if parameters is None:
        return head
    shown = [_short_type(p) for p in parameters]
    if not all_parameters and len(shown) > 1:
        shown = [shown[0], "…"]
    return f"{head}({', '.join(shown)})"


def _short_type(parameter: str) -> str:
    """``params Store<TKey, TValue>.Entry[]`` -> ``Entry[]``: the type's own name, modifiers dropped,
    type arguments shortened the same way."""
    words = parameter.split()
    kept = [w for w in words if w not in ("params", "ref", "out", "in", "this", "scoped", "readonly")]
    text = " ".join(kept) or parameter
    last = _split(text, ".")[-1]
    angle = _top_level(last, "<")
    if angle < 0:
        return last
    close = last.rindex(">")
    arguments = ", ".join(_short_type(a.strip()) for a in _split(last[angle + 1 : close], ","))
    return f"{last[:angle]}<{arguments}>{last[close + 1 :]}"


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside ``<>``, ``()`` and ``[]``."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        elif char == separator and depth == 0:
            found.append(text[start:index])
            start = index + 1
    found.append(text[start:])
    return found


def _top_level(text: str, char: str) -> int:
    depth = 0
    for index, each in enumerate(text):
        if each == char and depth == 0:
            return index
        if each in "<([":
            depth += 1
        elif each in ">)]":
            depth -= 1
    return -1
