"""Short hands for query tests: run a query on the shared Shop session, read locations compactly."""

from __future__ import annotations

from pathlib import Path

from engine.models import Location

from .conftest import SHOP

SRC = SHOP / "src"


def at(location: Location | None) -> str:
    """``Shop.Core/Customer.cs:4:22``: a location relative to ``Shop/src``."""
    assert location is not None
    return f"{Path(location.path).relative_to(SRC).as_posix()}:{location.line}:{location.column}"
