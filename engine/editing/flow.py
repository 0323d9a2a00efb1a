"""What every edit does, whichever tool made it: preview, remember the preview by its token, write it
(atomically, over the bytes it was made from), and remember what was written so it can be undone."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import EditRefused
from ..host.interop import Operation
from ..views.edits import EditPreview
from ..workspace.session import SolutionSession
from ..workspace.snapshot import Snapshot
from .previews import EditBook, PendingEdit, book_of, preview_view, token_of, write_pending
from .undo import AppliedEdit, remember_written


def edit(
    session: SolutionSession,
    kind: str,
    compute: Callable[[Snapshot, Operation], PendingEdit] | None,
    apply: bool,
    preview_token: str | None,
    timeout: float | None,
    allow_errors: bool = True,
) -> EditPreview:
    """Write the reviewed preview a token names, or compute the edit (named after its tool, for the
    trust check) and answer its preview, writing it too when ``apply`` is set.

    Args:
        allow_errors: when false, an edit that would add compiler errors is previewed but never written.
    """
    book = book_of(session)
    if apply and preview_token:
        return _write(session, book, book.pending(preview_token, kind), allow_errors)
    assert compute is not None
    session.wait_editing_warm(timeout)
    pending = session.run(compute, timeout=timeout)
    if apply:
        return _write(session, book, pending, allow_errors)
    token = token_of(pending)
    book.previews.put(token, pending)
    return preview_view(session.root, pending, token)


def _write(session: SolutionSession, book: EditBook, pending: PendingEdit, allow_errors: bool) -> EditPreview:
    if pending.new_errors and not allow_errors:
        shown = "; ".join(pending.new_errors[:3]) + ("..." if len(pending.new_errors) > 3 else "")
        raise EditRefused(
            f"{pending.title} was not applied: it would add {len(pending.new_errors)} compiler"
            f" error{'s' if len(pending.new_errors) != 1 else ''}: {shown}",
            "Fix the code and preview again (the preview lists every new error), or pass allow_errors=true"
            " to write it anyway.",
        )
    applied: AppliedEdit = remember_written(session, pending, lambda: write_pending(session, pending))
    book.applied.append(applied)
    return preview_view(session.root, pending, token_of(pending), applied=True)
