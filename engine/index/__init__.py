"""The on-disk index of declarations and outlines that answers a second start before MSBuild has
loaded the solution (see ``early``), written from the live solution after its warm-up (``writer``)."""

from .early import NOTE, EarlyIndex, NotInIndex
from .writer import write_index

__all__ = ["NOTE", "EarlyIndex", "NotInIndex", "write_index"]
