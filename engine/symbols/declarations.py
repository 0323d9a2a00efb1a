"""The table of every type and member declared in the solution's source, built once per snapshot."""

from __future__ import annotations

import json
import threading
import weakref
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..host.interop import Operation
from ..models import SymbolSummary
from ..workspace.snapshot import DECLARATIONS_MEMO, Snapshot, display_name
from ..workspace.warmup.compile_order import WINDOW, warm_order
from .describe import compilation, kind_word, symbols_at, typed
from .matching import NameSet, text_may_declare
from .summaries import described

# Accessors, backing fields and the like are reached through their property or event.


@dataclass(frozen=True)
class Declaration:
    name: str
    symbol: Any
    project: str


class Declarations:
    """The source declarations of every project, in project order: names at hand for ranking, symbols
    and their summaries fetched only for the ones a query keeps (and kept with the project's table)."""

    def __init__(self, snapshot: Snapshot, tables: list[tuple[Any, _Table]]) -> None:
        self._snapshot = snapshot
        self._tables = tables
        self.names = NameSet.joined([table.name_set() for _, table in tables])
        """The simple name of each declaration."""
        self.projects: list[str] = [table.project for _, table in tables for _ in table.names]
        """The project of each declaration."""
        self._by_name: dict[str, list[int]] | None = None
        self._by_pair: dict[tuple[str, str], list[int]] = {}
        self._starts = []
        start = 0
        for _, table in tables:
            self._starts.append(start)
            start += len(table.names)

    def __len__(self) -> int:
        return len(self.names)

    @property
    def walked(self) -> list[str]:
        """The projects whose declarations these are (with a search's ``naming``, those that may hold it)."""
        return [table.project for _, table in self._tables]

    def named(self, name: str, container: str | None = None) -> list[int]:
        """The declarations whose simple name is ``name`` (exactly; a constructor goes by its type's
        name), and, given ``container``, whose containing type or namespace has that name: a table
        lookup, built on first use, where a walk of each project costs tens of ms."""
        if self._by_name is None:
            by_name: dict[str, list[int]] = {}
            by_pair: dict[tuple[str, str], list[int]] = {}
            containers = [c for _, table in self._tables for c in table.containers]
            for index, each in enumerate(self.names.names):
                by_name.setdefault(each, []).append(index)
                if containers:
                    by_pair.setdefault((containers[index], each), []).append(index)
            self._by_name, self._by_pair = by_name, by_pair
        if container is None or not self._by_pair:
            return self._by_name.get(name, [])
        return self._by_pair.get((container, name), [])

    def symbol(self, index: int, operation: Operation) -> Any:
        which = bisect_right(self._starts, index) - 1
        return self._current(which, operation).symbols[index - self._starts[which]]

    def summaries(self, indexes: list[int], operation: Operation) -> list[SymbolSummary]:
        """The summaries of the declarations at ``indexes``: described once per table, in one call for
        those not described yet."""
        found: dict[int, SymbolSummary] = {}
        for which, among in self._by_table(indexes).items():
            operation.check()
            table = self._current(which, operation)
            start = self._starts[which]
            table.describe([index - start for index in among])
            found.update((index, table.summaries[index - start]) for index in among)
        return [found[index] for index in indexes]

    def keys(self, indexes: list[int], operation: Operation) -> list[tuple[str, str]]:
        """The kind word and documentation id of the declarations at ``indexes``: what a search needs of
        every match to count them, cheaper than their summaries (kept per table like them)."""
        found: dict[int, tuple[str, str]] = {}
        for which, among in self._by_table(indexes).items():
            operation.check()
            table = self._current(which, operation, exact=False)
            start = self._starts[which]
            found.update(zip(among, table.keys_of([index - start for index in among]), strict=True))
        return [found[index] for index in indexes]

    def _by_table(self, indexes: list[int]) -> dict[int, list[int]]:
        """``indexes`` grouped by the table (project) they fall in."""
        grouped: dict[int, list[int]] = {}
        for index in indexes:
            grouped.setdefault(bisect_right(self._starts, index) - 1, []).append(index)
        return grouped

    def remember(self, summaries: list[SymbolSummary], operation: Operation) -> None:
        """Keep summaries made elsewhere for every declaration (in the order of ``all``)."""
        for which, start in enumerate(self._starts):
            table = self._current(which, operation)
            table.summaries.update(enumerate(summaries[start : start + len(table.names)]))

    def by_project(
        self, operation: Operation, later: frozenset[str] | set[str] = frozenset()
    ) -> Iterator[tuple[int, Any, list[Declaration]]]:
        """Each project's table (its number, the project, its declarations), in project order, the
        projects named in ``later`` last."""
        order = sorted(range(len(self._tables)), key=lambda which: self._tables[which][1].project in later)
        for which in order:
            project, _ = self._tables[which]
            table = self._current(which, operation)
            yield (
                which,
                project,
                [Declaration(n, s, table.project) for n, s in zip(table.names, table.symbols, strict=True)],
            )

    def remember_table(self, which: int, summaries: list[SymbolSummary], operation: Operation) -> None:
        """Keep summaries made elsewhere for table ``which``'s declarations (in its order)."""
        self._current(which, operation).summaries.update(enumerate(summaries))

    def all(self, operation: Operation) -> list[Declaration]:
        """Every declaration with its symbol (projects walked again where their compilation is newer)."""
        found: list[Declaration] = []
        for which in range(len(self._tables)):
            table = self._current(which, operation)
            found.extend(Declaration(n, s, table.project) for n, s in zip(table.names, table.symbols, strict=True))
        return found

    def _current(self, which: int, operation: Operation, exact: bool = True) -> _Table:
        """The table of project ``which`` with symbols of its compilation in this snapshot (``exact``
        false: a table walked alone will do, for names, kinds and counts)."""
        project, table = self._tables[which]
        if table.alone:
            if exact and not table.linked:
                table = self._replaced(which, _linked(self._snapshot, project, table, operation))
            return table
        compiled = compilation(self._snapshot, project, operation)
        if table.of(compiled):
            return table
        return self._replaced(which, _walked(self._snapshot, project, compiled, operation))

    def _replaced(self, which: int, fresh: _Table) -> _Table:
        """``fresh``, the same declarations walked again, in place of table ``which``."""
        project, table = self._tables[which]
        if fresh.names != table.names:  # cannot happen while its documents are the same; be exact anyway
            raise RuntimeError(f"the declarations of {table.project} changed under a query; run it again")
        fresh.names_ranked = table.names_ranked
        self._tables[which] = (project, fresh)
        return fresh


@dataclass
class _Table:
    project: str
    own_version: str
    """The project's version and its documents' latest: the same while none of its files changed."""
    compilation: Any
    names: list[str]
    symbols: Any
    containers: list[str] = field(default_factory=list)
    """The name of each declaration's containing type or namespace."""
    summaries: dict[int, SymbolSummary] = field(default_factory=dict)
    """Index -> summary of the declarations described so far (the same while the compilation is)."""
    keys: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Index -> kind word and documentation id, for declarations not described."""
    names_ranked: NameSet | None = None
    alone: bool = False
    """Walked from the project's own files alone (``_walked_alone``): its symbols name and count, but
    a type a signature takes from a referenced project is an error type there..."""
    linked: bool = False
    """... unless walked again with its references' declarations (``_linked``): then they describe."""

    def of(self, compiled: Any) -> bool:
        from System import Object  # type: ignore[import-not-found]

        return bool(Object.ReferenceEquals(self.compilation, compiled))

    def name_set(self) -> NameSet:
        with _tables_lock:
            if self.names_ranked is None:
                self.names_ranked = NameSet.of(self.names)
            return self.names_ranked

    def keys_of(self, indexes: list[int]) -> list[tuple[str, str]]:
        from ..native import helpers

        with _tables_lock:
            missing = [i for i in indexes if i not in self.keys and i not in self.summaries]
        if missing:
            rows = json.loads(str(helpers().Summaries.Keys(symbols_at(self.symbols, missing))))
            with _tables_lock:
                self.keys.update((i, (kind_word(*row[:7]), row[7])) for i, row in zip(missing, rows, strict=True))
        with _tables_lock:
            return [
                (summary.kind, summary.documentation_id) if (summary := self.summaries.get(i)) else self.keys[i]
                for i in indexes
            ]

    def describe(self, indexes: list[int]) -> None:
        with _tables_lock:
            missing = [index for index in indexes if index not in self.summaries]
        if not missing:
            return
        facts = described(symbols_at(self.symbols, missing), with_signature=False)
        with _tables_lock:
            self.summaries.update((index, summary) for index, (summary, _, _) in zip(missing, facts, strict=True))


"""The snapshot memo of ``source_declarations``: until it is there, a search waits for every compilation."""


def source_declarations(snapshot: Snapshot, operation: Operation, naming: str | None = None) -> Declarations:
    """Every named type and member declared in source, in the navigated target of each project.

    A project none of whose files changed since a table was made keeps its names without being
    compiled again (after an edit elsewhere, its compilation is rebuilt only when a symbol of it is
    needed): a saved edit is searchable at once.

    ``naming``: the caller wants only the declarations whose name matches this search text. In a
    syntax-only view (a first start, before MSBuild has loaded) the projects none of whose files holds
    the text are left out, and the others are walked each alone (``_walked_alone``): a first search
    parses a few projects instead of every one.
    """
    texts = snapshot.source_texts
    if naming is not None and texts is not None and not snapshot.has_memo(DECLARATIONS_MEMO):
        test = text_may_declare(naming)
        alone = _walked_alone(
            snapshot, [p for p in snapshot.projects if texts.may_declare(p, test, operation)], operation
        )
        return Declarations(snapshot, alone)
    return snapshot.memo(DECLARATIONS_MEMO, lambda: _declarations(snapshot, operation))


_tables: dict[str, _Table] = {}
"""Project id -> its latest table."""
_view_tables: weakref.WeakKeyDictionary[Snapshot, dict[str, _Table]] = weakref.WeakKeyDictionary()
"""A syntax view's tables, kept with its snapshot: they go when the view does."""
_tables_lock = threading.Lock()


def _store(snapshot: Snapshot) -> dict[str, _Table]:
    """Where the tables of ``snapshot``'s projects are kept: for the live solution, the process's (a
    project's table outlives its snapshot while none of its files changes); for a syntax view, the
    view's own, so that its compilations are let go with it."""
    if snapshot.source_texts is None:
        return _tables
    with _tables_lock:
        return _view_tables.setdefault(snapshot, {})


def _declarations(snapshot: Snapshot, operation: Operation) -> Declarations:
    known: list[tuple[Any, _Table | None]] = []
    store = _store(snapshot)
    for project in snapshot.projects:
        with _tables_lock:
            cached = store.get(str(project.Id.Id))
        # A project's version asks for every document's text: only worth it to reuse a table.
        if cached is not None and cached.own_version != _own_version(project, operation):
            cached = None
        known.append((project, cached))
    walked = _walked_together(snapshot, [project for project, cached in known if cached is None], operation)
    return Declarations(snapshot, [(project, cached or walked[str(project.Id.Id)]) for project, cached in known])


def _walked_alone(snapshot: Snapshot, projects: list[Any], operation: Operation) -> list[tuple[Any, _Table]]:
    """The tables of a syntax view's ``projects``, each made from its own files alone (its table when it has
    one). Their symbols give names, kinds and documentation ids to rank and count; a declaration shown is
    described from the project's real compilation (``Declarations._current``)."""
    from ..native import helpers

    native = helpers()
    from Microsoft.CodeAnalysis import Project  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    known: dict[str, _Table] = {}
    store = _store(snapshot)  # the view's own: its snapshot never changes, so a table kept there holds
    for project in projects:
        with _tables_lock:
            cached = store.get(str(project.Id.Id))
        if cached is not None:
            known[str(project.Id.Id)] = cached
    missing = [project for project in projects if str(project.Id.Id) not in known]
    walking = native.DeclarationTable.WalkAlone(Array[Project](missing), operation.token)
    for project, task in zip(missing, walking, strict=True):
        walked = operation.wait(task)
        table = _stored(store, project, _own_version(project, operation), walked.Compilation, walked, alone=True)
        if walked.Unresolved:  # an explicit implementation is named by its interface: walked with references
            table = _linked(snapshot, project, table, operation)
        known[str(project.Id.Id)] = table
    return [(project, known[str(project.Id.Id)]) for project in projects]


def _linked(snapshot: Snapshot, project: Any, table: _Table, operation: Operation) -> _Table:
    """``table``, walked alone, walked again with the projects it references (each alone) as references:
    its symbols then resolve the types their signatures name as the real compilation does, and an
    explicit implementation of an interface of theirs has its real name, at the cost of parsing the
    referenced projects, not everything under them."""
    from Microsoft.CodeAnalysis import Compilation  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    from ..native import helpers

    native = helpers()
    referenced = [snapshot.solution.GetProject(reference.ProjectId) for reference in project.ProjectReferences]
    tables = _walked_alone(snapshot, [each for each in referenced if each is not None], operation)
    compilations = Array[Compilation]([each.compilation for _, each in tables])
    walked = native.DeclarationTable.WalkLinked(table.compilation, compilations, operation.token)
    return _stored(_store(snapshot), project, table.own_version, walked.Compilation, walked, alone=True, linked=True)


def _own_version(project: Any, operation: Operation) -> str:
    """The project's version and its documents' latest: the same while none of its files changed."""
    return f"{project.Version}|{operation.wait(project.GetLatestDocumentVersionAsync(operation.token))}"


def _walked_together(snapshot: Snapshot, projects: list[Any], operation: Operation) -> dict[str, _Table]:
    """The tables of ``projects``. Together rather than one by one: the warm-up builds only a few
    compilations at a time; each project is walked as soon as its compilation is built, while the ones
    after it compile."""
    from ..native import helpers

    native = helpers()
    from Microsoft.CodeAnalysis import Project  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    wanted = {str(project.Id.Id) for project in projects}
    ordered = [project for project in warm_order(snapshot, ()) if str(project.Id.Id) in wanted]
    walking = native.DeclarationTable.WalkInOrder(Array[Project](ordered), WINDOW, operation.token)
    found = {}
    for project, task in zip(ordered, walking, strict=True):
        table = operation.wait(task)
        compiled = snapshot.keep(project, table.Compilation)
        fresh = _stored(_store(snapshot), project, _own_version(project, operation), compiled, table)
        fresh.name_set()  # made while the projects after it compile
        found[str(project.Id.Id)] = fresh
    return found


def _walked(snapshot: Snapshot, project: Any, compiled: Any, operation: Operation) -> _Table:
    from ..native import helpers

    walked = helpers().DeclarationTable.Walk(compiled, operation.token)
    return _stored(_store(snapshot), project, _own_version(project, operation), compiled, walked)


def _stored(
    store: dict[str, _Table],
    project: Any,
    own: str,
    compiled: Any,
    table: Any,
    alone: bool = False,
    linked: bool = False,
) -> _Table:
    """A table from the C# helper's walk, kept in ``store`` as the project's latest."""
    joined = str(table.Names)
    names = joined.split("\n") if joined else []
    containers = str(table.Containers).split("\n") if joined else []
    fresh = _Table(display_name(project), own, compiled, names, table.Symbols, containers, alone=alone, linked=linked)
    return _kept(store, project, fresh)


def _kept(store: dict[str, _Table], project: Any, fresh: _Table) -> _Table:
    with _tables_lock:
        store[str(project.Id.Id)] = fresh
    return fresh


def metadata_types(snapshot: Snapshot, operation: Operation) -> list[Declaration]:
    """Public types of the referenced assemblies (of the first project), for searches that ask."""

    def walk() -> list[Declaration]:
        if not snapshot.projects:
            return []
        found = []
        stack = [compilation(snapshot, snapshot.projects[0], operation).GlobalNamespace]
        while stack:
            operation.check()
            namespace = typed(stack.pop())
            stack.extend(namespace.GetNamespaceMembers())
            for named in namespace.GetTypeMembers():
                if str(named.DeclaredAccessibility) == "Public" and not named.Locations[0].IsInSource:
                    found.append(Declaration(str(named.Name), named, str(named.ContainingAssembly.Name)))
        return found

    return snapshot.memo("metadata_types", walk)
