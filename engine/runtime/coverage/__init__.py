"""Coverage by symbol: tests run with a coverage collector (``collect``), its Cobertura report read
(``cobertura``) and kept with the session (``kept``), and answered per member, type, file or project
(``by_symbol``)."""

from .by_symbol import coverage
from .collect import run_tests_with_coverage

__all__ = ["coverage", "run_tests_with_coverage"]
