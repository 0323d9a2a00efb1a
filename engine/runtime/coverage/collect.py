"""``run_tests(..., coverage=True)``: the tests run with the coverage collector their project can use,
the Cobertura report read and kept with the session (``kept``), and the run's answer with what it covered.

The collector is the one the test projects bring: ``coverlet.collector`` when one references it, else
``Microsoft.CodeCoverage``, which ``Microsoft.NET.Test.Sdk`` brings (Cobertura since 17.3). Both come from
the feed with the project's own restore: nothing is installed globally. They run inside ``dotnet test``,
so the coverage run is confined as any test run is."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

from ...symbols.naming import SymbolRef
from ...testing import run_tests
from ...testing.frameworks import is_test_project
from ...views.coverage import CoverageSummary
from ...views.tests import TestRun
from ...workspace.declared import query
from ...workspace.snapshot import Snapshot, display_name
from .cobertura import read_cobertura
from .kept import Coverage, KeptCoverage, file_digest

COVERLET = ("coverlet.collector", "XPlat Code Coverage")
MICROSOFT = ("Microsoft.CodeCoverage", "Code Coverage;Format=Cobertura")


@query(name="run_tests_with_coverage")
def run_tests_with_coverage(
    session: Any,
    symbol: SymbolRef | None = None,
    tests: list[str] | None = None,
    project: str | None = None,
    **options: Any,
) -> TestRun:
    """``run_tests`` with line and branch coverage collected; the coverage is kept for ``coverage`` and
    the review, and summed up in the answer (its ``coverage``)."""
    package, collector = collector_of(session.snapshot(), project)
    started = time.strftime("%H:%M:%S")
    run: TestRun = run_tests(session, symbol, tests, project, collect=collector, **options)
    reports = _reports(run.attachments)
    if not reports:
        if run.total:  # with no test run (a build error), the run's problems say why already
            problem = f"No coverage report was written by {package}: the test log ({run.results[0] if run.results else 'test.log'}) says why."
            return dataclasses.replace(run, problems=(*run.problems, problem))
        return run
    lines = read_cobertura(reports, session.root)
    coverage = Coverage(
        files=lines,
        digests={path: file_digest(path) for path in lines},
        run=f"{run.total} tests of {run.target} ({run.selection}), {started}",
        collector=package,
        reports=tuple(str(r) for r in reports),
    )
    session.part(KeptCoverage).keep(coverage)
    covered = [hits for file in lines.values() for hits in file.values()]
    summary = CoverageSummary(
        lines_covered=sum(1 for hits in covered if hits.hits),
        lines=len(covered),
        branches_covered=sum(hits.branches_covered for hits in covered),
        branches=sum(hits.branches for hits in covered),
        files=len(lines),
        collector=package,
        reports=coverage.reports,
    )
    return dataclasses.replace(run, coverage=summary)


def _reports(attachments: tuple[str, ...]) -> list[Path]:
    """The Cobertura files, each once: the TRX logger copies each attachment into its ``In`` folder."""
    found: dict[str, Path] = {}
    for path in map(Path, attachments):
        wanted = path.suffix.lower() == ".xml" and "cobertura" in path.name.lower()
        if wanted and (path.name not in found or "In" in found[path.name].parts):
            found[path.name] = path
    return sorted(found.values())


def collector_of(snapshot: Snapshot, project: str | None) -> tuple[str, str]:
    """(package, ``--collect`` name) of the collector the test projects (``project``'s only, when given)
    bring: coverlet's when one references it (it is what the project chose), else Microsoft's."""
    for each in snapshot.projects:
        if not is_test_project(each) or (project is not None and display_name(each) != project):
            continue
        if COVERLET[0] in _packages(Path(str(each.FilePath))):
            return COVERLET
    return MICROSOFT


def _packages(project_file: Path) -> set[str]:
    """The package names the project's restore resolved (its ``project.assets.json``), lowercase kept."""
    assets = project_file.parent / "obj" / "project.assets.json"
    try:
        libraries = json.loads(assets.read_text(encoding="utf-8")).get("libraries", {})
    except (OSError, ValueError):
        return set()
    return {name.split("/")[0] for name in libraries} | {name.split("/")[0].lower() for name in libraries}
