"""``project_structure`` and ``list_namespaces``."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from ..external.generated import generated_files
from ..host.interop import Operation
from ..models import WorkspaceDiagnostic
from ..symbols.declarations import source_declarations
from ..symbols.describe import qualified_name, typed
from ..views.project import (
    GeneratedDocument,
    Namespace,
    NamespaceList,
    PackageReference,
    ProjectInfo,
    ProjectStructure,
)
from ..workspace.assets import assets_file
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name

_OUTPUT_KINDS = {
    "DynamicallyLinkedLibrary": "library",
    "ConsoleApplication": "exe",
    "WindowsApplication": "winexe",
    "WindowsRuntimeApplication": "winexe",
    "NetModule": "module",
    "WindowsRuntimeMetadata": "winmdobj",
}


@query(restricted=True, scope="every_project")
def project_structure(
    snapshot: Snapshot,
    operation: Operation,
    include_documents: bool = False,
    problems: tuple[WorkspaceDiagnostic, ...] = (),
    include_generated: bool | None = None,
) -> ProjectStructure:
    """Projects with their targets, output kind, project and package references (and documents), and
    the load's ``problems`` (the session's ``report.diagnostics``).

    Args:
        include_generated: list what source generators add too (running them: each project compiled);
            by default with the documents.
    """
    items = []
    generated: dict[str, list[GeneratedDocument]] = defaultdict(list)
    if include_documents if include_generated is None else include_generated:
        for file in generated_files(snapshot, operation):
            generated[file.project].append(GeneratedDocument(file.path, file.generator))
    for project in snapshot.projects:
        operation.check()
        tfm = snapshot.project_targets[project.Name]
        options = project.CompilationOptions
        parse = project.ParseOptions
        references = sorted(
            {display_name(snapshot.solution.GetProject(r.ProjectId)) for r in project.ProjectReferences}
        )
        documents = tuple(sorted(_documents(project))) if include_documents else ()
        items.append(
            ProjectInfo(
                name=display_name(project),
                path=str(project.FilePath or ""),
                target_framework=tfm,
                target_frameworks=tuple(snapshot.targets_of(project)),
                output_kind=_OUTPUT_KINDS.get(str(options.OutputKind), str(options.OutputKind)) if options else "",
                language_version=_language_version(parse),
                project_references=tuple(references),
                package_references=tuple(package_references(Path(str(project.FilePath)), tfm)),
                metadata_reference_count=int(project.MetadataReferences.Count),
                document_count=int(project.DocumentIds.Count),
                documents=documents,
                generated_documents=tuple(generated.get(display_name(project), ())),
            )
        )
    return ProjectStructure(
        root=str(snapshot.root),
        solution_path=str(snapshot.solution.FilePath or snapshot.root),
        items=tuple(items),
        problems=problems,
    )


def _documents(project: Any) -> list[str]:
    """The project's C# files, and the Razor files its generators turn into C# (``.razor``, ``.cshtml``)."""
    found = [str(d.FilePath) for d in project.Documents if d.FilePath]
    razor = (str(d.FilePath) for d in project.AdditionalDocuments if d.FilePath)
    return found + [path for path in razor if path.lower().endswith((".razor", ".cshtml"))]


def _language_version(parse_options: Any) -> str:
    if parse_options is None:
        return ""
    from Microsoft.CodeAnalysis.CSharp import CSharpParseOptions, LanguageVersionFacts  # type: ignore[import-not-found]

    version = (
        CSharpParseOptions(parse_options).LanguageVersion
        if not hasattr(parse_options, "LanguageVersion")
        else parse_options.LanguageVersion
    )
    return str(LanguageVersionFacts.ToDisplayString(version))


def package_references(project_file: Path, tfm: str) -> list[PackageReference]:
    """Packages the project asks for directly, with the versions restore chose (``project.assets.json``).

    The assets file is what restore actually resolved, so it is the truth for a loaded project; a
    project that was never restored lists none.
    """
    assets = assets_file(project_file)
    if assets is None:
        return []
    try:
        data = json.loads(assets.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    frameworks = data.get("project", {}).get("frameworks", {})
    framework: dict[str, Any] = frameworks.get(tfm) or next(iter(frameworks.values()), {})
    resolved: dict[str, str] = {}
    for key in data.get("libraries", {}):
        name, _, version = key.partition("/")
        resolved[name.lower()] = version
    found = []
    for name, spec in sorted(framework.get("dependencies", {}).items(), key=lambda pair: pair[0].lower()):
        if isinstance(spec, dict) and spec.get("autoReferenced"):
            continue  # implicit SDK packages (NETStandard.Library ...) are not the project's choice
        requested = spec.get("version", "") if isinstance(spec, dict) else str(spec)
        found.append(PackageReference(name, resolved.get(name.lower(), requested)))
    return found


@query(restricted=True, scope="every_project")
def list_namespaces(snapshot: Snapshot, operation: Operation) -> NamespaceList:
    """Namespaces that hold source types, with how many types each holds and in which projects."""
    counts: dict[str, int] = defaultdict(int)
    projects: dict[str, set[str]] = defaultdict(set)
    seen: set[Any] = set()
    for declaration in source_declarations(snapshot, operation).all(operation):
        symbol = declaration.symbol
        if str(symbol.Kind) != "NamedType" or symbol.ContainingType is not None:
            continue
        key = (declaration.project, str(symbol.MetadataName), qualified_name(symbol))
        if key in seen:
            continue
        seen.add(key)
        namespace = typed(symbol.ContainingNamespace)
        name = "" if namespace.IsGlobalNamespace else qualified_name(namespace)
        counts[name] += 1
        projects[name].add(declaration.project)
    items = tuple(Namespace(name, counts[name], tuple(sorted(projects[name]))) for name in sorted(counts))
    return NamespaceList(root=str(snapshot.root), items=items)
