"""Find the solution a path names, and read the project list out of ``.sln`` / ``.slnx`` files."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from pathlib import Path

from shared_engine.solution_choice import PROJECT_SUFFIXES, SOLUTION_SUFFIXES, chosen_in

from ..errors import SolutionNotFound
from .file_apps.directives import looks_like_app
from .file_apps.virtual_project import project_file, virtual_solution

FILTER_SUFFIX = ".slnf"
"""A solution filter (a solution and some of its projects): opened when named, never picked from a directory."""

_SLN_PROJECT = re.compile(r'^Project\("\{[^}]+\}"\)\s*=\s*"[^"]*",\s*"([^"]+\.csproj)"', re.MULTILINE)
_SLN_ANY_PROJECT = re.compile(r'^Project\("\{[^}]+\}"\)\s*=\s*"[^"]*",\s*"([^"]+\.\w*proj)"', re.MULTILINE)


@dataclass(frozen=True)
class SolutionTarget:
    """The file to open and why it was chosen."""

    path: Path
    note: str = ""
    apps: tuple[Path, ...] = ()
    """File-based apps (``.cs`` files run with ``dotnet run app.cs``), each opened as a project of its
    own; ``path`` is then the first of them."""
    root: Path | None = None
    """The solution's directory when it is not ``path``'s (a solution filter's solution)."""
    focus: tuple[Path, ...] = ()
    """The projects a solution filter (or a focus) keeps; empty: all."""
    left_out: int = 0
    """How many projects of the solution the filter leaves out."""

    @property
    def is_project(self) -> bool:
        return self.path.suffix.lower() in PROJECT_SUFFIXES

    @property
    def directory(self) -> Path:
        return self.root or self.path.parent


def resolve_target(path: str | Path) -> SolutionTarget:
    """Turn what the user typed into a solution or project file.

    A directory with one solution opens it; with several, the one named like the directory, else the
    first by name (and the note says so); with none, a single project file.
    """
    given = Path(path).expanduser()
    if not given.exists():
        raise SolutionNotFound(
            f"{given} does not exist.", "Give the path of a .sln, .slnx or .csproj file, or of its directory."
        )
    given = given.resolve()
    if given.is_file():
        if given.suffix.lower() in SOLUTION_SUFFIXES + PROJECT_SUFFIXES:
            return SolutionTarget(given)
        if given.suffix.lower() == FILTER_SUFFIX:
            return _filter_target(given)
        if given.suffix.lower() == ".cs":
            owners = sorted(p.name for p in given.parent.iterdir() if p.suffix.lower() in PROJECT_SUFFIXES)
            if owners and not looks_like_app(given):
                raise SolutionNotFound(
                    f"{given.name} is a file of the project {owners[0]} beside it, not a file-based app.",
                    f"Open {owners[0]} (or its solution); a file-based app starts with '#!' or '#:' directives.",
                )
            return SolutionTarget(given, apps=(given,))
        raise SolutionNotFound(
            f"{given.name} is not a solution, C# project or file-based app (expected .sln, .slnx, .slnf, .csproj or .cs).",
            "Give the path of a .sln, .slnx or .csproj file, of a file-based app (app.cs), or of its directory.",
        )
    chosen = chosen_in(given)
    if chosen is not None:
        return SolutionTarget(chosen[0], chosen[1])
    apps = tuple(sorted(p for p in given.iterdir() if p.suffix.lower() == ".cs" and looks_like_app(p)))
    if apps:
        listed = ", ".join(p.name for p in apps)
        return SolutionTarget(apps[0], f"No solution or project here: opened the file-based apps {listed}.", apps)
    raise SolutionNotFound(
        f"No .sln, .slnx or .csproj in {given}.",
        "Give the path of a solution or project file, or run from the directory that holds one.",
    )


def _filter_target(path: Path) -> SolutionTarget:
    """A ``.slnf``: its solution's directory is the root; the note says what is left out."""
    solution, projects = _read_filter(path)
    every = project_paths(SolutionTarget(solution))
    left_out = len(every) - len(projects)
    note = (
        f"Opened the solution filter {path.name}: {len(projects)} of the {len(every)} projects of {solution.name}; "
        f"answers leave the other {left_out} out."
    )
    return SolutionTarget(path, note, root=solution.parent, focus=tuple(projects), left_out=left_out)


def whole_solution(target: SolutionTarget) -> Path:
    """The solution file of ``target``: the one its filter or focus names, else ``target.path``."""
    if target.path.suffix.lower() == FILTER_SUFFIX:
        return _read_filter(target.path)[0]
    return target.path


def _read_filter(path: Path) -> tuple[Path, list[Path]]:
    """The solution a filter names and the projects it keeps (paths in it are relative: the solution's
    to the filter, the projects' to the solution)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
        solution = (path.parent / str(data["solution"]["path"]).replace("\\", "/")).resolve()
        listed = [str(p).replace("\\", "/") for p in data["solution"].get("projects", [])]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SolutionNotFound(
            f"{path.name} is not a solution filter that can be read: {error}.",
            'A .slnf is JSON: {"solution": {"path": "App.sln", "projects": ["src/A/A.csproj"]}}.',
        ) from error
    if not solution.is_file():
        raise SolutionNotFound(
            f"{path.name} names {solution}, which does not exist.", "Fix the filter's solution path."
        )
    projects = [(solution.parent / p).resolve() for p in listed if p.endswith(".csproj")]
    return solution, [p for p in projects if p.exists()]


PROJECTS_VARIABLE = "ROSLYN_PROJECTS"
"""Globs (comma-separated) that choose the projects to open from a solution: its focus."""


def focused(target: SolutionTarget, patterns: list[str]) -> SolutionTarget:
    """``target`` narrowed to the projects whose name, or path from the solution's directory, matches
    one of ``patterns`` (globs such as ``Shop.Core`` or ``src/Shop.*``): a solution filter written in
    the user cache, opened as any ``.slnf``. A project file or apps are opened whole."""
    patterns = [p.strip() for p in patterns if p.strip()]
    if not patterns or target.apps or target.is_project:
        return target
    if target.path.suffix.lower() == FILTER_SUFFIX:
        solution, candidates = _read_filter(target.path)
    else:
        solution, candidates = target.path, project_paths(target)
    chosen = [
        path
        for path in candidates
        if any(fnmatch(path.stem, p) or fnmatch(path.relative_to(solution.parent).as_posix(), p) for p in patterns)
    ]
    if not chosen:
        names = ", ".join(sorted(path.stem for path in candidates))
        raise SolutionNotFound(
            f"No project of {solution.name} matches {', '.join(patterns)}.", f"Its projects: {names}."
        )
    if len(chosen) == len(project_paths(SolutionTarget(solution))):
        return SolutionTarget(solution)  # the whole solution: no focus to say
    from ..host.cache import cache_dir
    from ..host.files import write_whole

    listed = [path.relative_to(solution.parent).as_posix() for path in chosen]
    key = hashlib.sha256("\n".join([str(solution), *listed]).encode()).hexdigest()[:16]
    written = cache_dir("focus") / f"{solution.stem}-{key}.slnf"
    content = json.dumps({"solution": {"path": str(solution), "projects": listed}}, indent=2)
    if not written.is_file() or written.read_text(encoding="utf-8") != content:
        write_whole(written, content)  # another process may be loading the same focus from it
    left_out = len(project_paths(SolutionTarget(solution))) - len(chosen)
    note = (
        f"Focused on {len(chosen)} projects of {solution.name} ({', '.join(patterns)}); answers leave the "
        f"other {left_out} out."
    )
    return replace(_filter_target(written), note=note)


def project_paths(target: SolutionTarget) -> list[Path]:
    """The project files a solution lists (the project itself for a ``.csproj``; the virtual projects,
    in the cache, for file-based apps)."""
    if target.apps:
        return [project_file(app) for app in target.apps]
    if target.is_project:
        return [target.path]
    if target.path.suffix.lower() == FILTER_SUFFIX:
        return _read_filter(target.path)[1]
    text = target.path.read_text(encoding="utf-8-sig", errors="replace")
    if target.path.suffix.lower() == ".slnx":
        try:
            root = ElementTree.fromstring(text)
        except ElementTree.ParseError:
            return []
        found = [element.get("Path", "") for element in root.iter("Project")]
    else:
        found = _SLN_PROJECT.findall(text)
    paths = [(target.directory / p.replace("\\", "/")).resolve() for p in found if p.endswith(".csproj")]
    return [p for p in paths if p.exists()]


def listed_projects(target: SolutionTarget) -> list[Path]:
    """Every project file a solution lists, whatever its language or kind (``.fsproj``, ``.vcxproj``...)."""
    if target.apps or target.is_project or target.path.suffix.lower() == FILTER_SUFFIX:
        return project_paths(target)
    text = target.path.read_text(encoding="utf-8-sig", errors="replace")
    if target.path.suffix.lower() == ".slnx":
        try:
            found = [element.get("Path", "") for element in ElementTree.fromstring(text).iter("Project")]
        except ElementTree.ParseError:
            return []
    else:
        found = _SLN_ANY_PROJECT.findall(text)
    paths = [(target.directory / p.replace("\\", "/")).resolve() for p in found if p]
    return [p for p in paths if p.is_file()]


def opened_file(target: SolutionTarget) -> Path:
    """The file MSBuild opens: the target, or for file-based apps the solution of their virtual projects."""
    return virtual_solution(target.apps) if target.apps else target.path
