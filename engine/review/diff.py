"""``symbol_diff``: one declaration before and after a change, as a unified diff (what the terminal app
shows for a changed symbol of a review)."""

from __future__ import annotations

import difflib

from ..errors import SymbolNotFound
from ..host.interop import Operation
from ..views.review import SymbolDiff
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .changes import side_labels
from .shapes import Declared, declarations
from .sides import sides


@query()
def symbol_diff(
    snapshot: Snapshot,
    operation: Operation,
    base: str,
    head: str | None,
    documentation_id: str,
    path: str,
    previous_id: str = "",
) -> SymbolDiff:
    """The declaration ``documentation_id`` (``previous_id`` before the change, when it differs) in ``path``."""
    two = sides(snapshot, base, head)
    before = (
        _find(two.before, operation, path, previous_id or documentation_id)
        if two.texts_before.get(path, "") is not None
        else None
    )
    after = _find(two.after, operation, path, documentation_id) if two.texts_after.get(path, "") is not None else None
    if before is None and after is None:
        raise SymbolNotFound(
            f"{documentation_id} is declared in {snapshot.relative(path)} on neither side of the change.",
            "Review the change again: the files may have changed since.",
        )
    old = before.text.splitlines() if before else []
    new = after.text.splitlines() if after else []
    lines = [line for line in difflib.unified_diff(old, new, lineterm="", n=3)][2:]
    shown = after or before
    assert shown is not None
    base_label, head_label = side_labels(base, head, two)
    return SymbolDiff(str(snapshot.root), shown.display, base_label, head_label, shown.location, tuple(lines))


def _find(side: Snapshot, operation: Operation, path: str, key: str) -> Declared | None:
    return next((d for d in declarations(side, operation, path) if d.key == key), None)
