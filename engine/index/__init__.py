"""The on-disk index of declarations and outlines that answers a second start before MSBuild has
loaded the solution, and after it until the compiler has caught up (see ``early``), written from the
live solution after its warm-up (``writer``)."""

from .early import NOTE, WARMING_NOTE, EarlyIndex, NotInIndex
from .writer import write_index

__all__ = ["NOTE", "WARMING_NOTE", "EarlyIndex", "NotInIndex", "write_index"]
