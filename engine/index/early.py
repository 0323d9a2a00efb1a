"""Answers from the on-disk index while the solution loads, and after it until the compiler has built the
declarations: symbol search, go to definition by name, and file outlines, each within a second of start
instead of after MSBuild and the compilations. Only entries whose source
files have the same SHA-256 as on disk are used, checked when the index is opened and again for the
files of every answer; whatever the index cannot answer exactly waits for the live solution."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from ..models import Location
from ..symbols.describe import SymbolSummary
from ..symbols.matching import NameSet
from ..views.definition import Definition
from ..views.outline import FileOutline, OutlineNode
from ..views.symbols import SymbolList
from . import store

NOTE = " (from the index: the solution is still loading)"
PARTIAL_NOTE = (
    " (from the index of {done} of {total} projects, the others not indexed yet: the solution is still loading)"
)
"""When the last run ended before it had indexed every project: an answer may lack what the others declare."""
WARMING_NOTE = " (from the index: the compiler is still catching up)"
"""After the load, until the declarations of the live solution are built (the first seconds after a start)."""


class NotInIndex(Exception):
    """The index cannot answer this exactly: wait for the live solution."""


class EarlyIndex:
    def __init__(self, root: Path, stored: store.Stored) -> None:
        self.root = root
        done = sum(1 for _, finished in stored.projects.values() if finished)
        self.partial = "" if stored.complete else PARTIAL_NOTE.format(done=done, total=len(stored.projects))
        self._lock = threading.Lock()
        self._digests = {path: entry.digest for path, entry in stored.files.items()}
        self._outlines = {path: entry.outline for path, entry in stored.files.items()}
        self._declarations = stored.declarations
        self._stale: set[str] = set()
        self._name_set: NameSet | None = None
        for path, digest in self._digests.items():
            if store.file_digest(path) != digest:
                self._stale.add(path)

    @classmethod
    def open(cls, solution: Path, root: Path) -> EarlyIndex | None:
        """The index of ``solution``, or ``None`` when there is none or the projects changed since (a
        project, solution or MSBuild import file, or a ``.cs`` file the index does not know)."""
        stored = store.read(solution)
        if stored is None or not stored.files:
            return None
        if any(store.file_digest(path) != digest for path, digest in stored.inputs.items()):
            return None
        # Where the projects indexed keep their sources (all of them, unless the last run ended early).
        folders = (
            stored.project_dirs if stored.complete else sorted({f for f, done in stored.projects.values() if done})
        )
        if store.sources_under(folders) - set(stored.files) - set(stored.unlisted):
            return None  # a new file: its declarations are not in the index
        return cls(root, stored)

    # -- freshness ------------------------------------------------------------------------------

    def _fresh(self, paths: set[str]) -> bool:
        """Whether every indexed file of ``paths`` is still what was indexed (checked on disk now)."""
        with self._lock:
            for path in paths & self._digests.keys():
                if path in self._stale:
                    return False
                if store.file_digest(path) != self._digests.get(path):
                    self._stale.add(path)
                    return False
        return True

    def _live_rows(self) -> list[dict[str, Any]]:
        with self._lock:
            stale = set(self._stale)
        return [
            row
            for row in self._declarations
            if not stale.intersection(row["files"]) and not (stale and row["generated"])
        ]

    def _names(self) -> NameSet:
        with self._lock:
            if self._name_set is None:
                self._name_set = NameSet.of([row["name"] for row in self._declarations])
            return self._name_set

    def _note(self, note: str) -> str:
        """An answer from a partial index says so: it may lack what the other projects declare."""
        return self.partial or note

    # -- answers --------------------------------------------------------------------------------

    def find_symbols(
        self,
        query: str,
        kind: str | None = None,
        project: str | None = None,
        limit: int | None = 50,
        include_metadata: bool = False,
        *,
        note: str = NOTE,
    ) -> SymbolList:
        from ..queries.search import _kinds, ranked, symbol_list
        from ..symbols.matching import declared_in, split_qualified

        query = query.strip()
        if not query or include_metadata:
            raise NotInIndex
        _kinds(kind)
        rows = self._live_rows()
        if project is not None and not any(r["project"].lower() == project.lower() for r in rows):
            raise NotInIndex  # the live solution names the projects there are
        live = {id(row) for row in rows}
        every = self._declarations
        containers, name = split_qualified(query)
        order = ranked(name, self._names(), [r["project"] for r in every], project)
        summaries = [_summary(_full(every[index])) for index in order if id(every[index]) in live]
        summaries = [s for s in summaries if declared_in(s.documentation_id, containers)]
        answer = symbol_list(str(self.root), query, kind, project, summaries, limit, self._note(note))
        if not self._fresh({s.location.path for s in answer.items if s.location is not None}):
            return self.find_symbols(query, kind, project, limit, note=note)  # a file changed just now: without it
        return answer

    def go_to_definition(self, name: str | None, *, note: str = NOTE) -> Definition:
        if not name:
            raise NotInIndex  # a position needs the compiler's binding
        name = name.strip()
        rows = self._live_rows()
        if len(name) > 2 and name[1] == ":":
            found = [r for r in rows if r["documentation_id"] == name]
        elif "(" in name:
            raise NotInIndex  # parameter lists are matched by the compiler
        else:
            found = [r for r in rows if r["qualified_name"] == name or r["qualified_name"].endswith("." + name)]
        unique = {r["documentation_id"]: r for r in found}
        if len(unique) != 1:
            raise NotInIndex  # unknown or ambiguous: the live answer says which
        (row,) = unique.values()
        if not self._fresh(set(row["files"])) or (row["generated"] and self._stale):
            raise NotInIndex
        row = _full(row)
        locations = tuple(Location(*place) for place in row["locations"])
        return Definition(str(self.root), _summary(row), locations, row["signature"], "", self._note(note))

    def file_outline(self, file: str, *, note: str = NOTE) -> FileOutline:
        given = Path(file).expanduser()
        path = os.path.normpath(given if given.is_absolute() else self.root / given)
        if not self._outlines.get(path) or not self._fresh({path}):
            raise NotInIndex  # not indexed, or indexed at an exit without its outline
        items = json.loads(self._outlines[path])
        return FileOutline(str(self.root), path, tuple(_node(item) for item in items), note)


def _full(row: dict[str, Any]) -> dict[str, Any]:
    """A declaration as written: its summary, signature and places (decoded when an answer shows it)."""
    return json.loads(row["data"])  # type: ignore[no-any-return]


def _summary(row: dict[str, Any]) -> SymbolSummary:
    location = row["location"]
    return SymbolSummary(
        name=row["name"],
        kind=row["kind"],
        display=row["display"],
        qualified_name=row["qualified_name"],
        documentation_id=row["documentation_id"],
        container=row["container"],
        location=Location(**location) if location else None,
        in_source=row["in_source"],
        assembly=row["assembly"],
    )


def _node(item: dict[str, Any]) -> OutlineNode:
    return OutlineNode(
        item["name"],
        item["kind"],
        item["display"],
        Location(**item["location"]),
        Location(**item["span"]),
        item["documentation_id"],
        tuple(_node(child) for child in item["children"]),
    )
