"""The solution boundary: which files the engine may read, show and write.

One decision (``place_of``) says where a file lies:

- ``solution``: inside the solution directory. Read, shown and, by the editing tools, written.
- ``package``: inside a NuGet package folder that a project's ``project.assets.json`` names. MSBuild
  adds such files to a build (Microsoft.NET.Test.Sdk's ``Program.cs``, polyfills shipped as source,
  ``contentFiles/cs``, an analyzer package's ``.globalconfig``): they belong to the compilation, so they
  are read and shown, marked as package files, and never written.
- ``sdk``: the SDK's own analyzer settings (``.globalconfig`` files under the SDK): read, never shown.
- ``outside``: anything else (``<Compile Include="/etc/passwd" />``, a symlink out, a sibling folder's
  file). Removed before anything asks for its text.

Every path is resolved with its symlinks first, so a link inside the solution that points outside it
is outside. Reference assemblies are not files of the solution: they are shown as signatures.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from ..errors import OutsideSolution
from .assets import assets_file
from .file_apps.virtual_project import is_app_project

Place = Literal["solution", "package", "sdk", "outside"]


def real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def is_inside(root: Path, path: str | Path) -> bool:
    """True when ``path``, symlinks resolved, is ``root`` or lies beneath it."""
    resolved, base = real(path), real(root)
    return resolved == base or base in resolved.parents


def place_of(path: str | Path, root: Path, package_folders: Iterable[Path] = (), sdk: Path | None = None) -> Place:
    """Where ``path`` lies: in the solution, a package folder, the SDK, or outside all of them."""
    if is_inside(root, path):
        return "solution"
    if any(is_inside(folder, path) for folder in package_folders):
        return "package"
    if sdk is not None and is_inside(sdk, path):
        return "sdk"
    return "outside"


def check_inside(root: Path, path: str | Path) -> Path:
    """The resolved path, or ``OutsideSolution`` naming the rule."""
    if not is_inside(root, path):
        raise OutsideSolution(
            f"{path} is outside the solution directory {root}: roslyn-tui reads and writes only files inside it"
            " (symlinks are followed before the check).",
            "Give a file of the solution, absolute or relative to the solution directory.",
        )
    return real(path)


def package_folders(project_file: str | Path) -> tuple[Path, ...]:
    """The NuGet package folders the project's last restore used (``packageFolders`` of its
    ``project.assets.json``); none when it was never restored."""
    assets = assets_file(project_file)
    if assets is None:
        return ()
    try:
        stamp = assets.stat().st_mtime_ns
    except OSError:
        return ()
    return _folders_in(str(assets), stamp)


@lru_cache(maxsize=256)
def _folders_in(assets: str, _stamp: int) -> tuple[Path, ...]:
    try:
        with open(assets, encoding="utf-8-sig") as stream:
            folders = json.load(stream).get("packageFolders") or {}
    except (OSError, ValueError):
        return ()
    return tuple(Path(folder) for folder in folders if os.path.isabs(folder))


# Which kinds of document each place may hold. Package analyzer settings count like the SDK's:
# a build applies them, so severities follow them.
_KEPT: dict[str, frozenset[Place]] = {
    "RemoveDocument": frozenset({"solution", "package"}),
    "RemoveAdditionalDocument": frozenset({"solution", "package"}),
    "RemoveAnalyzerConfigDocument": frozenset({"solution", "package", "sdk"}),
}


def leave_out_outside_documents(solution: Any, root: Path, sdk: Path) -> tuple[Any, tuple[str, ...]]:
    """``solution`` without the documents that lie outside the boundary, and their paths.

    Their text is never read: they are removed before anything asks for it.
    """
    outside: list[str] = []
    for project in list(solution.Projects):
        folders = package_folders(project.FilePath) if project.FilePath else ()
        if project.FilePath and is_app_project(project.FilePath):
            # A file-based app's project lives in the cache: the files its build generates (global usings,
            # assembly info) belong to the compilation as a package's do; read, never written.
            folders = (*folders, real(Path(str(project.FilePath)).parent / "obj"))
        for documents, remove in (
            (project.Documents, "RemoveDocument"),
            (project.AdditionalDocuments, "RemoveAdditionalDocument"),
            (project.AnalyzerConfigDocuments, "RemoveAnalyzerConfigDocument"),
        ):
            for document in list(documents):
                path = str(document.FilePath or "")
                if not os.path.isabs(path) or place_of(path, root, folders, sdk) in _KEPT[remove]:
                    continue
                outside.append(path)
                solution = getattr(solution, remove)(document.Id)
    return solution, tuple(dict.fromkeys(outside))
