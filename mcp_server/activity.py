"""What the assistant does, as the terminal app's Activity panel shows it: one event per tool call
(tool, arguments, the answer's first line, its time, and the place it is about), to whoever observes.

Only the shared engine observes (``engine_host``); a server without observers does nothing here.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from mcp_types import CallToolResult

Observer = Callable[[dict[str, Any]], None]
OBSERVERS: list[Observer] = []
CLIENT: ContextVar[str] = ContextVar("activity_client", default="")
"""Which front end the call came from (set per connection by the shared engine)."""
_numbers = itertools.count(1)
_SUMMARY_CHARACTERS = 200
_TEXT_CHARACTERS = 20_000
"""The answer as the panel shows it when followed; a longer one is cut (the assistant got it whole)."""


def record(
    tool: str, arguments: dict[str, Any], result: CallToolResult | None, started: float, failure: str = ""
) -> None:
    if not OBSERVERS:
        return
    texts = (getattr(item, "text", None) for item in (result.content if result else []))
    text = next((each for each in texts if isinstance(each, str) and each), failure)
    event = {
        "kind": "activity",
        "number": next(_numbers),
        "client": CLIENT.get(),
        "tool": tool,
        "arguments": {k: v for k, v in arguments.items() if v is not None},
        "summary": text.strip().splitlines()[0][:_SUMMARY_CHARACTERS] if text.strip() else "(no answer)",
        "text": text[:_TEXT_CHARACTERS],
        "error": result is None or bool(result.is_error),
        "ms": round((time.monotonic() - started) * 1000, 1),
        "at": time.time(),
        "where": place_of(arguments, result.structured_content if result else None),
    }
    for observer in list(OBSERVERS):
        observer(event)


def place_of(arguments: dict[str, Any], structured: Any) -> dict[str, Any] | None:
    """What the call is about, to follow it: the file (and line) it names, else the first place its
    answer holds (``at``: ``path:line:column``, relative to the answer's ``root``), else the symbol it names."""
    result = structured.get("result") if isinstance(structured, dict) else None
    root = result.get("root") if isinstance(result, dict) and isinstance(result.get("root"), str) else None
    if isinstance(arguments.get("file"), str):
        line = arguments.get("line") or arguments.get("start_line") or 1
        return {"file": arguments["file"], "line": line if isinstance(line, int) else 1, "root": root}
    found = _first_place(result, depth=0)
    if found is not None:
        path, line, column = found
        return {"file": path, "line": line, "column": column, "root": root}
    if isinstance(arguments.get("symbol"), str):
        return {"symbol": arguments["symbol"]}
    return None


def _first_place(value: Any, depth: int) -> tuple[str, int, int] | None:
    if depth > 6:
        return None
    if isinstance(value, dict):
        at = value.get("at")
        if isinstance(at, str):
            path, _, rest = at.rpartition(":")
            path, _, line = path.rpartition(":")
            if path and line.isdigit() and rest.isdigit():
                return path, int(line), int(rest)
        items = list(value.values())
    elif isinstance(value, list):
        items = value[:20]
    else:
        return None
    for item in items:
        found = _first_place(item, depth + 1)
        if found is not None:
            return found
    return None
