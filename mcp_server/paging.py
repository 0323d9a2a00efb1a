"""Opaque cursors and the response budget: how a long list reaches an assistant in pieces."""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError

from .lean import lean


def fingerprint(tool: str, arguments: dict[str, Any]) -> str:
    """A short digest of a call's arguments (paging ones excluded), so a cursor fits only its own query."""
    stable = json.dumps(
        {"tool": tool, **{k: v for k, v in arguments.items() if k not in ("limit", "cursor")}},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(stable.encode()).hexdigest()[:12]


class KeptViews:
    """The whole views of the latest paged answers, so that a cursor's later pages come from the first
    computation (18,000 references are found once, not once a page): per call (its fingerprint) and
    snapshot version, the newest ``most`` kept."""

    def __init__(self, most: int = 16) -> None:
        self.most = most
        self._views: OrderedDict[str, tuple[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, version: str) -> Any | None:
        with self._lock:
            kept = self._views.get(key)
            if kept is None or kept[0] != version:
                return None
            self._views.move_to_end(key)
            return kept[1]

    def keep(self, key: str, version: str, view: Any) -> None:
        with self._lock:
            self._views[key] = (version, view)
            self._views.move_to_end(key)
            while len(self._views) > self.most:
                self._views.popitem(last=False)


def encode_cursor(key: str, offset: int) -> str:
    return base64.urlsafe_b64encode(json.dumps({"k": key, "o": offset}).encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None, key: str) -> int:
    """The offset a cursor points at; a cursor from another query (or garbage) is a tool error."""
    if not cursor:
        return 0
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode()))
        offset, owner = int(data["o"]), str(data["k"])
    except (ValueError, KeyError, TypeError) as error:
        raise ToolError(
            "The cursor is not one this server made.\nCall again without 'cursor' to start from the top."
        ) from error
    if owner != key or offset < 0:
        raise ToolError(
            "The cursor belongs to a different query.\nPass a cursor only with the same arguments that produced it."
        )
    return offset


def message_size(view: Any, text: str) -> int:
    """Characters a view costs in a tool result: its text plus its structured content."""
    return len(text) + len(json.dumps(lean(view), default=str))


def fit(count: int, cut: Callable[[int], Any], budget: int) -> tuple[Any, str]:
    """The longest page ``cut(n)`` with ``n <= count`` whose text and structured content together take
    at most ``budget`` characters (at least one item, however large). A view that can show less of each
    item (``stepped_down``: references without their code, then counted per file) does so before it
    shows fewer items.

    Returns the page and its rendered text.
    """
    shown = cut(count)
    text = shown.render()
    if message_size(shown, text) <= budget:
        return shown, text
    if hasattr(shown, "stepped_down"):
        for candidate in shown.stepped_down():
            text = candidate.render()
            if message_size(candidate, text) <= budget:
                return candidate, text
        whole = cut

        def cut(n: int) -> Any:  # the least of each item, then fewer items
            return whole(n).stepped_down()[-1]

    low, high = 0, count  # the largest item count that fits, found by halving
    while low < high:
        middle = (low + high + 1) // 2
        candidate = cut(middle)
        if message_size(candidate, candidate.render()) <= budget:
            low = middle
        else:
            high = middle - 1
    shown = cut(max(low, 1))
    return shown, shown.render()


def cut_text(text: str, budget: int) -> tuple[str, bool]:
    """``text`` cut at a line boundary to fit ``budget``; ``True`` when something was left out."""
    if len(text) <= budget:
        return text, False
    kept = text[:budget].rsplit("\n", 1)[0]
    return kept, True
