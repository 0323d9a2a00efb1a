"""Reading the Cobertura files a coverage collector writes (``Microsoft.CodeCoverage`` with
``Format=Cobertura``, ``coverlet.collector``): each source file's coverable lines with their hits and
branches. Several files (a run per target framework, a collector per test project) merge: a line is
covered when any run covered it, and its branches are those of the run that saw most of them."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from ...errors import EngineError


@dataclass(frozen=True)
class LineHits:
    hits: int
    branches_covered: int = 0
    branches: int = 0


FileLines = dict[int, LineHits]
"""A file's coverable lines (1-based) and what the run did on each."""


def read_cobertura(files: list[Path], root: Path) -> dict[str, FileLines]:
    """The lines of every source file under ``root`` that the reports cover, by absolute path (a test
    framework's or a package's files, outside the solution, are left out)."""
    found: dict[str, FileLines] = {}
    for file in files:
        try:
            tree = ElementTree.parse(file)
        except (ElementTree.ParseError, OSError) as error:
            raise EngineError(
                f"The coverage report {file.name} could not be read: {error}",
                "Run the tests with coverage again; the collector may have stopped before writing it.",
            ) from error
        sources = [s.text.strip() for s in tree.getroot().iter("source") if s.text and s.text.strip()]
        for each in tree.getroot().iter("class"):
            path = _absolute(each.get("filename", ""), sources)
            if path is None or not _under(path, root):
                continue
            lines = found.setdefault(path, {})
            # The class's own lines merge its methods' (a record's accessors share its line).
            for line in each.iterfind("lines/line"):
                number, hits = int(line.get("number", "0")), int(line.get("hits", "0"))
                covered, branches = _conditions(line.get("condition-coverage", ""))
                lines[number] = _merged(lines.get(number), LineHits(hits, covered, branches))
    return found


def _absolute(filename: str, sources: list[str]) -> str | None:
    """The report's file name as an absolute path: coverlet writes it relative to a ``source``."""
    if not filename:
        return None
    if os.path.isabs(filename):
        return os.path.normpath(filename)
    for source in sources:
        candidate = os.path.normpath(os.path.join(source, filename))
        if os.path.exists(candidate):
            return candidate
    return None


def _under(path: str, root: Path) -> bool:
    return os.path.commonpath([path, str(root)]) == str(root)


def _conditions(text: str) -> tuple[int, int]:
    """``50% (1/2)`` as (1, 2)."""
    if "(" not in text:
        return 0, 0
    covered, _, total = text[text.index("(") + 1 : text.rindex(")")].partition("/")
    return int(covered), int(total)


def _merged(old: LineHits | None, new: LineHits) -> LineHits:
    if old is None:
        return new
    most = old if (old.branches, old.branches_covered) >= (new.branches, new.branches_covered) else new
    return LineHits(max(old.hits, new.hits), most.branches_covered, most.branches)
