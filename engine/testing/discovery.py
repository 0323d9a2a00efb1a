"""``find_tests``: the test methods that reach a symbol through the call graph, nearest first.

The walk goes from the symbol to its callers, level by level, over the solution's call graph
(``engine.testing.call_graph``): a call through an interface member or a base member reaches the
implementations and overrides, so a test that calls ``IPriceRule.Apply`` reaches ``PercentOff.Apply``.
A call inside a lambda or a local function counts for the member around it. A test method ends a path;
everything else is followed up to ``depth`` calls. Only the projects a path from a test can run in are
searched: those that depend on the symbol's own and that a test project is or depends on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display, documentation_id, typed
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize
from ..views.tests import TestReach, TestsReaching
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .call_graph import aliases, call_graph
from .frameworks import is_test_project, test_framework

_MEMBER_KINDS = {"Method", "Property", "Event", "Field"}


@query(scope="every_project")
def find_tests(
    snapshot: Snapshot,
    operation: Operation,
    ref: SymbolRef,
    depth: int = 6,
) -> TestsReaching:
    """Every test that reaches the symbol within ``depth`` calls, nearest first (then by name)."""
    if depth < 1 or depth > 20:
        raise InvalidArgument(f"A depth of {depth} is out of range.", "Give a depth from 1 to 20.")
    symbol = typed(resolve(snapshot, operation, ref))
    walk = _Walk(snapshot, operation)
    seeds = walk.seeds(symbol)
    found, reached = walk.run(seeds, depth)
    items = sorted(found.values(), key=lambda item: (item.depth, item.test.qualified_name))
    projects = Counter(walk.project_of.get(item.test.documentation_id, "") for item in items)
    return TestsReaching(
        str(snapshot.root),
        summarize(symbol),
        tuple(items),
        len(items),
        depth,
        reached,
        tuple(sorted(((name, count) for name, count in projects.items() if name), key=lambda p: (-p[1], p[0]))),
    )


def tests_reaching(snapshot: Snapshot, operation: Operation, symbols: list[Any], depth: int = 6) -> list[TestReach]:
    """The tests that reach any of ``symbols`` (members or types), nearest first; a symbol that is a test
    is one, at depth 0."""
    walk = _Walk(snapshot, operation)
    seeds = [
        seed for symbol in symbols if str(symbol.Kind) in _MEMBER_KINDS | {"NamedType"} for seed in walk.seeds(symbol)
    ]
    found, _ = walk.run(seeds, depth)
    return sorted(found.values(), key=lambda item: (item.depth, item.test.qualified_name))


class _Walk:
    def __init__(self, snapshot: Snapshot, operation: Operation) -> None:
        self.snapshot = snapshot
        self.operation = operation
        self.project_of: dict[str, str] = {}

    def seeds(self, symbol: Any) -> list[Any]:
        """What calls to look for: the member itself, or every member of a type (a test that creates
        or uses the type reaches it)."""
        kind = str(symbol.Kind)
        if kind in _MEMBER_KINDS:
            return [symbol]
        if kind == "NamedType":
            members = [typed(m) for m in symbol.GetMembers() if not m.IsImplicitlyDeclared or str(m.Kind) == "Method"]
            return [m for m in members if str(m.Kind) in _MEMBER_KINDS and _in_source(m)] or [symbol]
        raise InvalidArgument(
            f"{display(symbol)} is a {kind.lower()}: only members and types are called by tests.",
            "Name a method, property, constructor or type.",
        )

    def run(self, seeds: list[Any], depth: int) -> tuple[dict[str, TestReach], bool]:
        found: dict[str, TestReach] = {}
        seen: set[str] = set()
        frontier: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        for seed in seeds:
            key = documentation_id(seed)
            seen.add(key)
            framework = test_framework(seed)
            if framework:
                self._record(found, key, framework, (display(seed),), 0)
            else:
                frontier[key] = (aliases(seed), (display(seed),))
        projects = self._searched_projects(seeds)
        graph = call_graph(self.snapshot, self.operation, projects) if projects else None
        level = 0
        while graph is not None and frontier and level < depth:
            level += 1
            following: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
            for _, (reached_by, path) in sorted(frontier.items()):
                for caller in sorted(graph.callers_of(reached_by)):
                    if caller in seen:
                        continue
                    seen.add(caller)
                    member = graph.members.get(caller)
                    if member is None:
                        continue  # a field initializer's or a generated member's call
                    steps = (member.display, *path)
                    if member.framework:
                        self._record(found, caller, member.framework, steps, level)
                    else:
                        following[caller] = (member.aliases, steps)
            frontier = following
        return found, bool(frontier) and level >= depth

    def _searched_projects(self, seeds: list[Any]) -> list[Any]:
        """Where a path from a test can run: the projects that depend on the seeds' own and that a
        test project is or depends on. None when the solution has no test project."""
        graph = self.snapshot.solution.GetProjectDependencyGraph()
        under_tests = {str(p.Id.Id) for p in projects_under_tests(self.snapshot)}
        if not under_tests:
            return []
        homes = {d.Project.Id for s in seeds for d in self._documents_of(s)}
        above = {str(h.Id) for h in homes}
        for home in homes:
            above |= {str(i.Id) for i in graph.GetProjectsThatTransitivelyDependOnThisProject(home)}
        return [p for p in self.snapshot.projects if str(p.Id.Id) in under_tests and str(p.Id.Id) in above]

    def _documents_of(self, symbol: Any) -> list[Any]:
        found = []
        for location in symbol.Locations:
            if location.IsInSource and location.SourceTree is not None:
                found += self.snapshot.documents_for_path(str(location.SourceTree.FilePath))
        return found

    def _record(self, found: dict[str, TestReach], key: str, framework: str, path: tuple[str, ...], depth: int) -> None:
        test = typed(resolve(self.snapshot, self.operation, SymbolRef(name=key)))
        summary = summarize(test)
        found.setdefault(key, TestReach(summary, framework, path, depth))
        assembly = test.ContainingAssembly
        self.project_of[key] = str(assembly.Name) if assembly is not None else ""


def projects_under_tests(snapshot: Snapshot) -> list[Any]:
    """The test projects and every project they depend on: where a test's calls can go."""
    graph = snapshot.solution.GetProjectDependencyGraph()
    tests = [p for p in snapshot.projects if is_test_project(p)]
    wanted = {str(p.Id.Id) for p in tests}
    for project in tests:
        wanted |= {str(i.Id) for i in graph.GetProjectsThatThisProjectTransitivelyDependsOn(project.Id)}
    return [p for p in snapshot.projects if str(p.Id.Id) in wanted]


def warm_call_graph(snapshot: Snapshot, operation: Operation, between: Any) -> None:
    """Bind the code tests can reach ahead of the first ``find_tests`` (nothing without a test project)."""
    projects = projects_under_tests(snapshot)
    if projects:
        call_graph(snapshot, operation, projects, between)


def _in_source(symbol: Any) -> bool:
    return any(location.IsInSource for location in symbol.Locations)
