"""Answers from the on-disk index of the last load, given while the live solution cannot answer yet.

While the solution loads, and after it until the compiler has built its declarations (the live answer
would wait seconds for every compilation), symbol search, go to definition by name, file outlines and
a type's references are answered from the index, as long as no file changed since the load and the
index can answer exactly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..index import NOTE, WARMING_NOTE, EarlyIndex, NotInIndex

EARLY_QUERIES = {"find_symbols", "go_to_definition", "file_outline", "find_references"}
"""Queries the on-disk index may answer before the solution has loaded."""


class EarlyAnswers:
    """The index of one solution, opened on first use and let go once it may never answer again.

    Args:
        solution: the solution file the index was written for.
        root: the solution's directory.
        enabled: ``False`` for a restricted solution, whose index is never read.
    """

    def __init__(self, solution: Path, root: Path, *, enabled: bool) -> None:
        self._solution = solution
        self._root = root
        self._enabled = enabled
        self._lock = threading.Lock()
        self._opened = False
        self._index: EarlyIndex | None = None

    def index(self) -> EarlyIndex | None:
        """The index (opened once), or ``None`` when there is none or it was let go."""
        with self._lock:
            if not self._opened:
                self._opened = True
                if self._enabled:
                    self._index = EarlyIndex.open(self._solution, self._root)
            return self._index

    def answer(
        self,
        query: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        *,
        may_answer: bool,
        loaded: bool,
    ) -> Any | None:
        """The index's answer to ``query`` while it ``may_answer``, or ``None`` when only the live solution can."""
        name = getattr(query, "__name__", "")
        if name not in EARLY_QUERIES:
            return None
        if not may_answer:
            self.retire()
            return None
        index = self.index()
        if index is None:
            return None
        note = WARMING_NOTE if loaded else NOTE
        try:
            if name == "go_to_definition":
                return index.go_to_definition(args[0].name if args else kwargs["ref"].name, note=note)
            return getattr(index, name)(*args, note=note, **kwargs)
        except NotInIndex:
            return None

    def retire(self) -> None:
        """Let the index go (tens of MB of rows at 25 projects): it will never answer again."""
        with self._lock:
            self._opened = True
            self._index = None
