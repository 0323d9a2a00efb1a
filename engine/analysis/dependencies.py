"""``dependency_graph``: which projects reference which, or which namespaces use which, with cycles.

Projects: their project references (every target merged). Namespaces: a namespace depends on another
when a name in its code binds to a type or member of the solution declared in the other (the compiler
binds each name; a ``using`` alone is no dependency; generated code is left out on both ends). A cycle is a set of nodes each reachable from the
others (a strongly connected component), shown as its shortest walk through its first node.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import Location, is_generated
from ..native import helpers
from ..symbols.declarations import source_declarations
from ..views.dependencies import Cycle, Dependency, DependencyGraph
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .scope import scope_of

LEVELS = ("project", "namespace")


@query(scope="every_project")
def dependency_graph(
    snapshot: Snapshot, operation: Operation, level: str = "project", project: str | None = None
) -> DependencyGraph:
    """The graph at ``level`` (``project`` or ``namespace``); with ``project``, only the namespaces
    that project's code uses (namespace level)."""
    wanted = level.strip().lower()
    if wanted not in LEVELS:
        raise InvalidArgument(f"'{level}' is not a level.", f"Use one of: {', '.join(LEVELS)}.")
    if wanted == "project":
        edges = _project_edges(snapshot)
    else:
        edges = _namespace_edges(snapshot, scope_of(snapshot, None, project).projects, operation)
    nodes = sorted({edge.source for edge in edges} | {edge.target for edge in edges} | _lonely(snapshot, wanted))
    cycles = _cycles(nodes, edges)
    cyclic = {node: number for number, cycle in enumerate(cycles) for node in cycle.members}
    marked = [
        Dependency(
            e.source, e.target, e.uses, e.location, e.source in cyclic and cyclic[e.source] == cyclic.get(e.target)
        )
        for e in sorted(edges, key=lambda e: (e.source, e.target))
    ]
    return DependencyGraph(str(snapshot.root), wanted, tuple(nodes), tuple(marked), cycles)


def _lonely(snapshot: Snapshot, level: str) -> set[str]:
    """Nodes with no edge that the graph still shows: every project."""
    return {display_name(p) for p in snapshot.projects} if level == "project" else set()


def _project_edges(snapshot: Snapshot) -> list[Dependency]:
    edges = set()
    for project in snapshot.all_projects:
        for reference in project.ProjectReferences:
            target = snapshot.solution.GetProject(reference.ProjectId)
            if target is not None:
                edges.add((_base_name(project), _base_name(target)))
    return [Dependency(source, target) for source, target in edges if source != target]


def _base_name(project: Any) -> str:
    """A project once for all its targets: ``Shop.Multi``, not ``Shop.Multi(net10.0)``."""
    return str(project.Name).split("(")[0]


def _namespace_edges(snapshot: Snapshot, projects: tuple[Any, ...], operation: Operation) -> list[Dependency]:
    names = sorted(set(source_declarations(snapshot, operation).names.names))
    assemblies = sorted({str(p.AssemblyName) for p in snapshot.projects})
    from System import Array, String  # type: ignore[import-not-found]

    native = helpers()
    # Made once: some 20,000 names at 25 projects, each crossing into .NET.
    declared, ours = Array[String](names), Array[String](assemblies)
    merged: dict[tuple[str, str], list[Any]] = {}
    for project in projects:
        compiled = snapshot.compilation(project, operation)
        generated = sorted(str(tree.FilePath) for tree in compiled.SyntaxTrees if is_generated(str(tree.FilePath)))
        collected = native.NamespaceEdges.Collect(compiled, declared, ours, Array[String](generated), operation.token)
        rows = json.loads(str(collected))
        for source, target, uses, path, line, column in rows:
            known = merged.get((source, target))
            if known is None:
                merged[(source, target)] = [uses, Location(path, line, column, line, column)]
            else:
                known[0] += uses
    return [Dependency(source, target, uses, example) for (source, target), (uses, example) in merged.items()]


def _cycles(nodes: list[str], edges: list[Dependency]) -> tuple[Cycle, ...]:
    """Each strongly connected component of more than one node, with a shortest walk through its first node."""
    successors: dict[str, list[str]] = {node: [] for node in nodes}
    for edge in edges:
        successors[edge.source].append(edge.target)
    found = []
    for component in strongly_connected_components(nodes, successors):
        if len(component) < 2:
            continue
        ordered = sorted(component)
        found.append(Cycle(tuple(_shortest_cycle(ordered[0], successors, set(component))), tuple(ordered)))
    return tuple(found)


def strongly_connected_components(nodes: list[str], successors: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (a long chain must not hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(successors[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pending = work[-1]
            advanced = False
            for successor in pending:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(successors[successor])))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found


def _shortest_cycle(start: str, successors: dict[str, list[str]], within: set[str]) -> list[str]:
    """The nodes of a shortest walk from ``start`` back to it, inside ``within``."""
    previous: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for successor in sorted(successors[node]):
            if successor not in within:
                continue
            if successor == start:
                walk = [node]
                while walk[-1] != start:
                    walk.append(previous[walk[-1]])
                return list(reversed(walk))
            if successor not in previous:
                previous[successor] = node
                queue.append(successor)
    return [start]
