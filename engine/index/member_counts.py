"""Estimated reference counts of members from the on-disk index, for code lenses before the exact counts
come: at 25 projects, right after a start, a member used 15,000 times takes Roslyn tens of seconds while
the compilations are built, and its lens would otherwise show ``… refs``.

The index keeps, per project, how many places of each file use each source member and what each member
overrides or implements (``MemberReferences.cs``); ``store.member_estimates`` follows find references'
cascade through those. The counts are the last run's: files changed since may use a member more or less,
so a lens marks its estimate as one until the exact count replaces it."""

from __future__ import annotations

import sqlite3

from ..workspace.snapshot import Snapshot
from . import store


def estimates(snapshot: Snapshot, members: list[str]) -> dict[str, int]:
    """The estimated reference count of each of ``members`` (documentation IDs) the index of the
    snapshot's solution knows; none unless every project's uses were written (a run that ended early
    would undercount)."""
    if snapshot.opened_as is None or not members or not store.index_path(snapshot.opened_as).exists():
        return {}
    try:
        return store.member_estimates(snapshot.opened_as, members)
    except sqlite3.Error:
        return {}
