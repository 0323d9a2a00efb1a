"""What the on-disk index of a solution holds, read back as the tests check it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.index.store import read, rows


def written_rows(solution: Path) -> list[dict[str, Any]]:
    """Every declaration in the index of ``solution`` (its resolved path), as written."""
    stored = read(solution, with_names=True)
    assert stored is not None and stored.names is not None, f"no index of {solution}"
    return [json.loads(row.data) for row in rows(solution, stored.names.rowids).values()]
