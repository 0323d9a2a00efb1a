"""The diagnostics panel: what does not compile, errors first."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, WITHOUT_LOCATION, Location
from .paging import range_note
from .text import columns, plural, tally, where

SEVERITIES = ("error", "warning", "info", "hidden")


@dataclass(frozen=True)
class Diagnostic:
    id: str
    """The compiler's code, e.g. ``CS0103``."""
    severity: str
    message: str
    location: Location | None
    project: str = field(metadata=WITHOUT_LOCATION)
    source: str = "compiler"
    """Where the rule comes from: ``compiler``, an analyzer assembly (a package's or the SDK's, e.g.
    ``Microsoft.CodeAnalysis.NetAnalyzers``), or ``IDE`` (code-style rules a build does not run; never
    errors)."""
    targets: tuple[str, ...] = ()
    """The target frameworks it occurs in, when not every target the project builds (``net8.0``)."""
    category: str = field(default="", metadata=TEXT_ONLY)
    """``Compiler``, or the analyzer's category (``Performance``, ``Style``...); in structured content
    once per rule (``DiagnosticList.rules``)."""
    help_link: str = field(default="", metadata=TEXT_ONLY)
    fixable: bool = False
    """A code fix is offered for it: ``code_actions`` at its location lists it."""
    suppressed: bool = False
    """Suppressed in source (``#pragma``, ``[SuppressMessage]``); listed only on request."""


@dataclass(frozen=True)
class Rule:
    id: str
    category: str
    help_link: str = ""


def rules_of(items: tuple[Diagnostic, ...]) -> tuple[Rule, ...]:
    return tuple(sorted({Rule(d.id, d.category, d.help_link) for d in items}, key=lambda r: r.id))


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
    rules: tuple[Rule, ...] = ()
    """What the items' rules are, once per rule."""
    by_project: tuple[tuple[str, int], ...] = ()
    """Diagnostics per project, most first (all of them, not only this page's)."""
    by_id: tuple[tuple[str, int], ...] = ()
    """Diagnostics per rule id, most first."""

    def render(self) -> str:
        counts = (
            ", ".join(
                plural(count, severity, severity if severity in ("info", "hidden") else None)
                for severity, count in self.counts
            )
            or "none"
        )
        summary = "; ".join(tally(pairs) for pairs in (self.by_id, self.by_project) if len(pairs) > 1)
        lines = [
            f"Diagnostics in {self.scope}: {counts}"
            + (f" ({summary})" if summary else "")
            + range_note(self.offset, len(self.items), self.total)
        ]
        for item in self.items:
            marks = (
                ("[fix]" if item.fixable else "")
                + ("[suppressed]" if item.suppressed else "")
                + (f"[{', '.join(item.targets)}]" if item.targets else "")
            )
            source = "" if item.source == "compiler" else f"({item.source})"
            lines.append(
                columns(
                    where(item.location, self.root, item.project), item.severity, item.id, source, marks, item.message
                )
            )
        return "\n".join(lines)
