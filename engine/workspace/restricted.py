"""Open an untrusted solution without running anything from it.

MSBuild evaluation, restore, design-time builds, analyzers and source generators all run code the
repository controls. A restricted solution uses none of them: the project files are read as plain
XML (for names, project references and global usings: ``implicit_usings``), the ``.cs`` files are
found by walking each project's directory, and the only metadata is the SDK's own reference pack.
Roslyn can then parse and bind declarations, which is all that outline, declaration search and source
need; nothing is executed.
"""

from __future__ import annotations

import logging
import os
import threading
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..host.runtime import RuntimeInfo
from ..models import WorkspaceDiagnostic
from .boundary import is_inside
from .implicit_usings import global_usings_text, sdk_usings_text
from .solution_file import SolutionTarget, project_paths

log = logging.getLogger("roslyn_tui.engine.restricted")

_SKIPPED_DIRECTORIES = {"bin", "obj", ".git", ".vs", ".idea", "node_modules"}


@dataclass
class _ProjectFile:
    path: Path
    name: str
    assembly_name: str
    target: str = ""
    references: list[Path] = field(default_factory=list)
    sources: list[Path] = field(default_factory=list)
    executable: bool = False


def open_restricted(
    target: SolutionTarget, runtime: RuntimeInfo, host: Any = None
) -> tuple[Any, Any, list[WorkspaceDiagnostic]]:
    """An ``AdhocWorkspace`` holding the solution's C# files; returns (solution, workspace, problems).
    ``host``: its MEF host services (else Roslyn's default host, the one MSBuildWorkspace uses)."""
    from Microsoft.CodeAnalysis import (  # type: ignore[import-not-found]
        AdhocWorkspace,
        ProjectId,
        ProjectInfo,
        SolutionId,
        SolutionInfo,
        VersionStamp,
    )
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    problems: list[WorkspaceDiagnostic] = []
    root = target.directory
    if target.apps:
        # Nothing evaluated, not even the SDK's reading of the directives: each app is its one file.
        files = [_ProjectFile(app, app.name, app.stem, sources=[app], executable=True) for app in target.apps]
    else:
        files = [_read_project(path, root, problems) for path in project_paths(target) if is_inside(root, path)]
        _assign_sources(files, root)
    ids = {project.path: ProjectId.CreateNewId(project.name) for project in files}
    metadata = reference_pack(runtime)
    sdks = runtime.dotnet.sdk_dir / "Sdks"
    infos = List[ProjectInfo]()
    for project in files:
        # A file-based app's virtual project turns ImplicitUsings on, as the SDK's templates do.
        usings = sdk_usings_text(sdks) if target.apps else global_usings_text(project.path, root, sdks)
        infos.Add(_project_info(project, ids, metadata, usings))
    workspace = AdhocWorkspace() if host is None else AdhocWorkspace(host)
    solution_info = SolutionInfo.Create(SolutionId.CreateNewId(), VersionStamp.Create(), str(target.path), infos)
    solution = workspace.AddSolution(solution_info)
    return solution, workspace, problems


def _read_project(path: Path, root: Path, problems: list[WorkspaceDiagnostic]) -> _ProjectFile:
    """Names and project references from the XML itself; nothing is evaluated, imports are not followed."""
    project = _ProjectFile(path, path.stem, path.stem)
    try:
        document = ElementTree.parse(path)
    except (OSError, ElementTree.ParseError) as error:
        problems.append(
            WorkspaceDiagnostic(
                "error",
                path.stem,
                f"{path.name} could not be read as XML: {error}",
                "load",
                "Fix the project file's XML; the other projects are loaded.",
            )
        )
        return project
    for element in document.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        value = (element.text or "").strip()
        if "$(" in value:
            continue  # a property would need evaluation, which runs the project
        if tag == "AssemblyName" and value:
            project.assembly_name = value
        elif tag in ("TargetFramework", "TargetFrameworks") and value and not project.target:
            project.target = value.split(";")[0].strip()
        elif tag == "ProjectReference" and element.get("Include"):
            referenced = (path.parent / element.get("Include", "").replace("\\", "/")).resolve()
            if is_inside(root, referenced):
                project.references.append(referenced)
    return project


def _assign_sources(projects: list[_ProjectFile], root: Path) -> None:
    """Each ``.cs`` file under the solution goes to the project whose directory is the deepest holding it."""
    directories = {project.path.parent: project for project in projects}
    for directory, project in directories.items():
        for folder, subfolders, names in os.walk(directory):
            here = Path(folder)
            subfolders[:] = [
                name
                for name in subfolders
                if name not in _SKIPPED_DIRECTORIES
                and not name.startswith(".")
                and (here / name) not in directories  # a nested project keeps its own files
            ]
            # A file that is not a link lies where its folder does: one folder resolved, not each file
            # (0.2 s of a first start's syntax view at 1,575 files).
            folder_inside = is_inside(root, here)
            for name in sorted(names):
                candidate = here / name
                if not name.endswith(".cs") or not candidate.is_file():
                    continue
                if (folder_inside and not candidate.is_symlink()) or is_inside(root, candidate):
                    project.sources.append(candidate)


def _project_info(project: _ProjectFile, ids: dict[Path, Any], metadata: Any, usings: str) -> Any:
    """The project, its ``.cs`` files and, when it has any, the global usings its build would generate."""
    from Microsoft.CodeAnalysis import (  # type: ignore[import-not-found]
        DocumentId,
        DocumentInfo,
        LanguageNames,
        OutputKind,
        ProjectInfo,
        ProjectReference,
        SourceCodeKind,
        TextAndVersion,
        TextLoader,
        VersionStamp,
    )
    from Microsoft.CodeAnalysis import FileTextLoader as Loader
    from Microsoft.CodeAnalysis.CSharp import (  # type: ignore[import-not-found]
        CSharpCompilationOptions,
        CSharpParseOptions,
        LanguageVersion,
    )
    from Microsoft.CodeAnalysis.Text import SourceText  # type: ignore[import-not-found]
    from System import String  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]
    from System.Text import Encoding  # type: ignore[import-not-found]

    project_id = ids[project.path]
    documents = List[DocumentInfo]()
    for source in project.sources:
        folders = List[String]()
        for part in source.parent.relative_to(project.path.parent).parts:
            folders.Add(part)
        documents.Add(
            DocumentInfo.Create(
                DocumentId.CreateNewId(project_id),
                source.name,
                folders,
                SourceCodeKind.Regular,
                Loader(str(source), Encoding.UTF8),
                str(source),
            )
        )
    if usings:
        name = f"{project.assembly_name}.GlobalUsings.g.cs"
        text = TextAndVersion.Create(SourceText.From(usings), VersionStamp.Create())
        path = project.path.parent / "obj" / name  # where a build writes it (never read from there)
        documents.Add(
            DocumentInfo.Create(
                DocumentId.CreateNewId(project_id), name, None, SourceCodeKind.Regular, TextLoader.From(text), str(path)
            )
        )
    references = List[ProjectReference]()
    for referenced in project.references:
        if referenced in ids:
            references.Add(ProjectReference(ids[referenced]))
    # The target in the name, as MSBuildWorkspace names multi-targeted projects, so views show it.
    name = f"{project.name}({project.target})" if project.target else project.name
    info = ProjectInfo.Create(project_id, VersionStamp.Create(), name, project.assembly_name, LanguageNames.CSharp)
    return (
        info.WithFilePath(str(project.path))
        .WithDocuments(documents)
        .WithProjectReferences(references)
        .WithMetadataReferences(metadata)
        .WithParseOptions(CSharpParseOptions(LanguageVersion.Preview))
        .WithCompilationOptions(
            CSharpCompilationOptions(
                OutputKind.ConsoleApplication if project.executable else OutputKind.DynamicallyLinkedLibrary
            )
        )
    )


_packs: dict[Path, Any] = {}
_packs_lock = threading.Lock()


def reference_pack(runtime: RuntimeInfo) -> Any:
    """The SDK's newest Microsoft.NETCore.App reference assemblies: metadata only, never executed. One
    list per process: every view and compilation given it reads each assembly's metadata once."""
    with _packs_lock:
        found = _packs.get(runtime.dotnet.root)
        if found is None:
            found = _packs[runtime.dotnet.root] = _read_reference_pack(runtime)
        return found


def _read_reference_pack(runtime: RuntimeInfo) -> Any:
    from Microsoft.CodeAnalysis import MetadataReference  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    references = List[MetadataReference]()
    pack = runtime.dotnet.root / "packs" / "Microsoft.NETCore.App.Ref"
    versions = sorted(
        (p for p in pack.glob("*/ref/net*") if p.is_dir()),
        key=lambda p: [int(x) for x in _digits(p.parent.parent.name)],
    )
    if not versions:
        log.warning("no reference pack under %s: restricted views will lack framework types", pack)
        return references
    for assembly in sorted(versions[-1].glob("*.dll")):
        references.Add(MetadataReference.CreateFromFile(str(assembly)))
    return references


def _digits(version: str) -> list[str]:
    return [part for part in version.replace("-", ".").split(".") if part.isdigit()]
