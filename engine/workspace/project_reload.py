"""Reload a few changed projects into an existing solution, keeping every other project as it is.

MSBuild evaluates only the changed project files; their ``ProjectId``s are kept (through a
``ProjectMap`` built from the current solution), so references from other projects still hold.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..host.interop import Operation


def reload_projects(workspace: Any, solution: Any, project_files: list[Path], operation: Operation) -> Any:
    """A new ``Solution`` in which each of ``project_files`` (every target of it) is evaluated afresh."""
    from Microsoft.CodeAnalysis.MSBuild import MSBuildProjectLoader, ProjectMap  # type: ignore[import-not-found]

    for project_file in project_files:
        wanted = os.path.normcase(str(project_file))
        stale = [p for p in solution.Projects if p.FilePath and os.path.normcase(str(p.FilePath)) == wanted]
        # The map lets the loader reuse the projects that did not change; the changed one must be
        # absent from it, or the loader hands back its old, empty placeholder.
        project_map = ProjectMap.Create()
        for project in solution.Projects:
            if project not in stale:
                project_map.Add(project)
        loader = MSBuildProjectLoader(workspace, None)
        loader.LoadMetadataForReferencedProjects = False
        infos = operation.wait(loader.LoadProjectInfoAsync(str(project_file), project_map, None, None, operation.token))
        fresh = [info for info in infos if info.FilePath and os.path.normcase(str(info.FilePath)) == wanted]
        solution = _replace(solution, stale, fresh)
    return solution


def _replace(solution: Any, stale: list[Any], fresh: list[Any]) -> Any:
    """Swap ``stale`` projects for ``fresh`` ones, pointing every dependent at the new ids."""
    from Microsoft.CodeAnalysis import ProjectReference  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    fresh_by_name = {str(info.Name): info for info in fresh}
    fallback = fresh[0] if fresh else None
    replacements = {str(old.Id.Id): fresh_by_name.get(str(old.Name), fallback) for old in stale}
    dependents = [
        project.Id
        for project in solution.Projects
        if project not in stale and any(str(r.ProjectId.Id) in replacements for r in project.AllProjectReferences)
    ]
    for old in stale:
        solution = solution.RemoveProject(old.Id)
    for info in fresh:
        solution = solution.AddProject(info)
    for project_id in dependents:
        references = List[ProjectReference]()
        for reference in solution.GetProject(project_id).AllProjectReferences:
            replacement = replacements.get(str(reference.ProjectId.Id), "keep")
            if replacement == "keep":
                references.Add(reference)
            elif replacement is not None:
                references.Add(ProjectReference(replacement.Id, reference.Aliases, reference.EmbedInteropTypes))
        solution = solution.WithProjectReferences(project_id, references)
    return solution
