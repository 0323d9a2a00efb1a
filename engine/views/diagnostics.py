"""The diagnostics panel: what does not compile, errors first."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location
from .paging import range_note
from .text import columns, plural, where

SEVERITIES = ("error", "warning", "info", "hidden")


@dataclass(frozen=True)
class Diagnostic:
    id: str
    """The compiler's code, e.g. ``CS0103``."""
    severity: str
    message: str
    location: Location | None
    project: str
    category: str = ""
    """``Compiler``, or the analyzer's category (``Performance``, ``Style``...)."""
    help_link: str = ""
    fixable: bool = False
    """A code fix is offered for it: ``code_actions`` at its location lists it."""
    suppressed: bool = False
    """Suppressed in source (``#pragma``, ``[SuppressMessage]``); listed only on request."""


@dataclass(frozen=True)
class DiagnosticList:
    root: str
    scope: str
    """What was checked: a file, a project or the solution."""
    items: tuple[Diagnostic, ...]
    total: int
    counts: tuple[tuple[str, int], ...]
    """(severity, count) over all items before paging, in severity order."""
    offset: int = 0

    def render(self) -> str:
        counts = (
            ", ".join(
                plural(count, severity, severity if severity in ("info", "hidden") else None)
                for severity, count in self.counts
            )
            or "none"
        )
        lines = [f"Diagnostics in {self.scope}: {counts}{range_note(self.offset, len(self.items), self.total)}"]
        for item in self.items:
            marks = ("[fix]" if item.fixable else "") + ("[suppressed]" if item.suppressed else "")
            lines.append(
                columns(where(item.location, self.root, item.project), item.severity, item.id, marks, item.message)
            )
        return "\n".join(lines)
