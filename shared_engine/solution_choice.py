"""Which solution or project file a directory opens: one rule for the engine's load and for the front
ends that choose an engine by it (a directory and the ``.sln`` in it meet the same engine).
Standard library only."""

from __future__ import annotations

from pathlib import Path

SOLUTION_SUFFIXES = (".sln", ".slnx")
PROJECT_SUFFIXES = (".csproj",)


def chosen_in(directory: Path) -> tuple[Path, str] | None:
    """The file ``directory`` opens and, when it held others to choose from, a note saying which was
    taken and why; ``None`` when it holds no solution and no project.

    One solution opens it; of several, the one named like the directory (``.slnx`` before ``.sln`` of
    the same name), else the first by name. With no solution, a single project, else the first by name.
    """
    solutions = sorted(p for p in directory.iterdir() if p.suffix.lower() in SOLUTION_SUFFIXES)
    if len(solutions) == 1:
        return solutions[0], ""
    if solutions:
        named = [p for p in solutions if p.stem.lower() == directory.name.lower()]
        # .sln and .slnx of the same name describe the same solution: prefer the newer format.
        named.sort(key=lambda p: p.suffix != ".slnx")
        chosen, reason = (named[0], "named like the directory") if named else (solutions[0], "first by name")
        others = ", ".join(p.name for p in solutions if p != chosen)
        return chosen, f"Opened {chosen.name} ({reason}); also here: {others}."
    projects = sorted(p for p in directory.iterdir() if p.suffix.lower() in PROJECT_SUFFIXES)
    if len(projects) == 1:
        return projects[0], ""
    if projects:
        return projects[0], f"No solution here; opened {projects[0].name} (first project by name)."
    return None
