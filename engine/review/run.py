"""Running the tests a change reaches: ``run_tests(changed_since=...)``."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..runtime import kept_coverage, run_tests_with_coverage
from ..testing.run import run_tests
from ..views.review import ChangeReview
from ..views.tests import TestRun
from .changes import review_changes, tests_of_change


def run_changed_tests(
    session: Any, changed_since: str, head: str | None = None, coverage: bool = False, **options: Any
) -> TestRun:
    """Run the tests that reach the change since ``changed_since`` (to ``head``, or the working tree);
    ``options`` are ``run_tests``'s. With ``coverage``, coverage is collected and kept: the review of the
    change then names its lines that no test covers."""
    reaching = session.run(tests_of_change, changed_since, head)
    what = f"the change since {changed_since}" + (f" to {head}" if head else "")
    if not reaching:
        return TestRun(
            str(session.root), what, "", "no test", 0, 0, 0, 0.0, (), 0, problems=(f"No test reaches {what}.",)
        )
    chosen = [reach.test.documentation_id for reach in reaching]
    if coverage:
        run = run_tests_with_coverage(session, tests=chosen, **options)
    else:
        run = run_tests(session, tests=chosen, **options)
    return dataclasses.replace(run, selection=f"the {len(reaching)} tests reaching {what}")


def review_with_coverage(
    session: Any,
    base: str = "HEAD",
    head: str | None = None,
    project: str | None = None,
    run_first: bool = False,
    timeout: float = 900.0,
) -> ChangeReview:
    """``review_changes`` with the changed lines no test runs, from the session's last run with coverage;
    ``run_first`` runs the tests that reach the change with coverage before (only of the working tree:
    coverage is of what runs now)."""
    if run_first and head is None:
        run_changed_tests(session, base, coverage=True, timeout=timeout)
    covered = kept_coverage(session)
    return session.run(review_changes, base, head, project, covered=covered, timeout=timeout)  # type: ignore[no-any-return]
