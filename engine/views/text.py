"""Small pieces every view's text is made of."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..models import Location, relative_path


def where(location: Location | None, root: str, assembly: str = "") -> str:
    """``relative/path.cs:line:col``, or ``[assembly]`` for a symbol with no source."""
    if location is None:
        return f"[{assembly}]" if assembly else "[metadata]"
    return f"{relative_path(location.path, root)}:{location.line}:{location.column}"


def grouped_by_file(root: str, entries: Sequence[tuple[Location | None, str, str]]) -> list[tuple[str, int | None]]:
    """Rows of a list grouped by file: a file's path once (item ``None``), then each entry in it as
    ``line:column  cells`` with its index. ``entries`` are ``(location, assembly, cells)``; one with no
    source is grouped under ``[assembly]``."""
    rows: list[tuple[str, int | None]] = []
    previous = None
    for index, (location, assembly, cells) in enumerate(entries):
        group = relative_path(location.path, root) if location else f"[{assembly or 'metadata'}]"
        if group != previous:
            rows.append((group, None))
            previous = group
        place = f"{location.line}:{location.column}" if location else ""
        rows.append(("  " + columns(place, cells), index))
    return rows


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def columns(*cells: str) -> str:
    """Cells joined by two spaces, empty ones dropped: the line shape of every list."""
    return "  ".join(cell for cell in cells if cell)


def targets(chosen: str, all_targets: tuple[str, ...]) -> str:
    """``net10.0``, or ``net10.0 (of net10.0, net10.0-browser)`` for a multi-targeted project."""
    return f"{chosen} (of {', '.join(all_targets)})" if len(all_targets) > 1 else chosen


def counted(values: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """How often each value occurs, most frequent first (then by name): a list's summary by project or kind."""
    return tuple(sorted(Counter(values).items(), key=lambda pair: (-pair[1], pair[0])))


def tally(pairs: Iterable[tuple[str, int]], at_most: int = 6) -> str:
    """``Shop.App 3, Shop.Data 2``; past ``at_most`` names, ``and 4 more``."""
    pairs = list(pairs)
    shown = ", ".join(f"{name} {count}" for name, count in pairs[:at_most])
    return shown + (f" and {len(pairs) - at_most} more" if len(pairs) > at_most else "")
