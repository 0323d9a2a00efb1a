"""Reviewing a change by symbols: what changed between two git revisions of the solution (``changes``:
added, removed and changed symbols classified, public API breaks, the places a changed signature did
not reach, the errors left, the tests that reach it), running those tests (``run``), and the commits
that changed a symbol (``history``). Git is only read (``git``); each revision is compiled by forking
its file contents into the loaded solution (``sides``)."""

from .changes import review_changes, tests_of_change
from .diff import symbol_diff
from .history import symbol_history
from .run import review_with_coverage, run_changed_tests

__all__ = [
    "review_changes",
    "review_with_coverage",
    "run_changed_tests",
    "symbol_diff",
    "symbol_history",
    "tests_of_change",
]
