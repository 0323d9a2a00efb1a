"""Answers from a record of the last load, given while the live solution cannot answer yet.

While the solution loads, and after it until the compiler has built its declarations (the live answer
would wait seconds for every compilation), a query whose declaration says ``early`` is answered from
the source a feature registered (``hooks.answers_early``: the on-disk index), as long as no file
changed since the load and the source can answer exactly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .declared import declaration
from .hooks import EarlySource, open_early_source


class EarlyAnswers:
    """The early source of one solution, opened on first use and let go once it may never answer again.

    Args:
        solution: the solution file the index was written for.
        root: the solution's directory.
        enabled: ``False`` for a restricted solution, whose record is never read.
    """

    def __init__(self, solution: Path, root: Path, *, enabled: bool) -> None:
        self._solution = solution
        self._root = root
        self._enabled = enabled
        self._lock = threading.Lock()
        self._opened = False
        self._source: EarlySource | None = None

    def source(self) -> EarlySource | None:
        """The source (opened once), or ``None`` when there is none or it was let go."""
        with self._lock:
            if not self._opened:
                self._opened = True
                if self._enabled:
                    self._source = open_early_source(self._solution, self._root)
            return self._source

    def answer(
        self,
        query: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        *,
        may_answer: bool,
        loaded: bool,
    ) -> Any | None:
        """The source's answer to ``query`` while it ``may_answer``, or ``None`` when only the live solution can."""
        declared = declaration(query)
        if not declared.early:
            return None
        if not may_answer:
            self.retire()
            return None
        source = self.source()
        if source is None:
            return None
        return source.answer(declared, args, kwargs, loaded=loaded)

    def retire(self) -> None:
        """Let the source go (tens of MB of rows at 25 projects): it will never answer again."""
        with self._lock:
            self._opened = True
            self._source = None
