"""Source text with line numbers: a file range, or the declaration(s) of a symbol."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import relative_path
from .text import plural


@dataclass(frozen=True)
class SourceText:
    """Lines ``start``..``end`` (1-based, inclusive) of one file."""

    root: str
    path: str
    start: int
    end: int
    line_count: int
    """Lines in the whole file."""
    lines: tuple[str, ...]

    def numbered(self) -> list[str]:
        width = len(str(self.end))
        return [f"{number:>{width}}  {text}".rstrip() for number, text in enumerate(self.lines, self.start)]

    def render(self) -> str:
        header = f"{relative_path(self.path, self.root)}:{self.start}-{self.end} (of {self.line_count} lines)"
        return "\n".join([header, *self.numbered()])


@dataclass(frozen=True)
class SymbolSource:
    """The declaration text of a symbol, its doc comment included: one part per declaration."""

    root: str
    symbol: str
    documentation_id: str
    parts: tuple[SourceText, ...]
    origin: str = ""
    """For a package's or the framework's symbol: where the text comes from (``System.Linq 10.0.0.0,
    decompiled (ICSharpCode.Decompiler)``); the file is a read-only copy in the user cache."""

    def render(self) -> str:
        where_from = f" from {self.origin}, read-only" if self.origin else ""
        lines = [f"Source of {self.symbol}{where_from}: {plural(len(self.parts), 'part')}"]
        for part in self.parts:
            lines.append(part.render())
        return "\n".join(lines)
