"""``project_overview``: what the Project view shows of a project, from the loaded solution (targets,
references), restore (packages) and its MSBuild files (the key properties, as written)."""

from __future__ import annotations

from pathlib import Path

from ..views.project_overview import ProjectOverview, ProjectProperty
from ..workspace.snapshot import Snapshot, display_name
from .listing import list_packages
from .msbuild_xml import MsBuildFile
from .places import ProjectPlaces

KEY_PROPERTIES = (
    "OutputType",
    "Nullable",
    "LangVersion",
    "ImplicitUsings",
    "TreatWarningsAsErrors",
    "RootNamespace",
    "AssemblyName",
    "GenerateDocumentationFile",
)


def overview(snapshot: Snapshot, places: ProjectPlaces, outdated: bool) -> ProjectOverview:
    root = snapshot.root
    project = next(p for p in snapshot.projects if p.FilePath and Path(str(p.FilePath)) == places.project)
    names = {str(p.Id.Id): display_name(p) for p in snapshot.all_projects}
    references = sorted({names[str(r.ProjectId.Id)] for r in project.ProjectReferences if str(r.ProjectId.Id) in names})
    packages = list_packages(places, root, outdated)
    return ProjectOverview(
        str(root),
        places.name,
        str(places.project),
        tuple(snapshot.targets_of(project)),
        tuple(references),
        packages.items,
        packages.total,
        tuple(_properties(places, root)),
        places.central,
        packages.notes,
    )


def _properties(places: ProjectPlaces, root: Path) -> list[ProjectProperty]:
    """Each key property's last unconditional value in MSBuild's order of reading: the
    ``Directory.Build.props``, the project, the ``Directory.Build.targets``."""
    files = [MsBuildFile(p) for p in (places.build_props, places.project, places.build_targets) if p is not None]
    found = []
    for name in KEY_PROPERTIES:
        value, written = "", ""
        for file in files:
            for element in file.root.descendants(name):
                if element.parent is not None and element.parent.name == "PropertyGroup" and not element.condition:
                    value, written = file.text(element), str(file.path.relative_to(root))
        found.append(ProjectProperty(name, value, written))
    return found
