"""Part of a solution: the projects a solution filter or a focus leaves out.

MSBuild opens a project the focus references even when the filter leaves it out (the focus would not
compile without it). Where that project has been built, its output assembly stands in for it: each
project that referenced it gets the assembly as a metadata reference (with its XML documentation),
and the project is let go, so memory follows the focus. One never built stays in the solution whole.

Answers that search every project (references, implementations, hierarchies, callers, unused code,
diagnostics, the graph) or edits that update and check every use cannot see into the projects left
out: each says so (``incomplete``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .declared import Declaration, declaration
from .solution_file import SolutionTarget


def incomplete(target: SolutionTarget, what: Declaration | Callable[..., Any]) -> str | None:
    """What an answer of ``what`` (a query, or its declaration) lacks under ``target``'s focus, or ``None``."""
    if not target.left_out:
        return None
    if not isinstance(what, Declaration):
        what = declaration(what)
    projects = f"{target.left_out} project{'s' if target.left_out != 1 else ''} of the solution"
    if what.scope == "every_project":
        return f"Focused: {projects} left out, so what they hold is not in this answer."
    if what.updates_every_use:
        return f"Focused: {projects} left out; uses in them are neither updated nor checked."
    return None


def outside_as_metadata(solution: Any, target: SolutionTarget) -> tuple[Any, list[str]]:
    """``solution`` with each built project outside the focus replaced by its output assembly; and the
    notes that say which projects stand in as assemblies and which are loaded whole."""
    if not target.focus:
        return solution, []
    kept = {os.path.normcase(str(path)) for path in target.focus}
    outside = [p for p in solution.Projects if p.FilePath and os.path.normcase(str(p.FilePath)) not in kept]
    referenced = {r.ProjectId for p in solution.Projects for r in p.ProjectReferences}
    as_assemblies, whole = [], []
    for project in outside:
        output = Path(str(project.OutputFilePath or ""))
        if project.Id in referenced and not output.is_file():
            whole.append(str(project.Name))
            continue
        if project.Id in referenced:
            reference = _assembly(output)
            for dependent in solution.Projects:
                for project_reference in list(dependent.ProjectReferences):
                    if project_reference.ProjectId == project.Id:
                        solution = solution.RemoveProjectReference(dependent.Id, project_reference)
                        solution = solution.AddMetadataReference(dependent.Id, reference)
            as_assemblies.append(str(project.Name))
        # Built or referenced by nothing (a generator the focus uses as an analyzer, from its output).
        solution = solution.RemoveProject(project.Id)
    notes = []
    if as_assemblies:
        notes.append(
            f"Outside the focus, referenced as their built assemblies: {', '.join(sorted(set(as_assemblies)))}."
        )
    if whole:
        notes.append(
            f"Outside the focus but loaded whole, as the focus references them and they are not built: "
            f"{', '.join(sorted(set(whole)))}."
        )
    return solution, notes


def _assembly(output: Path) -> Any:
    """A metadata reference to ``output`` with the XML documentation built beside it."""
    from Microsoft.CodeAnalysis import (  # type: ignore[import-not-found]
        DocumentationProvider,
        MetadataReference,
        MetadataReferenceProperties,
        XmlDocumentationProvider,
    )

    xml = output.with_suffix(".xml")
    documentation = (
        XmlDocumentationProvider.CreateFromFile(str(xml)) if xml.is_file() else DocumentationProvider.Default
    )
    return MetadataReference.CreateFromFile(str(output), MetadataReferenceProperties.Assembly, documentation)
