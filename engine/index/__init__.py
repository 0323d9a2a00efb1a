"""The on-disk index of declarations and outlines that answers a second start before MSBuild has
loaded the solution, and after it until the compiler has caught up (see ``early``), written from the
live solution a project at a time in the warm-up, and finished at exit (``writer``); ``hooks`` registers
it with the workspace."""

from . import hooks as hooks  # registers its part in a session's life with the workspace
from .early import NOTE, WARMING_NOTE, EarlyIndex, NotInIndex
from .writer import IndexWriter

__all__ = ["NOTE", "WARMING_NOTE", "EarlyIndex", "IndexWriter", "NotInIndex"]
