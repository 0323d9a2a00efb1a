"""The order the background warm-up compiles a solution in: what a user is about to need first.

The warm-up used to start every project's compilation at once. Roslyn then works on all of them
together, so a query about one project waited about as long as the whole solution took. Now the
projects of the files a user opened (and what they reference) come first, every project after the
ones it references, a few at a time: a query starts what it needs itself and shares the cores with
those few, not with every project. (Standing aside altogether while a query runs made the queries
that compile every project one by one slower.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...errors import InvalidArgument
from ...host.interop import Operation
from ..snapshot import Snapshot

WINDOW = 3
"""Compilations in flight at once. 25 projects on two cores took 1.06-1.16 s three at a time (two or
four alike) and 1.06-1.15 s all at once: nothing is lost in total."""


def warm_order(snapshot: Snapshot, preferred: Iterable[str]) -> list[Any]:
    """The navigated projects in the order to compile them: those of the ``preferred`` files and their
    dependencies first, then the rest, each after the projects it references."""
    graph = snapshot.solution.GetProjectDependencyGraph()
    position = {str(key.Id): index for index, key in enumerate(graph.GetTopologicallySortedProjects())}
    first: set[str] = set()
    for path in preferred:
        try:
            documents = snapshot.documents_for_path(path)
        except InvalidArgument:  # not a usable path: nothing to prefer
            continue
        for document in documents:
            project_id = document.Project.Id
            first.add(str(project_id.Id))
            first.update(str(key.Id) for key in graph.GetProjectsThatThisProjectTransitivelyDependsOn(project_id))

    def rank(project: Any) -> tuple[bool, int]:
        key = str(project.Id.Id)
        return key not in first, position.get(key, len(position))

    return sorted(snapshot.projects, key=rank)


def compile_ahead(snapshot: Snapshot, operation: Operation, preferred: Callable[[], list[str]]) -> None:
    """Build every navigated project's compilation, ``WINDOW`` at a time in ``warm_order`` (asked again
    before each start, so a file opened meanwhile moves its projects up)."""
    left = {str(project.Id.Id) for project in snapshot.projects}
    in_flight: list[Any] = []
    wanted: list[str] | None = None
    order: list[Any] = []
    while left or in_flight:
        if left and len(in_flight) < WINDOW:
            now = preferred()
            if now != wanted:
                wanted, order = now, warm_order(snapshot, now)
            project = next(p for p in order if str(p.Id.Id) in left)
            left.discard(str(project.Id.Id))
            in_flight.append(project.GetCompilationAsync(operation.token))
            continue
        # The first started is the first needed by the later ones (they reference it).
        operation.wait(in_flight.pop(0))
