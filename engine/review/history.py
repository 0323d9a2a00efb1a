"""``symbol_history``: the commits that changed a symbol's declaration, newest first (Rider's "history for
selection"): git follows the declaration's lines back through each commit's diff (``git log -L``), for
every part of a partial declaration. Lines the working tree moved are taken back to where they are in
``HEAD`` first; a declaration the working tree changed says so."""

from __future__ import annotations

import difflib
from pathlib import Path

from ..host.interop import Operation
from ..symbols.describe import display, documentation_id, location_of, typed
from ..symbols.naming import SymbolRef, resolve
from ..views.review import Commit, SymbolHistory
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from ..workspace.text_files import decode
from .git import Repository

MOST_COMMITS = 200


@query()
def symbol_history(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> SymbolHistory:
    """The commits that changed the symbol's declaration (its doc comment, attributes, signature or body)."""
    symbol = typed(resolve(snapshot, operation, ref))
    repository = Repository(snapshot.root)
    head = repository.commit("HEAD")
    commits: dict[str, Commit] = {}
    uncommitted = False
    for reference in symbol.DeclaringSyntaxReferences:
        path = str(reference.SyntaxTree.FilePath)
        if not path or not Path(path).is_file():
            continue
        node = reference.GetSyntax(operation.token)
        span = node.GetLocation().GetLineSpan()
        first, last = int(span.StartLinePosition.Line) + 1, int(span.EndLinePosition.Line) + 1
        committed = repository.contents(head, [path]).get(path)
        if committed is None:
            uncommitted = True  # a file git does not have yet
            continue
        now = decode(Path(path).read_bytes()).splitlines()
        old = decode(committed).splitlines()
        mapped = _to_committed(now, old, first, last)
        if mapped is None or now[first - 1 : last] != old[mapped[0] - 1 : mapped[1]]:
            uncommitted = True
        if mapped is None:
            continue
        for hash_, author, date, subject in repository.line_history(path, mapped[0], mapped[1], MOST_COMMITS):
            commits[hash_] = Commit(hash_, author, date, subject)
    items = sorted(commits.values(), key=lambda c: c.date, reverse=True)
    return SymbolHistory(
        root=str(snapshot.root),
        symbol=display(symbol),
        documentation_id=documentation_id(symbol),
        location=location_of(symbol.Locations[0]) if symbol.Locations.Length else None,
        items=tuple(items),
        total=len(items),
        uncommitted=uncommitted,
    )


def _to_committed(now: list[str], old: list[str], first: int, last: int) -> tuple[int, int] | None:
    """Lines ``first``-``last`` of the working tree's text as lines of the committed one: the committed
    lines matching any of them, from the first to the last; None when none of them was committed."""
    mapped: list[int] = []
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, now, old, autojunk=False).get_opcodes():
        if tag != "equal":
            continue
        for line in range(max(i1, first - 1), min(i2, last)):
            mapped.append(j1 + (line - i1) + 1)
    return (min(mapped), max(mapped)) if mapped else None
