"""What an evaluation of a project reads, as one fingerprint per project: a project whose fingerprint
is unchanged evaluates as it did, bar what no file says (an environment variable, an SDK's resolver),
which the background evaluation after a warm start catches (``refresh``).

Only files inside the solution directory are read (the engine reads nothing outside it): the
project file, the files it imports by a path relative to itself, the ``Directory.Build.*``,
``Directory.Packages.props``, ``global.json`` and ``NuGet.config`` files between it and the solution
directory, what restore wrote (``project.assets.json``, ``*.nuget.g.props`` / ``.targets``) and the
list of its source files (the SDK's globs: a file added or removed changes the evaluation).
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from ..boundary import is_inside

_BESIDE = ("Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", "global.json")
_NUGET_CONFIGS = ("nuget.config", "NuGet.config", "NuGet.Config")
_RESTORE_OUTPUTS = ("project.assets.json", "*.nuget.g.props", "*.nuget.g.targets")
_SKIPPED = {"bin", "obj", ".git", ".vs", ".idea", "node_modules"}
_IMPORT = re.compile(r"<Import\s[^>]*\bProject\s*=\s*\"([^\"]+)\"", re.I)
_HERE = ("$(MSBuildThisFileDirectory)", "$(MSBuildProjectDirectory)/", "$(MSBuildProjectDirectory)\\")


def fingerprint(project: Path, root: Path) -> str:
    """The fingerprint of ``project``'s evaluation inputs (see the module)."""
    digest = hashlib.sha256()
    for path in evaluation_files(project, root):
        digest.update(str(path).encode())
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"missing")
    for source in source_files(project.parent):
        digest.update(source.encode())
    return digest.hexdigest()


def evaluation_files(project: Path, root: Path) -> list[Path]:
    """The files inside ``root`` whose content ``project``'s evaluation reads (missing ones included:
    a file that appears changes the evaluation too)."""
    files = [project, *_imports(project, root)]
    directory = project.parent
    while is_inside(root, directory):
        files.extend(directory / name for name in _BESIDE)
        files.extend(directory / name for name in _NUGET_CONFIGS if (directory / name).exists())
        if directory == root:
            break
        directory = directory.parent
    obj = project.parent / "obj"
    for pattern in _RESTORE_OUTPUTS:
        files.extend(sorted(obj.glob(pattern)))
    return files


def source_files(directory: Path) -> list[str]:
    """The C# files under ``directory`` (outside build outputs), relative, sorted."""
    found: list[str] = []
    for folder, children, files in os.walk(directory):
        children[:] = sorted(child for child in children if child not in _SKIPPED)
        found.extend(os.path.relpath(os.path.join(folder, name), directory) for name in files if name.endswith(".cs"))
    return sorted(found)


def _imports(project: Path, root: Path) -> list[Path]:
    try:
        text = project.read_text("utf-8", errors="replace")
    except OSError:
        return []
    found: list[Path] = []
    for match in _IMPORT.finditer(text):
        relative = match.group(1)
        for here in _HERE:
            relative = relative.replace(here, "")
        if not relative or "$(" in relative:  # a property only MSBuild knows: the refresh catches it
            continue
        path = (project.parent / relative.replace("\\", "/")).resolve()
        if is_inside(root, path):
            found.append(path)
    return found
