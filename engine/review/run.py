"""Running the tests a change reaches: ``run_tests(changed_since=...)``."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..testing.run import run_tests
from ..views.tests import TestRun
from .changes import tests_of_change


def run_changed_tests(session: Any, changed_since: str, head: str | None = None, **options: Any) -> TestRun:
    """Run the tests that reach the change since ``changed_since`` (to ``head``, or the working tree);
    ``options`` are ``run_tests``'s."""
    reaching = session.run(tests_of_change, changed_since, head)
    what = f"the change since {changed_since}" + (f" to {head}" if head else "")
    if not reaching:
        return TestRun(
            str(session.root), what, "", "no test", 0, 0, 0, 0.0, (), 0, problems=(f"No test reaches {what}.",)
        )
    run = run_tests(session, tests=[reach.test.documentation_id for reach in reaching], **options)
    return dataclasses.replace(run, selection=f"the {len(reaching)} tests reaching {what}")
