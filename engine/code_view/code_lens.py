"""``code_lens``: for each type and member of a file, how many references it has (the places
``find_references`` lists, counted without describing them), what implements or overrides it (interfaces,
abstract and virtual members, as ``find_implementations`` lists them) and how many tests reach it (as
``find_tests`` finds them). Counts are kept per snapshot, so scrolling back asks nothing again."""

from __future__ import annotations

import functools
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from ..host.interop import Operation
from ..index.member_counts import estimates
from ..queries.implementations import find_implementations
from ..queries.outline import file_outline
from ..queries.references import reference_count, reference_count_within
from ..symbols.describe import typed
from ..symbols.naming import SymbolRef, resolve
from ..testing.call_graph import unbound_documents
from ..testing.discovery import projects_under_tests, tests_reaching
from ..testing.frameworks import is_test_project
from ..views.code_view import CodeLens, CodeLenses
from ..views.outline import OutlineNode
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .lines import line_range

_LENSED = {
    "class", "record", "record struct", "struct", "interface", "enum", "delegate", "method", "constructor",
    "property", "indexer", "field", "constant", "event", "enum member",
}  # fmt: skip
"""What gets a lens: what a reader asks "who uses this?" of (not a namespace or a record's parameter)."""
_counts: weakref.WeakKeyDictionary[Snapshot, dict[str, Any]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


@query(scope="every_project")
def code_lens(
    snapshot: Snapshot,
    operation: Operation,
    file: str,
    first_line: int,
    last_line: int,
    tests: bool = True,
    seconds: float | None = None,
) -> CodeLenses:
    """The lenses of the declarations named on ``first_line``..``last_line`` (1-based, inclusive);
    ``tests=False`` leaves the tests out (they walk the call graph: a front end may ask for them after).
    Tests are counted once the call graph is whole (the warm-up builds it); until then ``tests_pending``
    says to ask again, so a lens never makes the solution's code be bound while a person reads.

    With ``seconds``, the references are looked for within that time, shared by the lenses not counted
    before (with ``0``, not at all: the counts kept and those found by earlier calls, at once): a count that would take longer is the places found by then (``1,575+``, not kept), and
    ``counting`` says to ask again without a time for the exact ones (which are kept). Until then a count
    the on-disk index estimates higher shows the estimate (``~15,755 refs``, the last run's)."""
    outline = file_outline(snapshot, operation, file)
    lines = operation.wait(snapshot.document(outline.path).GetTextAsync(operation.token)).Lines.Count
    first, last = line_range(lines, first_line, last_line, snapshot.relative(outline.path))
    under_tests = _kept(snapshot, "under-tests", lambda: projects_under_tests(snapshot))
    pending = tests and bool(under_tests) and unbound_documents(snapshot, operation, under_tests, 0) > 0
    counted = {str(p.Id.Id) for p in under_tests} if tests and not pending else None
    nodes = [
        node
        for node in _declarations(outline.items)
        if first <= node.location.line <= last and node.kind in _LENSED and node.documentation_id
    ]
    uncounted = [node.documentation_id for node in nodes if not _has(snapshot, f"{node.documentation_id}:references")]
    clock = _Clock(seconds, len(uncounted))
    estimated = estimates(snapshot, uncounted) if seconds is not None else {}
    items = tuple(_lens(snapshot, operation, node, counted, clock, estimated) for node in nodes)
    return CodeLenses(
        outline.path,
        first,
        last,
        items,
        tests_pending=pending,
        counting=any(i.more_references or i.more_implementations for i in items),
    )


class _Clock:
    """The time a call's reference counts share: each count not kept yet gets an even share of what is
    left (at least ``_LEAST_SHARE``); without a time, each runs to its end."""

    def __init__(self, seconds: float | None, uncounted: int) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.none = seconds == 0
        self.uncounted = uncounted

    def share(self) -> float | None:
        """Seconds for the next count: ``None`` to its end, ``0.0`` not at all (a call without time)."""
        if self.deadline is None:
            return None
        if self.none:
            return 0.0
        left = max(self.deadline - time.monotonic(), 0.0)
        share = max(left / max(self.uncounted, 1), _LEAST_SHARE)
        self.uncounted = max(self.uncounted - 1, 0)
        return share


_LEAST_SHARE = 0.02
"""Seconds a count gets at least, however late: a lens with a few places found says more than none."""


def _declarations(nodes: tuple[OutlineNode, ...]) -> Iterator[OutlineNode]:
    for node in nodes:
        yield node
        yield from _declarations(node.children)


def _lens(
    snapshot: Snapshot,
    operation: Operation,
    node: OutlineNode,
    under_tests: set[str] | None,
    clock: _Clock,
    estimated: dict[str, int],
) -> CodeLens:
    """The lens of one declaration, each count kept with the snapshot: scrolling back resolves nothing.
    A count still growing shows the index's ``estimated`` one while that is more."""
    ref = SymbolRef(name=node.documentation_id)
    key = node.documentation_id
    symbol = functools.cache(lambda: typed(resolve(snapshot, operation, ref)))
    more = estimate = False
    if _has(snapshot, f"{key}:references"):
        references = _kept(snapshot, f"{key}:references", lambda: 0)
    elif (share := clock.share()) is None:
        references = _kept(snapshot, f"{key}:references", lambda: reference_count(snapshot, operation, ref))
    else:
        # With no time at all, what is known: the places found by earlier calls, or the index's estimate.
        references, complete = reference_count_within(snapshot, operation, ref, share) if share else (0, False)
        more = not complete
        if complete:
            _kept(snapshot, f"{key}:references", lambda: references)
        else:
            # A later call within more time finds more (the compilations warm meanwhile), or fewer where
            # its share was smaller: a count shown never goes down.
            references = _at_least(snapshot, f"{key}:references found", references)
            if estimated.get(key, -1) > references:
                references, estimate = estimated[key], True
    implementations = None
    if clock.deadline is None or _has(snapshot, f"{key}:implementations"):
        implementations = _kept(
            snapshot,
            f"{key}:implementations",
            lambda: find_implementations(snapshot, operation, ref).total if _implementable(symbol()) else None,
        )
    more_implementations = implementations is None and clock.deadline is not None and _implementable(symbol())
    tests = None
    if under_tests is not None:
        tests = _kept(snapshot, f"{key}:tests", lambda: _tests(snapshot, operation, symbol(), under_tests))
    return CodeLens(
        node.location.line,
        node.location.column,
        node.documentation_id,
        node.name,
        references,
        implementations,
        tests,
        more_references=more,
        more_implementations=more_implementations,
        estimated=estimate,
    )


def _tests(snapshot: Snapshot, operation: Operation, symbol: Any, under_tests: set[str]) -> int | None:
    """How many tests reach ``symbol``; ``None`` when no test can (outside the projects tests reach, or in
    a test project itself)."""
    declared = next((place for place in symbol.Locations if place.IsInSource), None)
    document = snapshot.solution.GetDocument(declared.SourceTree) if declared is not None else None
    if document is None or str(document.Project.Id.Id) not in under_tests or is_test_project(document.Project):
        return None
    return len(tests_reaching(snapshot, operation, [symbol]))


def _implementable(symbol: Any) -> bool:
    """An interface, an abstract class, or a member something can implement or override."""
    if str(symbol.Kind) == "NamedType":
        return str(symbol.TypeKind) == "Interface" or (str(symbol.TypeKind) == "Class" and bool(symbol.IsAbstract))
    container = symbol.ContainingType
    if str(symbol.Kind) not in ("Method", "Property", "Event") or container is None:
        return False
    if symbol.IsSealed or (container.IsSealed and not symbol.IsAbstract):
        return False
    return str(container.TypeKind) == "Interface" or bool(symbol.IsAbstract or symbol.IsVirtual or symbol.IsOverride)


def _has(snapshot: Snapshot, key: str) -> bool:
    with _lock:
        return key in _counts.get(snapshot, {})


def _at_least(snapshot: Snapshot, key: str, found: int) -> int:
    """The most places any call on this snapshot found within its time (``found`` among them)."""
    with _lock:
        counts = _counts.setdefault(snapshot, {})
        counts[key] = most = max(counts.get(key, 0), found)
    return int(most)


def _kept(snapshot: Snapshot, key: str, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per snapshot, without holding a lock while it runs (``Snapshot.memo`` holds its
    lock while a table is built, which would make every other query wait for a lens): two lenses asked at
    once may both count, and agree."""
    with _lock:
        counts = _counts.setdefault(snapshot, {})
        if key in counts:
            return counts[key]
    value = compute()
    with _lock:
        counts[key] = value
    return value
