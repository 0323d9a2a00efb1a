"""Who calls whom in the solution's own code, kept per document so that ``find_tests`` is a walk of a
graph, not a search of the solution per member.

Walking from a member out to the tests that reach it asks, level after level, who calls each member
found: thousands of members for a hot one, each a search that binds every file naming it (a minute at
25 projects). Binding each file once and keeping its edges (caller -> the member a call binds to)
makes every later walk milliseconds. A file's edges are kept while its text and the declarations it
can see (its project's dependent semantic version) are the same, so after an edit only the edited
file, or after a change of signatures the projects that see it, are bound again.

A call reaches a member when it binds to it, to a member it overrides, or to an interface member it
implements (virtual and interface dispatch): each member carries those IDs as its aliases. A call in
a lambda or a local function belongs to the member around it.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..host.interop import Operation
from ..native import helpers
from ..symbols.describe import display_format, documentation_id, normalize, typed
from ..workspace.snapshot import Snapshot

_KEPT_DOCUMENTS = 20_000


@dataclass(frozen=True)
class Member:
    display: str
    framework: str
    """``xUnit``, ``NUnit``, ``MSTest`` for a test method, else empty."""
    aliases: frozenset[str]
    """What a call may bind to and still reach it (itself, what it overrides or implements)."""


@dataclass(frozen=True)
class DocumentCalls:
    edges: tuple[tuple[str, str], ...]
    """(caller ID, called member ID)."""
    members: tuple[tuple[str, Member], ...]


@dataclass(frozen=True)
class CallGraph:
    callers: dict[str, frozenset[str]]
    """Called member ID -> the IDs of the members that call it."""
    members: dict[str, Member]

    def callers_of(self, aliases: frozenset[str]) -> set[str]:
        found: set[str] = set()
        for alias in aliases:
            found |= self.callers.get(alias, frozenset())
        return found


_lock = threading.Lock()
_graphs: weakref.WeakKeyDictionary[Snapshot, dict[str, CallGraph]] = weakref.WeakKeyDictionary()
"""The whole graph per snapshot (and set of projects), while the snapshot lives."""
_kept: OrderedDict[tuple[str, str], tuple[tuple[str, str], DocumentCalls]] = OrderedDict()


def call_graph(
    snapshot: Snapshot, operation: Operation, projects: list[Any], between: Callable[[], None] | None = None
) -> CallGraph:
    """The graph of ``projects``' code in this snapshot, each document bound only when it changed
    (kept with the snapshot once whole, so the next walk on it only reads it).

    Args:
        between: called after each document bound (the warm-up yields to queries there).
    """
    key = ",".join(sorted(str(p.Id.Id) for p in projects))
    with _lock:
        kept = _graphs.setdefault(snapshot, {}).get(key)
    if kept is None:
        kept = _built(projects, operation, between)
        with _lock:
            _graphs[snapshot][key] = kept
    return kept


def unbound_documents(snapshot: Snapshot, operation: Operation, projects: list[Any], most: int) -> int:
    """How many documents of ``projects`` the graph would have to bind now (none once it is kept), counted
    up to ``most`` + 1: what a caller that must answer quickly asks before it waits for a first graph
    (the warm-up builds it)."""
    key = ",".join(sorted(str(p.Id.Id) for p in projects))
    with _lock:
        if key in _graphs.get(snapshot, {}):
            return 0
    unbound = 0
    for project in projects:
        seen_version = str(operation.wait(project.GetDependentSemanticVersionAsync(operation.token)))
        for document in project.Documents:
            version = (str(operation.wait(document.GetTextVersionAsync(operation.token))), seen_version)
            if _document_calls(document, version) is None:
                unbound += 1
                if unbound > most:
                    return unbound
    return unbound


def _built(projects: list[Any], operation: Operation, between: Callable[[], None] | None) -> CallGraph:
    edges: dict[str, set[str]] = {}
    members: dict[str, Member] = {}
    for project in projects:
        seen_version = str(operation.wait(project.GetDependentSemanticVersionAsync(operation.token)))
        for document in project.Documents:
            operation.check()
            version = (str(operation.wait(document.GetTextVersionAsync(operation.token))), seen_version)
            calls = _document_calls(document, version)
            if calls is None:
                calls = scan(document, operation)
                _keep(document, version, calls)
                if between is not None:
                    between()
            for caller, called in calls.edges:
                edges.setdefault(called, set()).add(caller)
            members.update(calls.members)
    return CallGraph({key: frozenset(value) for key, value in edges.items()}, members)


def aliases(symbol: Any) -> frozenset[str]:
    """The IDs a call may bind to and still reach ``symbol``: itself, what it overrides, and the
    interface members it implements."""
    found = {documentation_id(symbol)}
    current = symbol
    for _ in range(50):
        overridden = getattr(current, "OverriddenMethod", None) or getattr(current, "OverriddenProperty", None)
        overridden = overridden or getattr(current, "OverriddenEvent", None)
        if overridden is None:
            break
        current = typed(normalize(overridden))
        found.add(documentation_id(current))
    owner = symbol.ContainingType
    if owner is not None and str(symbol.Kind) != "NamedType":
        for interface in owner.AllInterfaces:
            for member in interface.GetMembers(str(symbol.Name).rsplit(".", 1)[-1]):
                implementation = owner.FindImplementationForInterfaceMember(member)
                if implementation is not None and documentation_id(normalize(implementation)) in found:
                    found.add(documentation_id(normalize(member)))
    return frozenset(key for key in found if key)


def scan(document: Any, operation: Operation) -> DocumentCalls:
    """Bind one document's names: every call, property use, creation and constructor chaining (in one
    call to the C# helper: a document has a thousand names to bind)."""
    native = helpers()
    rows = json.loads(str(operation.wait(native.CallEdges.ScanAsync(document, display_format(), operation.token))))
    edges_found = tuple(sorted((str(caller), str(called)) for caller, called in rows[0]))
    described = tuple(
        (str(key), Member(str(shown), str(framework), frozenset(str(a) for a in aliases_of)))
        for key, shown, framework, aliases_of in rows[1]
    )
    return DocumentCalls(edges_found, described)


def _key(document: Any) -> tuple[str, str]:
    return (str(document.Project.Id.Id), str(document.FilePath or document.Name))


def _document_calls(document: Any, version: tuple[str, str]) -> DocumentCalls | None:
    """The document's calls kept for this (text version, dependent semantic version), if any."""
    with _lock:
        entry = _kept.get(_key(document))
        if entry is None or entry[0] != version:
            return None
        _kept.move_to_end(_key(document))
        return entry[1]


def _keep(document: Any, version: tuple[str, str], calls: DocumentCalls) -> None:
    with _lock:
        _kept[_key(document)] = (version, calls)
        _kept.move_to_end(_key(document))
        while len(_kept) > _KEPT_DOCUMENTS:
            _kept.popitem(last=False)
