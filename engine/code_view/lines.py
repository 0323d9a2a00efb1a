"""The range of lines a code view query is asked for, checked against the file."""

from __future__ import annotations

from ..errors import PositionOutOfRange


def line_range(line_count: int, first_line: int, last_line: int, path: str) -> tuple[int, int]:
    """``first_line``..``last_line`` (1-based, inclusive) cut to the file; a named error when it is empty."""
    if last_line < first_line:
        raise PositionOutOfRange(
            f"Lines {first_line}-{last_line} end before they start.", "Give the first line, then the last (inclusive)."
        )
    if first_line < 1 or first_line > line_count:
        raise PositionOutOfRange(
            f"Lines {first_line}-{last_line} are not in {path}, which has {line_count} lines.",
            f"Give lines from 1 to {line_count}.",
        )
    return first_line, min(last_line, line_count)
