"""What loading a solution did: projects, targets, notes and the problems met."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import LoadReport, relative_path
from .problems import headline, problem_lines
from .text import plural, targets


@dataclass(frozen=True)
class LoadSummary:
    root: str
    report: LoadReport
    show_time: bool = True
    """Off where the text must not change from run to run (the app's start screen)."""
    also: tuple[str, ...] = ()
    """The other solutions loaded beside it (a server answers for each)."""

    def render(self) -> str:
        report = self.report
        documents = sum(p.document_count for p in report.projects)
        lines = [
            f"Loaded {relative_path(report.solution_path, self.root)}: {plural(len(report.projects), 'project')}, "
            f"{plural(documents, 'document')}" + (f" in {report.seconds:g} s" if self.show_time else "")
        ]
        for project in report.projects:
            lines.append(
                f"{project.name}  {targets(project.target_framework, project.target_frameworks)}  "
                f"{plural(project.document_count, 'document')}"
            )
        lines.extend(f"note: {note}" for note in report.notes)
        if self.also:
            lines.append(
                f"Also loaded: {', '.join(self.also)}. This one is now current; solution= asks another "
                "(a file or symbol only another holds is answered there)."
            )
        if report.diagnostics:
            lines.append(f"Problems while loading: {headline(report.diagnostics)}")
            lines.extend(problem_lines(report.diagnostics))
        return "\n".join(lines)
