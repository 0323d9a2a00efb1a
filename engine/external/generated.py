"""Source generators' output (the SDK's ``[GeneratedRegex]``, System.Text.Json, ``[LibraryImport]``,
logging, and the solution's own generators), as part of the solution: listed per project, found by
path, and known by path to every view, which marks it with its generator's name.

A generated document has a path that exists nowhere on disk (Roslyn names it
``<obj folder>/<generator assembly>/<generator type>/<hint name>``); it is read from the compilation,
and never written: the editing writer refuses any path that is not a file the solution owns.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Any

from ..errors import FileNotInSolution
from ..host.interop import Operation
from ..models import remember_generated
from ..workspace.snapshot import Snapshot, display_name

_MEMO = "generated_files"


@dataclass(frozen=True)
class GeneratedFile:
    path: str
    project: str
    generator: str
    """The generator's type, as ``System.Text.RegularExpressions.Generator.RegexGenerator``."""
    assembly: str
    """The generator's assembly."""


def generated_files(snapshot: Snapshot, operation: Operation) -> tuple[GeneratedFile, ...]:
    """Every generated document of the navigated projects (running their generators if the compiler has
    not yet), by project and path; remembered for the views (``models.generator_of``)."""
    return snapshot.memo(_MEMO, lambda: tuple(_listed(snapshot, operation)))


def any_document(snapshot: Snapshot, path: str, operation: Operation) -> Any:
    """The document at ``path``: a file of the solution, else a generated one (read-only)."""
    try:
        return snapshot.document(path)
    except FileNotInSolution:
        wanted = str(snapshot.absolute(path))
        if any(file.path == wanted for file in generated_files(snapshot, operation)):
            return generated_document(snapshot, path, operation)
        raise  # what the solution's files say of the path (missing, or in no project) is the better answer


def text_document(snapshot: Snapshot, path: str, operation: Operation) -> Any:
    """A document to read the text of: ``any_document``'s, or a file the generators turn into C# (a
    ``.razor`` or ``.cshtml`` file, an additional document with no syntax tree of its own)."""
    additional = snapshot.additional_document(path) if str(path).lower().endswith((".razor", ".cshtml")) else None
    return additional if additional is not None else any_document(snapshot, path, operation)


def generated_document(snapshot: Snapshot, path: str, operation: Operation) -> Any:
    """The generated document at ``path`` (absolute or relative to the solution); a named error when
    no generator made one there."""
    wanted = str(snapshot.absolute(path))
    for file in generated_files(snapshot, operation):
        if file.path == wanted:
            project = next(p for p in snapshot.projects if display_name(p) == file.project)
            for document in _documents(project, operation):
                if str(document.FilePath) == wanted:
                    return document
    raise FileNotInSolution(
        f"{snapshot.relative(wanted)} is neither a file of the solution nor one its source generators made.",
        "Give a .cs file of the solution, or a generated file as project_structure(include_documents=true) lists it.",
    )


def _listed(snapshot: Snapshot, operation: Operation) -> list[GeneratedFile]:
    found = []
    for project in snapshot.projects:
        for document in _documents(project, operation):
            path, hint = str(document.FilePath), str(document.HintName)
            # <obj folder>/<generator assembly>/<generator type>/<hint name>
            folder = posixpath.dirname(path[: -len(hint)].rstrip("/")) if path.endswith(hint) else ""
            generator = posixpath.basename(path[: -len(hint)].rstrip("/")) if folder else ""
            file = GeneratedFile(path, display_name(project), generator, posixpath.basename(folder))
            remember_generated(file.path, file.generator)
            found.append(file)
    return sorted(found, key=lambda file: (file.project, file.path))


def _documents(project: Any, operation: Operation) -> Any:
    return operation.wait(project.GetSourceGeneratedDocumentsAsync(operation.token).AsTask())
