"""``coverage(symbol | file | project)``: the last run's coverage by member and type, held to the source as
Roslyn reads it. Each coverable line belongs to the innermost member declared around it (a lambda's or a
local function's lines to the member that holds them, an accessor's to its property); lines outside any
member (field initializers, a record's parameters) to the type's one constructor when it declares one
(they run in it, as the collector reports), else to the type. Test projects' own code is left out of a
solution's or project's answer."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...errors import EngineError, InvalidArgument
from ...host.interop import Operation
from ...queries.outline import file_outline
from ...symbols.describe import typed
from ...symbols.naming import SymbolRef, resolve
from ...symbols.summaries import summarize
from ...testing.discovery import tests_reaching
from ...testing.frameworks import is_test_project
from ...views.coverage import CoverageReport, MemberCoverage
from ...views.outline import OutlineNode
from ...workspace.declared import query
from ...workspace.snapshot import Snapshot, display_name
from .cobertura import FileLines
from .kept import Coverage, KeptCoverage

TYPE_KINDS = {"class", "record", "struct", "record struct", "interface", "enum", "delegate"}
NO_CODE = {"namespace", "field", "constant", "enum member", "parameter"}
"""Outline kinds whose lines are their container's (a field's initializer runs in the constructor)."""


@dataclass(frozen=True)
class _Owner:
    node: OutlineNode
    types: tuple[str, ...]
    """The documentation IDs of the types around it, the outermost first."""


@query(name="coverage")
def coverage(
    session: Any, symbol: SymbolRef | None = None, file: str | None = None, project: str | None = None
) -> CoverageReport:
    """The coverage of ``symbol`` (a member: its lines and the tests that reach it; a type: its members),
    of ``file``, of ``project``, or with none of them of the solution, least covered first."""
    if sum(x is not None for x in (symbol, file, project)) > 1:
        raise InvalidArgument("Give one of symbol, file or project.", "Ask for each separately.")
    kept = session.part(KeptCoverage).latest
    if kept is None:
        raise EngineError(
            "No test run with coverage in this session yet.",
            "Run the tests with coverage (run_tests with coverage=true; in the app, the Tests panel's"
            " coverage key), then ask again.",
        )
    return session.run(_report, kept, symbol, file, project)  # type: ignore[no-any-return]


def _report(
    snapshot: Snapshot,
    operation: Operation,
    kept: Coverage,
    symbol: SymbolRef | None,
    file: str | None,
    project: str | None,
) -> CoverageReport:
    tests: tuple[str, ...] = ()
    tests_from = ""
    if symbol is not None:
        found = typed(resolve(snapshot, operation, symbol))
        described = summarize(found)
        paths = sorted({str(place.SourceTree.FilePath) for place in found.Locations if place.IsInSource})
        rows = [r for r in member_rows(snapshot, operation, kept, paths) if described.documentation_id in r[1]]
        scope = described.display
        if described.kind not in TYPE_KINDS:
            tests = tuple(t.test.display for t in tests_reaching(snapshot, operation, [found]))
            tests_from = "the call graph: the collector records no test per line"
    elif file is not None:
        path = str(snapshot.absolute(file))
        if path not in kept.files and not snapshot.documents_for_path(path):
            raise InvalidArgument(f"{file} is no document of the solution.", "Give a .cs file of the solution.")
        rows = member_rows(snapshot, operation, kept, [path])
        scope = snapshot.relative(path)
    else:
        chosen = snapshot.chosen_projects(project) if project is not None else snapshot.projects
        if project is not None and not chosen:
            raise InvalidArgument(f"No project is named '{project}'.", "Give a project of the solution.")
        files = {str(d.FilePath) for p in chosen if not is_test_project(p) for d in p.Documents}
        rows = member_rows(snapshot, operation, kept, sorted(files & kept.files.keys()))
        scope = f"project {display_name(chosen[0])}" if project is not None else "the solution"
    items = sorted((row for row, _ in rows), key=lambda r: (-len(r.uncovered), r.lines_covered - r.lines, r.display))
    return CoverageReport(
        root=str(snapshot.root),
        scope=scope,
        run=kept.run,
        lines_covered=sum(r.lines_covered for r in items),
        lines=sum(r.lines for r in items),
        branches_covered=sum(r.branches_covered for r in items),
        branches=sum(r.branches for r in items),
        items=tuple(items),
        total=len(items),
        tests=tests,
        tests_from=tests_from,
        stale_files=tuple(sorted({snapshot.relative(r.location.path) for r in items if r.stale})),
    )


def member_rows(
    snapshot: Snapshot, operation: Operation, kept: Coverage, paths: list[str]
) -> list[tuple[MemberCoverage, tuple[str, ...]]]:
    """Each member (or type, for lines outside its members) of ``paths`` with coverable lines, and the
    IDs it answers to (its own and its types')."""
    found: list[tuple[MemberCoverage, tuple[str, ...]]] = []
    for path in paths:
        lines = kept.files.get(path)
        if not lines or not snapshot.documents_for_path(path):
            continue
        stale = kept.stale(path)
        owners = list(_owners(file_outline(snapshot, operation, path).items, ()))
        by_owner: dict[str, tuple[_Owner, FileLines]] = {}
        constructors = _only_constructors(owners)
        for number, hits in lines.items():
            owner = _innermost(owners, number)
            if owner is not None and owner.node.kind in TYPE_KINDS:
                # A field initializer runs in the constructor: with one, its lines are that constructor's.
                owner = constructors.get(owner.node.documentation_id, owner)
            if owner is not None:
                by_owner.setdefault(owner.node.documentation_id, (owner, {}))[1][number] = hits
        for owner, mine in by_owner.values():
            node = owner.node
            found.append(
                (
                    MemberCoverage(
                        display=node.display,
                        documentation_id=node.documentation_id,
                        kind=node.kind,
                        location=node.location,
                        lines_covered=sum(1 for h in mine.values() if h.hits),
                        lines=len(mine),
                        branches_covered=sum(h.branches_covered for h in mine.values()),
                        branches=sum(h.branches for h in mine.values()),
                        uncovered=tuple(sorted(n for n, h in mine.items() if not h.hits)),
                        lines_of=tuple(sorted(mine)),
                        stale=stale,
                    ),
                    (node.documentation_id, *owner.types),
                )
            )
    return found


def _owners(nodes: tuple[OutlineNode, ...], types: tuple[str, ...]) -> Iterator[_Owner]:
    for node in nodes:
        if node.kind in NO_CODE or not node.documentation_id:
            yield from _owners(node.children, types)
            continue
        yield _Owner(node, types)
        inner = (*types, node.documentation_id) if node.kind in TYPE_KINDS else types
        yield from _owners(node.children, inner)


def _only_constructors(owners: list[_Owner]) -> dict[str, _Owner]:
    """Each type with exactly one constructor declared: that constructor."""
    by_type: dict[str, list[_Owner]] = {}
    for owner in owners:
        if owner.node.kind == "constructor" and owner.types and not owner.node.display.startswith("static "):
            by_type.setdefault(owner.types[-1], []).append(owner)
    return {type_id: found[0] for type_id, found in by_type.items() if len(found) == 1}


def _innermost(owners: list[_Owner], line: int) -> _Owner | None:
    """The owner whose span holds ``line`` and starts last (the innermost)."""
    holding = [o for o in owners if o.node.span.line <= line <= o.node.span.end_line]
    if not holding:
        return None
    best = max(holding, key=lambda o: (o.node.span.line, -o.node.span.end_line))
    tied = [
        o for o in holding if (o.node.span.line, o.node.span.end_line) == (best.node.span.line, best.node.span.end_line)
    ]
    if len(tied) > 1:
        # A record's parameters: its properties share the line, which is the record's.
        around = [o for o in holding if o not in tied and o.node.kind in TYPE_KINDS]
        return max(around, key=lambda o: o.node.span.line, default=best)
    return best
