"""What the code does when it runs, by symbol: coverage of a test run (``coverage/``). It runs the
solution's tests, so, like ``engine.testing``, only for a trusted solution, confined as any test run."""

from . import stacks as stacks  # reads the stacks of a test run past its time (registered with the runner)
from .coverage import coverage, kept_coverage, run_tests_with_coverage
from .profiles import profile_repl, profile_tests

__all__ = ["coverage", "kept_coverage", "profile_repl", "profile_tests", "run_tests_with_coverage"]
