"""Confinement for code the user or an assistant runs (REPL evaluations, file-based apps): an
allowlisted environment, every descendant ended with the run, and, where Linux namespaces are
available, a read-only file system except a scratch directory, no network unless allowed, and a
limit on the number of processes."""

from .environment import allowlisted_environment
from .probe import Confinement, confinement
from .wrap import Confined, confined

__all__ = ["Confined", "Confinement", "allowlisted_environment", "confined", "confinement"]
