"""Where a project's MSBuild facts are written: its own file, the ``Directory.Build.props`` and
``.targets`` MSBuild imports for it, and the ``Directory.Packages.props`` that holds its versions under
central package management. Each is the nearest one upward from the project, looked for no higher
than the solution's directory (nothing outside it is read)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidArgument
from ..workspace.snapshot import Snapshot, display_name
from .msbuild_xml import MsBuildFile


@dataclass(frozen=True)
class ProjectPlaces:
    name: str
    project: Path
    build_props: Path | None
    build_targets: Path | None
    packages_props: Path | None
    central: bool
    """Central package management is on for it (its versions live in ``packages_props``)."""

    def imported(self) -> list[Path]:
        """The files MSBuild reads for it besides its own, props first."""
        return [p for p in (self.build_props, self.build_targets, self.packages_props) if p is not None]


def places(snapshot: Snapshot, project: str) -> ProjectPlaces:
    """The MSBuild files of the project named ``project`` (a name, or its file's path)."""
    path = project_file(snapshot, project)
    root = snapshot.root.resolve()
    props = _nearest(path.parent, root, "Directory.Build.props")
    targets = _nearest(path.parent, root, "Directory.Build.targets")
    versions = _nearest(path.parent, root, "Directory.Packages.props")
    central = _central(path, [props, versions])
    return ProjectPlaces(path.stem, path, props, targets, versions if central else None, central)


def project_file(snapshot: Snapshot, project: str) -> Path:
    """The project file ``project`` names: a project's name, or its file's path."""
    given = project.strip()
    files = {str(p.FilePath): p for p in snapshot.all_projects if p.FilePath}
    as_path = snapshot.absolute(given) if given.lower().endswith(".csproj") else None
    if as_path is not None and str(as_path) in files:
        return as_path
    found = snapshot.project_named(given)
    if found is not None and found.FilePath:
        return Path(str(found.FilePath))
    names = ", ".join(sorted({display_name(p) for p in snapshot.projects}))
    raise InvalidArgument(f"No project of the solution is named '{project}'.", f"Give one of: {names}.")


def _nearest(start: Path, root: Path, name: str) -> Path | None:
    folder = start.resolve()
    while True:
        candidate = folder / name
        if candidate.is_file():
            return candidate
        if folder == root or root not in folder.parents:
            return None
        folder = folder.parent


def _central(project: Path, imported: list[Path | None]) -> bool:
    """Whether central package management is on: NuGet's own word in the restore's assets file, else
    the property as the project and its imports set it."""
    assets = project.parent / "obj" / "project.assets.json"
    if assets.is_file():
        try:
            restore = json.loads(assets.read_text(encoding="utf-8-sig"))["project"]["restore"]
            return bool(restore.get("centralPackageVersionsManagementEnabled", False))
        except (KeyError, ValueError, OSError):
            pass
    value = ""
    for path in [*[p for p in imported if p is not None], project]:
        for element in MsBuildFile(path).root.descendants("ManagePackageVersionsCentrally"):
            value = MsBuildFile(path).text(element)
    return value.strip().lower() == "true"


def relative_include(project: Path, other: Path) -> str:
    """``other`` as a ``ProjectReference`` of ``project`` writes it: relative, with backslashes (as
    ``dotnet add reference`` does; MSBuild reads them on every system)."""
    return os.path.relpath(other, project.parent).replace("/", "\\")
