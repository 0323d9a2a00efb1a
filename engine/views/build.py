"""A build's answer: what ``dotnet build`` reported, as diagnostics with places and members."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location
from .diagnostics import Diagnostic, DiagnosticList
from .paging import range_note
from .text import columns, counted, plural, where


@dataclass(frozen=True)
class BuildDiagnostic:
    id: str
    """``CS0103``, ``NU1603``, ``MSB3277``..."""
    severity: str
    """``error`` or ``warning``."""
    message: str
    location: Location | None
    """Line and column as the build gave them; ``None`` for a project-level message."""
    project: str
    member: str = ""
    """The member or type around the place, as the solution declares it (``Cart.Total()``)."""
    targets: tuple[str, ...] = ()
    """The target frameworks it occurs in, when the project builds several."""


@dataclass(frozen=True)
class BuildReport:
    root: str
    target: str
    """What was built: the solution or a project, relative to the root."""
    configuration: str
    succeeded: bool
    exit_code: int
    seconds: float
    items: tuple[BuildDiagnostic, ...]
    """Errors first, then warnings, each in file order."""
    total: int
    errors: int
    warnings: int
    warnings_by_id: tuple[tuple[str, int], ...]
    """(id, count), the most frequent first."""
    log: str
    """The whole build output, kept in the cache: read it when a message is not enough."""
    problem: str = ""
    """Why the build did not start (a ``global.json`` pinning an SDK that is not installed)."""
    offset: int = 0

    def render(self) -> str:
        state = "succeeded" if self.succeeded else "FAILED"
        lines = [
            f"Build of {self.target} ({self.configuration}) {state} in {self.seconds:.1f} s:"
            f" {plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
            f"{range_note(self.offset, len(self.items), self.total)}"
        ]
        if self.warnings_by_id:
            lines.append("warnings by id: " + ", ".join(f"{id} x{count}" for id, count in self.warnings_by_id))
        for item in self.items:
            marks = f"[{', '.join(item.targets)}]" if item.targets else ""
            lines.append(
                columns(
                    where(item.location, self.root, item.project),
                    item.severity,
                    item.id,
                    marks,
                    item.member,
                    item.message,
                )
            )
        if self.problem:
            lines.append(f"problem: {self.problem}")
        elif not self.succeeded and not self.errors:
            lines.append(f"The build failed without a compiler error: read the log at {self.log}.")
        lines.append(f"log: {self.log}")
        return "\n".join(lines)

    def as_diagnostics(self) -> DiagnosticList:
        """The build's messages as the diagnostics panel shows them."""
        items = tuple(
            Diagnostic(d.id, d.severity, d.message, d.location, d.project, "build", d.targets) for d in self.items
        )
        counts = tuple((s, n) for s, n in (("error", self.errors), ("warning", self.warnings)) if n)
        return DiagnosticList(
            self.root,
            f"the build of {self.target}",
            items,
            len(items),
            counts,
            by_project=counted(d.project for d in items if d.project),
            by_id=counted(d.id for d in items),
        )
