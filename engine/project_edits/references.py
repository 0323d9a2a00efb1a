"""Project references added and removed: a cycle is refused with its path, and so is a project whose
target frameworks cannot use the other's (both lists named)."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import InvalidArgument
from ..workspace.snapshot import Snapshot
from .frameworks import incompatible
from .msbuild_xml import Element, MsBuildFile
from .packages import Planned, add_item
from .places import ProjectPlaces, relative_include


def graph(snapshot: Snapshot) -> dict[Path, set[Path]]:
    """Each project file -> the project files it references, as the loaded solution has them."""
    files = {str(p.Id.Id): Path(str(p.FilePath)) for p in snapshot.all_projects if p.FilePath}
    edges: dict[Path, set[Path]] = {}
    for project in snapshot.all_projects:
        if not project.FilePath:
            continue
        own = edges.setdefault(Path(str(project.FilePath)), set())
        for reference in project.AllProjectReferences:
            target = files.get(str(reference.ProjectId.Id))
            if target is not None:
                own.add(target)
    return edges


def path_between(edges: dict[Path, set[Path]], start: Path, goal: Path) -> list[Path] | None:
    """A chain of references from ``start`` to ``goal`` (both included), or ``None``."""
    seen = {start}
    frontier: list[list[Path]] = [[start]]
    while frontier:
        chain = frontier.pop(0)
        if chain[-1] == goal:
            return chain
        for following in sorted(edges.get(chain[-1], ())):
            if following not in seen:
                seen.add(following)
                frontier.append([*chain, following])
    return None


def referencing(file: MsBuildFile, project: Path, other: Path) -> list[Element]:
    wanted = os.path.normcase(str(other.resolve()))
    found = []
    for element in file.root.descendants("ProjectReference"):
        include = (element.attribute("Include") or "").replace("\\", "/")
        if include and os.path.normcase(str((project.parent / include).resolve())) == wanted:
            found.append(element)
    return found


def add_reference(
    snapshot: Snapshot, places: ProjectPlaces, other: Path, frameworks: list[str], other_frameworks: list[str]
) -> Planned:
    plan = Planned(f"Reference {other.stem} from {places.name}")
    if other == places.project:
        raise InvalidArgument(f"{places.name} cannot reference itself.", "Name another project.")
    if referencing(MsBuildFile(places.project), places.project, other):
        plan.problems.append(f"{places.name} already references {other.stem}")
        return plan
    cycle = path_between(graph(snapshot), other, places.project)
    if cycle is not None:
        chain = " -> ".join(p.stem for p in [places.project, *cycle])
        plan.problems.append(f"it would make a cycle: {chain}")
    unserved = incompatible(frameworks, other_frameworks)
    if unserved:
        plan.problems.append(
            f"{places.name} targets {';'.join(frameworks)}; {other.stem} targets {';'.join(other_frameworks)},"
            f" which none of {', '.join(unserved)} can use"
        )
    add_item(plan, places.project, "ProjectReference", {"Include": relative_include(places.project, other)})
    return plan


def remove_reference(places: ProjectPlaces, other: Path) -> Planned:
    plan = Planned(f"Remove the reference to {other.stem} from {places.name}")
    file = MsBuildFile(places.project)
    found = referencing(file, places.project, other)
    if found:
        plan.files[places.project] = file.remove_all(found)
    if not plan.files:
        raise InvalidArgument(
            f"{places.name} has no ProjectReference to {other.stem}.",
            "Its references are listed by project_structure.",
        )
    return plan
