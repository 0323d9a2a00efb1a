"""The text of a syntax-only view's files as they are on disk, lower case, read once: a search there
reads first which projects could declare a matching name, and parses and walks those alone.

A name declared in a project is in its files' text, as written (``symbols.matching.text_may_declare``
says how the compiler's own names are), but for a Unicode escape inside an identifier (``\\u0041``): a
project holding one is always walked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..host.interop import Operation


class SourceTexts:
    """Each project's files, read from disk on first use, as one text (a file a line apart)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._texts: dict[str, str] = {}

    def may_declare(self, project: Any, test: Callable[[str], bool], operation: Operation) -> bool:
        """Whether ``project``'s files pass ``test`` (given their lower-case text, one file after another),
        or may declare any name (an escape in an identifier)."""
        text = self._of(project, operation)
        return "\\u" in text or test(text)

    def _of(self, project: Any, operation: Operation) -> str:
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
                # The global usings the view writes itself (in memory): no declaration, but the
                # namespaces an explicit implementation's interface is named by.
                texts.append(str(operation.wait(document.GetTextAsync(operation.token))).lower())
        with self._lock:
            return self._texts.setdefault(key, "\n".join(texts))
