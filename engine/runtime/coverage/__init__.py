"""Coverage by symbol: tests run with a coverage collector (``collect``), its Cobertura report read
(``cobertura``) and kept with the session (``kept``), and answered per member, type, file or project
(``by_symbol``)."""

from .by_symbol import coverage
from .collect import run_tests_with_coverage
from .diff import diff_coverage
from .kept import Coverage, KeptCoverage


def kept_coverage(session: object) -> Coverage | None:
    """The coverage of ``session``'s last run with coverage, if any."""
    return session.part(KeptCoverage).latest  # type: ignore[attr-defined, no-any-return]


__all__ = ["Coverage", "coverage", "diff_coverage", "kept_coverage", "run_tests_with_coverage"]
