"""The project cache: each project as MSBuild last evaluated it (options, documents, references,
analyzers, outputs), so that a warm start builds its workspace without waiting for MSBuild, as C#
Dev Kit's project cache does.

Written after every trusted load (``store.write``), keyed by the inputs of each project's evaluation
(``inputs``); read at the next start when every key still matches (``store.read``). The solution made
from it answers at once; MSBuild then evaluates again in the background and only the projects whose
evaluation changed are swapped in (``refresh``). ``ROSLYN_TUI_NO_PROJECT_CACHE=1`` turns it off.
"""

import os

from .opening import open_cached
from .refresh import AGREED_NOTE, OPENED_NOTE, STALE_NOTE, Evaluation, changed_projects, described, evaluate_again, note
from .store import Cached, read, write

DISABLE_VARIABLE = "ROSLYN_TUI_NO_PROJECT_CACHE"


def enabled() -> bool:
    return os.environ.get(DISABLE_VARIABLE, "").lower() not in ("1", "true", "yes")


__all__ = [
    "AGREED_NOTE",
    "DISABLE_VARIABLE",
    "OPENED_NOTE",
    "STALE_NOTE",
    "Cached",
    "Evaluation",
    "changed_projects",
    "described",
    "enabled",
    "evaluate_again",
    "note",
    "open_cached",
    "read",
    "write",
]
