"""Fuzzy matching of file paths, as an editor's "go to file" does: the typed characters in order anywhere
in the path, ranked by how tightly they match and whether they hit the file's own name."""

from __future__ import annotations


def path_score(query: str, path: str) -> float | None:
    """How well ``query`` matches ``path`` (higher is better), or ``None`` when it does not: every
    character of the query, in order, case-insensitively; runs of consecutive characters, matches at
    word starts and matches in the file name count more, and shorter paths win ties."""
    wanted = query.lower().replace("\\", "/")
    text = path.lower()
    if not wanted:
        return 0.0
    name_start = text.rfind("/") + 1
    score = 0.0
    position = -1
    run = 0
    for char in wanted:
        found = text.find(char, position + 1)
        if found < 0:
            return None
        run = run + 1 if found == position + 1 else 0
        score += 1.0 + run * 2.0
        if found == 0 or text[found - 1] in "/._-" or (path[found].isupper() and not path[found - 1].isupper()):
            score += 3.0
        if found >= name_start:
            score += 2.0
        position = found
    if wanted in text[name_start:]:
        score += 10.0 + (5.0 if text[name_start:].startswith(wanted) else 0.0)
    return score - len(path) * 0.01


def ranked(query: str, paths: list[str], recent: list[str], limit: int = 200) -> list[str]:
    """``paths`` matching ``query``, best first; with an empty query, the recent files first, then all."""
    if not query.strip():
        rest = [p for p in paths if p not in recent]
        return ([p for p in recent if p in paths] + sorted(rest))[:limit]
    scored = []
    for path in paths:
        score = path_score(query.strip(), path)
        if score is not None:
            bonus = 1.0 if path in recent else 0.0
            scored.append((-(score + bonus), path))
    return [path for _, path in sorted(scored)[:limit]]
