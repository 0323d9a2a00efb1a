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

from ...errors import InvalidArgument
from ...host.digest import file_digest
from ...symbols.naming import SymbolRef
from ...testing import run_tests
from ...testing.build import build_target
from ...testing.frameworks import is_test_project
from ...testing.platform import runs_on_platform
from ...views.coverage import CoverageSummary
from ...views.tests import TestRun
from ...workspace.declared import query
from ...workspace.snapshot import Snapshot, display_name
from .cobertura import read_cobertura
from .kept import Coverage, KeptCoverage

COVERLET = ("coverlet.collector", "XPlat Code Coverage")
MICROSOFT = ("Microsoft.CodeCoverage", "Code Coverage;Format=Cobertura")
PLATFORM = ("Microsoft.Testing.Extensions.CodeCoverage", "cobertura")
"""On Microsoft.Testing.Platform: its coverage extension (``--coverage``), which the project must reference."""


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
    snapshot = session.snapshot()
    package, collector = collector_of(snapshot, project)
    if runs_on_platform(build_target(snapshot, session.target.path, project)[0], session.root):
        package, collector = PLATFORM
        if not _references(snapshot, project, PLATFORM[0]):
            raise InvalidArgument(
                "These tests run on Microsoft.Testing.Platform, which collects coverage only with the"
                f" {PLATFORM[0]} package: no test project references it.",
                f"Add a PackageReference to {PLATFORM[0]} to the test project, then run with coverage again.",
            )
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
    return COVERLET if _references(snapshot, project, COVERLET[0]) else MICROSOFT


def _references(snapshot: Snapshot, project: str | None, package: str) -> bool:
    """Whether a test project (``project``, when given) restored ``package``."""
    return any(
        package.lower() in _packages(Path(str(each.FilePath)))
        for each in snapshot.projects
        if is_test_project(each) and (project is None or display_name(each) == project)
    )


def _packages(project_file: Path) -> set[str]:
    """The package names the project's restore resolved (its ``project.assets.json``), lowercase kept."""
    assets = project_file.parent / "obj" / "project.assets.json"
    try:
        libraries = json.loads(assets.read_text(encoding="utf-8")).get("libraries", {})
    except (OSError, ValueError):
        return set()
    return {name.split("/")[0].lower() for name in libraries}
