"""The solution's projects, and its namespaces."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import WorkspaceDiagnostic, relative_path
from .problems import headline, problem_lines
from .text import plural, targets


@dataclass(frozen=True)
class PackageReference:
    name: str
    version: str
    """The version restore resolved (else the requested range)."""


@dataclass(frozen=True)
class ProjectInfo:
    name: str
    path: str
    target_framework: str
    """The target navigated; ``target_frameworks`` lists them all."""
    target_frameworks: tuple[str, ...]
    output_kind: str
    """``library``, ``exe``, ``winexe`` or ``module``."""
    language_version: str
    project_references: tuple[str, ...]
    package_references: tuple[PackageReference, ...]
    metadata_reference_count: int
    document_count: int
    documents: tuple[str, ...] = ()
    """Absolute paths, when asked for."""


@dataclass(frozen=True)
class ProjectStructure:
    root: str
    solution_path: str
    items: tuple[ProjectInfo, ...]
    problems: tuple[WorkspaceDiagnostic, ...] = ()
    """The load's problems (``workspace_problems`` adds the compile errors)."""

    def render(self) -> str:
        lines = [f"Solution {relative_path(self.solution_path, self.root)}: {plural(len(self.items), 'project')}"]
        for project in self.items:
            frameworks = targets(project.target_framework, project.target_frameworks)
            lines.append(
                f"{project.name}  {relative_path(project.path, self.root)}  {project.output_kind}  {frameworks}  "
                f"C# {project.language_version}  {plural(project.document_count, 'document')}"
            )
            if project.project_references:
                lines.append(f"  references: {', '.join(project.project_references)}")
            if project.package_references:
                lines.append("  packages: " + ", ".join(f"{p.name} {p.version}" for p in project.package_references))
            lines.extend(f"  {relative_path(document, self.root)}" for document in project.documents)
        if self.problems:
            lines.append(f"Problems while loading: {headline(self.problems)}")
            lines.extend(problem_lines(self.problems))
        return "\n".join(lines)


@dataclass(frozen=True)
class Namespace:
    name: str
    type_count: int
    projects: tuple[str, ...]


@dataclass(frozen=True)
class NamespaceList:
    root: str
    items: tuple[Namespace, ...]

    def render(self) -> str:
        lines = [f"Namespaces: {len(self.items)}"]
        lines.extend(
            f"{n.name or '(global)'}  {plural(n.type_count, 'type')}  {', '.join(n.projects)}" for n in self.items
        )
        return "\n".join(lines)
