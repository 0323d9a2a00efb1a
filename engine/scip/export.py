"""Writing the SCIP index: every C# file of the chosen projects, a document at a time, into a file that
appears whole (written beside it, then renamed) or not at all."""

from __future__ import annotations

import fnmatch
import os
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..workspace.snapshot import Snapshot
from ..workspace.solution_file import project_paths, resolve_target
from .helper import index_file_class


@dataclass(frozen=True)
class IndexSummary:
    """What an index holds."""

    path: str
    projects: tuple[str, ...]
    documents: int
    occurrences: int
    symbols: int
    bytes: int
    seconds: float
    skipped: tuple[str, ...]
    """Files of the projects outside the solution's directory (a SCIP path is relative to it)."""


def write_index(
    snapshot: Snapshot,
    operation: Operation,
    output: str | Path,
    projects: list[str] | None = None,
    arguments: list[str] | None = None,
) -> IndexSummary:
    """Index the projects named by ``projects`` (names or globs; all when empty) into ``output``."""
    began = time.perf_counter()
    chosen = _chosen(snapshot, projects or [])
    target = Path(output).resolve()
    if target.is_dir():
        raise InvalidArgument(f"{target} is a directory.", "Name the index file to write, such as index.scip.")
    if not target.parent.is_dir():
        raise InvalidArgument(f"{target.parent} does not exist.", "Create the directory or name another file.")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    partial.unlink(missing_ok=True)
    root = Path(snapshot.root)
    index = index_file_class()(str(partial), root.as_uri() + "/", _tool_version(), arguments or [])
    skipped: list[str] = []
    seen: set[str] = set()
    try:
        for project in chosen:
            compilation = snapshot.compilation(project, operation)
            files = {str(d.FilePath) for d in project.Documents if d.FilePath}
            paths: list[str] = []
            relative: list[str] = []
            for tree in compilation.SyntaxTrees:
                path = str(tree.FilePath)
                if path not in files or path in seen:
                    continue  # generated (not on disk), or a file linked into an earlier project
                seen.add(path)
                from_root = os.path.relpath(path, root)
                if from_root.startswith(".."):
                    skipped.append(path)
                elif not _built(path, project):
                    paths.append(path)
                    relative.append(from_root.replace(os.sep, "/"))
            index.AddProject(compilation, paths, relative, operation.token)
            operation.check()
    except BaseException:
        index.Dispose()
        partial.unlink(missing_ok=True)
        raise
    index.Dispose()
    os.replace(partial, target)
    return IndexSummary(
        str(target),
        tuple(str(p.Name) for p in chosen),
        int(index.Documents),
        int(index.Occurrences),
        int(index.Symbols),
        target.stat().st_size,
        round(time.perf_counter() - began, 2),
        tuple(skipped),
    )


def _built(path: str, project: Any) -> bool:
    """A file the build wrote into the project's ``obj/`` or ``bin/`` (global usings, assembly info)."""
    inside = os.path.relpath(path, os.path.dirname(str(project.FilePath))).split(os.sep)
    return inside[0] in ("obj", "bin")


def check_projects(solution: str | Path, patterns: list[str]) -> None:
    """Refuse ``patterns`` that name none of the projects the solution file lists (read, not loaded)."""
    _matching([path.stem for path in project_paths(resolve_target(solution))], patterns)


def _chosen(snapshot: Snapshot, patterns: list[str]) -> list[Any]:
    projects = snapshot.all_projects
    if not patterns:
        return list(projects)
    chosen = set(_matching([_file_name(p) for p in projects], patterns))
    return [p for p in projects if _file_name(p) in chosen]


def _file_name(project: Any) -> str:
    """A project's name as its file names it: ``Shop.Multi``, not Roslyn's ``Shop.Multi(net10.0)``."""
    return Path(str(project.FilePath)).stem if project.FilePath else str(project.Name)


def _matching(names: list[str], patterns: list[str]) -> list[str]:
    """The names matching any of ``patterns``; an error naming the patterns that match none."""
    unmatched = [pattern for pattern in patterns if not any(fnmatch.fnmatchcase(name, pattern) for name in names)]
    if unmatched:
        listed = ", ".join(sorted(names))
        raise InvalidArgument(f"No project is named {', '.join(unmatched)}.", f"The solution's projects: {listed}.")
    return [name for name in names if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)]


def _tool_version() -> str:
    try:
        return version("roslyn-tui")
    except PackageNotFoundError:
        return "0+source"
