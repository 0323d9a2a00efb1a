"""The solutions one server or app answers for, and which answers a call that names none."""

from __future__ import annotations

from dataclasses import dataclass

from .text import plural


@dataclass(frozen=True)
class LoadedSolution:
    name: str
    """The file's name (``Shop.sln``): what ``solution=`` takes, or its path when two share a name."""
    path: str
    state: str
    """``loaded``, ``loading``, ``restricted`` (syntax only: not trusted to run its build) or why it failed."""
    projects: int
    engine: str
    """Where it is loaded: ``this process``, or ``shared engine (pid N)``, which its other front ends use too."""
    current: bool = False
    """Answers a call that names no solution and nothing only another holds."""


@dataclass(frozen=True)
class SolutionList:
    items: tuple[LoadedSolution, ...]

    def render(self) -> str:
        if not self.items:
            return "No solution is loaded.\nCall load_solution with the path of a .sln, .slnx or .csproj."
        lines = [f"{plural(len(self.items), 'solution')} loaded"]
        for item in self.items:
            mark = "* " if item.current else "  "
            lines.append(
                f"{mark}{item.name}  {item.state}, {plural(item.projects, 'project')}, {item.engine}  {item.path}"
            )
        if len(self.items) > 1:
            lines.append(
                "* answers a call that names no solution; a call naming a file, symbol or project only another "
                "holds is answered there. Give solution= when a name means different code in several."
            )
        return "\n".join(lines)
