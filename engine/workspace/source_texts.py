"""The text of a syntax-only view's files as they are on disk, lower case, read once: a search there
reads first which projects could declare a matching name, and parses and walks those alone.

A name declared in a file is in its text, as written (but for a Unicode escape inside an identifier,
``\\u0041``: a file holding one is always read as a candidate).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class SourceTexts:
    """Each project's files, read from disk on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._texts: dict[str, list[str]] = {}

    def may_declare(self, project: Any, test: Callable[[str], bool]) -> bool:
        """Whether a file of ``project`` passes ``test`` (given the lower-case text), or may declare any
        name (an escape in an identifier)."""
        return any("\\u" in text or test(text) for text in self._of(project))

    def _of(self, project: Any) -> list[str]:
        key = str(project.Id.Id)
        with self._lock:
            found = self._texts.get(key)
        if found is not None:
            return found
        texts = []
        for document in project.Documents:
            try:
                with open(str(document.FilePath), "rb") as file:
                    texts.append(file.read().decode("utf-8", errors="replace").lower())
            except OSError:
                continue  # the global usings the view writes itself: no file, and no declaration
        with self._lock:
            return self._texts.setdefault(key, texts)
