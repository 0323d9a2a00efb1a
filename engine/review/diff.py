"""``symbol_diff``: one changed declaration before and after a change, as a unified diff (what the
terminal app shows for a changed symbol of a review, and what an assistant reads instead of the file's
whole diff)."""

from __future__ import annotations

import difflib
import re

from ..errors import SymbolNotFound
from ..host.interop import Operation
from ..views.review import SymbolDiff
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .changes import changed_declarations, side_labels
from .compare import Matched
from .sides import sides


@query()
def symbol_diff(snapshot: Snapshot, operation: Operation, base: str, head: str | None, symbol: str) -> SymbolDiff:
    """The declaration ``symbol`` (a documentation ID, before or after the change, or a name as the review
    shows it: ``Calc.Add``) as the change left it, against how it was."""
    two = sides(snapshot, base, head)
    changes = changed_declarations(two, operation)
    change = _named(changes, symbol)
    if change is None:
        names = ", ".join(sorted({c.side.display for c in changes})[:10])
        raise SymbolNotFound(
            f"The change from {base} does not change {symbol}.",
            f"Name one of the changed symbols (review_changes lists them): {names}",
        )
    old = change.before.text.splitlines() if change.before else []
    new = change.after.text.splitlines() if change.after else []
    lines = list(difflib.unified_diff(old, new, lineterm="", n=3))[2:]
    base_label, head_label = side_labels(base, head, two)
    shown = change.side
    return SymbolDiff(str(snapshot.root), shown.display, base_label, head_label, shown.location, tuple(lines))


def _named(changes: list[Matched], symbol: str) -> Matched | None:
    wanted = symbol.strip()
    for change in changes:
        if wanted in {d.key for d in (change.before, change.after) if d is not None}:
            return change
    by_name = [c for c in changes if wanted in _names(c.side.display)]
    return by_name[0] if len(by_name) == 1 else None


def _names(display: str) -> set[str]:
    """``Calc.Add(int, int)``, ``Calc.Add``; ``Store<T>.Get``, ``Store.Get``: how a person may name it."""
    bare = display.split("(")[0]
    return {display, bare, re.sub(r"<[^<>]*>", "", bare)}
