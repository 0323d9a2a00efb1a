"""The solution's problems: restore, build, load, update and compile, one list that every count of
problems is taken from (the app's Info panel and its notice, ``project_structure``, ``workspace_problems``
and ``doctor`` say the same numbers)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..models import WorkspaceDiagnostic
from .text import columns, plural


def headline(problems: Iterable[WorkspaceDiagnostic]) -> str:
    """``3 problems (2 errors, 1 warning)``, or ``no problems``."""
    items = list(problems)
    if not items:
        return "no problems"
    errors = sum(1 for p in items if p.severity == "error")
    parts = [plural(errors, "error")] if errors else []
    if len(items) - errors:
        parts.append(plural(len(items) - errors, "warning"))
    return f"{plural(len(items), 'problem')} ({', '.join(parts)})"


def problem_lines(problems: Iterable[WorkspaceDiagnostic]) -> list[str]:
    """One line per problem and, under it, what to do."""
    lines = []
    for problem in problems:
        lines.append(columns(problem.severity, problem.kind, problem.project or "(solution)", problem.message))
        if problem.action:
            lines.append(f"  -> {problem.action}")
    return lines


@dataclass(frozen=True)
class ProblemList:
    root: str
    items: tuple[WorkspaceDiagnostic, ...]
    compile_checked: bool
    """Whether projects were compiled for this list (``compile`` problems); else load problems only."""

    def render(self) -> str:
        scope = "" if self.compile_checked else " while loading (compile errors not checked)"
        return "\n".join([f"Workspace problems{scope}: {headline(self.items)}", *problem_lines(self.items)])
