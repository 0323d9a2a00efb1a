"""Answers from the on-disk index while the solution loads, and after it until the compiler has built the
declarations: symbol search, go to definition by name, file outlines and a type's references, each within
a second or two of start instead of after MSBuild and the compilations. Only entries whose source files
have the same SHA-256 as on disk are used, checked when the index is opened and again for the files of
every answer (for references, every file); whatever the index cannot answer exactly waits for the live
solution."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..host.digest import file_digest
from ..models import Location, SymbolSummary
from ..symbols.matching import NameSet
from ..symbols.syntax_roles import DECLARATION
from ..views.definition import Definition
from ..views.outline import FileOutline, OutlineNode
from ..views.references import Reference, ReferenceList, count_kinds
from ..views.symbols import SymbolList
from ..views.text import counted
from ..workspace.declared import Declaration
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
    def __init__(self, solution: Path, root: Path, stored: store.Stored, names: store.Names) -> None:
        self.solution = solution
        self.root = root
        done = sum(1 for _, finished in stored.projects.values() if finished)
        self.partial = "" if stored.complete else PARTIAL_NOTE.format(done=done, total=len(stored.projects))
        self._lock = threading.Lock()
        self._digests = {path: entry.digest for path, entry in stored.files.items()}
        self._outlines = {path: entry.outline for path, entry in stored.files.items()}
        self._projects = {path: entry.project for path, entry in stored.files.items()}
        self._names = names
        self._position = {rowid: index for index, rowid in enumerate(names.rowids)}
        self._project_names = {project.lower() for project in names.projects}
        self._stale: set[str] = set()
        self._name_set: NameSet | None = None
        for path, digest in self._digests.items():
            if file_digest(path) != digest:
                self._stale.add(path)

    @classmethod
    def open(cls, solution: Path, root: Path) -> EarlyIndex | None:
        """The index of ``solution``, or ``None`` when there is none or the projects changed since (a
        project, solution or MSBuild import file, or a ``.cs`` file the index does not know)."""
        stored = store.read(solution, with_names=True)
        if stored is None or stored.names is None or not stored.files:
            return None
        if any(file_digest(path) != digest for path, digest in stored.inputs.items()):
            return None
        # Where the projects indexed keep their sources (all of them, unless the last run ended early).
        folders = (
            stored.project_dirs if stored.complete else sorted({f for f, done in stored.projects.values() if done})
        )
        if store.sources_under(folders) - set(stored.files) - set(stored.unlisted):
            return None  # a new file: its declarations are not in the index
        return cls(solution, root, stored, stored.names)

    # -- freshness ------------------------------------------------------------------------------

    def _fresh(self, paths: set[str]) -> bool:
        """Whether every indexed file of ``paths`` is still what was indexed (checked on disk now)."""
        with self._lock:
            for path in paths & self._digests.keys():
                if path in self._stale:
                    return False
                if file_digest(path) != self._digests.get(path):
                    self._stale.add(path)
                    return False
        return True

    def _live(self, rows: list[store.Row]) -> list[store.Row]:
        """The ``rows`` still what their files declare (none of them changed since the index was opened)."""
        with self._lock:
            stale = set(self._stale)
        return [row for row in rows if not stale.intersection(row.files) and not (stale and row.generated)]

    def _rows(self, rowids: list[int]) -> list[store.Row]:
        """The rows ``rowids`` whole, as they were when the index was opened."""
        try:
            found = store.rows(self.solution, rowids)
        except sqlite3.Error:
            raise NotInIndex from None
        rows = []
        for rowid in rowids:
            row = found.get(rowid)
            if row is None or not self._known(row):
                raise NotInIndex  # written again since (another run, or this one's index): the live answer decides
            rows.append(row)
        return rows

    def _known(self, row: store.Row) -> bool:
        index = self._position.get(row.rowid)
        return index is not None and (self._names.names[index], self._names.projects[index]) == (row.name, row.project)

    def _name_set_of_all(self) -> NameSet:
        with self._lock:
            if self._name_set is None:
                self._name_set = NameSet.of(self._names.names)
            return self._name_set

    def _note(self, note: str) -> str:
        """An answer from a partial index says so: it may lack what the other projects declare."""
        return self.partial or note

    # -- answers --------------------------------------------------------------------------------

    def answer(self, declared: Declaration, args: tuple[Any, ...], kwargs: dict[str, Any], *, loaded: bool) -> Any:
        """The answer to the query ``declared`` names (an ``EarlySource``), or ``None`` when the index
        cannot give it exactly; labelled as from the index, the solution loading or ``loaded``."""
        note = WARMING_NOTE if loaded else NOTE
        answer = getattr(self, declared.name, None)
        if answer is None:
            return None
        try:
            if declared.name == "go_to_definition":
                # By name only: a position needs the compiler's binding.
                ref = args[0] if args else kwargs["ref"]
                return self.go_to_definition(ref.name, note=note)
            return answer(*args, note=note, **kwargs)
        except NotInIndex:
            return None

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
        if project is not None and project.lower() not in self._project_names:
            raise NotInIndex  # the live solution names the projects there are
        containers, name = split_qualified(query)
        order = ranked(name, self._name_set_of_all(), self._names.projects, project)
        rows = self._rows([self._names.rowids[index] for index in order])
        summaries = [_summary(_full(row)) for row in self._live(rows)]
        summaries = [s for s in summaries if declared_in(s.documentation_id, containers)]
        answer = symbol_list(str(self.root), query, kind, project, summaries, limit, self._note(note))
        if not self._fresh({s.location.path for s in answer.items if s.location is not None}):
            return self.find_symbols(query, kind, project, limit, note=note)  # a file changed just now: without it
        return answer

    def go_to_definition(self, name: str | None, *, note: str = NOTE) -> Definition:
        found = self._named(name)
        if not self._fresh(set(found.files)) or (found.generated and self._stale):
            raise NotInIndex
        row = _full(found)
        locations = tuple(Location(*place) for place in row["locations"])
        return Definition(str(self.root), _summary(row), locations, row["signature"], "", self._note(note))

    def find_references(self, ref: Any, include_declarations: bool = False, *, note: str = NOTE) -> ReferenceList:
        """A source type's references, named by name or documentation ID, while no file of the solution
        changed since they were written (any file may have gained one) and every project's are in."""
        from ..queries.search import TYPE_KINDS

        if ref.file is not None or ref.line is not None:
            raise NotInIndex  # a position needs the compiler's binding
        named = self._named(ref.name)
        row = _full(named)
        # Only types are indexed (a member's references cascade to overrides and implementations). A
        # generated type may be generated again in each target, each a symbol of its own (PolySharp's
        # polyfills): the live answer says which one's references are meant.
        if row["kind"] not in TYPE_KINDS or named.generated or self.partial or not self._fresh(set(self._digests)):
            raise NotInIndex
        found = store.references_to(self.solution, row["documentation_id"])
        if found is None:
            raise NotInIndex  # the last run ended before it had written every project's
        items: dict[tuple[str, int, int], Reference] = {}
        if include_declarations:
            for place in row["locations"]:
                items[tuple(place[:3])] = Reference(Location(*place), DECLARATION, row["display"], "")
        owners = {}
        for place, kind, member, text, owner in ((r[:5], *r[5:]) for r in found):
            items.setdefault(tuple(place[:3]), Reference(Location(*place), kind, member, text))
            owners[place[0]] = owner
        ordered = sorted(items.values(), key=lambda r: (r.location.path, r.location.line, r.location.column))
        return ReferenceList(
            root=str(self.root),
            symbol=row["display"],
            documentation_id=row["documentation_id"],
            items=tuple(ordered),
            total=len(ordered),
            file_count=len({r.location.path for r in ordered}),
            kind_counts=count_kinds(ordered),
            # A declaration's file is in the index (the type is not generated); each reference has its owner.
            by_project=counted(
                owner for r in ordered if (owner := self._projects.get(r.location.path) or owners.get(r.location.path))
            ),
            note=self._note(note),
        )

    def _named(self, name: str | None) -> store.Row:
        """The one declaration ``name`` (a documentation ID, or a name qualified as far as needed) means."""
        if not name:
            raise NotInIndex  # a position needs the compiler's binding
        name = name.strip()
        if "(" in name and not (len(name) > 2 and name[1] == ":"):
            raise NotInIndex  # parameter lists are matched by the compiler
        try:
            found = store.rows_named(self.solution, name)
        except sqlite3.Error:
            raise NotInIndex from None
        if not all(self._known(row) for row in found):
            raise NotInIndex  # written again since it was opened
        found = self._live(found)
        unique = {row.documentation_id: row for row in found}
        if len(unique) != 1 or len({row.project for row in found}) > 1:
            raise NotInIndex  # unknown, ambiguous, or one name in several projects: the live answer says which
        (row,) = unique.values()
        return row

    def file_outline(self, file: str, *, note: str = NOTE) -> FileOutline:
        given = Path(file).expanduser()
        path = os.path.normpath(given if given.is_absolute() else self.root / given)
        if not self._outlines.get(path) or not self._fresh({path}):
            raise NotInIndex  # not indexed, or indexed at an exit without its outline
        items = json.loads(self._outlines[path])
        return FileOutline(str(self.root), path, tuple(_node(item) for item in items), note)


def _full(row: store.Row) -> dict[str, Any]:
    """A declaration as written: its summary, signature and places (decoded when an answer shows it)."""
    return json.loads(row.data)  # type: ignore[no-any-return]


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
