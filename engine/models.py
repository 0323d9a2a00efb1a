"""Plain, frozen values the engine hands to its callers. No .NET object ever leaves ``engine/``."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

# Field metadata for structured content (MCP), read by ``mcp_server.lean``: the text is for reading,
# the structure for acting, and an assistant pays for both.
TEXT_ONLY = {"structured": False}
"""For reading only: the text shows it; structured content leaves it out (another field says it exactly)."""
FIRST_PAGE = {"first_page": True}
"""A part of a paged view shown with its first page only (a review's errors and tests): a later page
leaves it out, in its text and its structured content alike."""
FLAT = {"flat": True}
"""A nested value whose fields structured content puts in its parent's."""
WITHOUT_LOCATION = {"unless": "location"}
"""Only said where the item has no location (a metadata symbol's assembly)."""


def short_key(key: str) -> dict[str, str]:
    """Structured content names the field ``key``."""
    return {"key": key}


@dataclass(frozen=True, slots=True)
class Location:
    """A span in a file; lines and columns are 1-based, the end is exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def relative(self, root: Path | str) -> str:
        """``relative/path.cs:line:col``, the form every text view prints."""
        return f"{relative_path(self.path, root)}:{self.line}:{self.column}"


def relative_path(path: str, root: Path | str) -> str:
    """``path`` as text views print it: relative to ``root``; a package file as ``nuget:id/version/...``;
    anything else absolute."""
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return package_path(path) or path


_generators: dict[str, str] = {}
"""Path of a generated document -> its generator's type name (``engine.external.generated`` fills it)."""


def remember_generated(path: str, generator: str) -> None:
    _generators[path] = generator


def remember_all_generated(found: dict[str, str]) -> None:
    """Documents another process's engine knows as generated (a shared engine's, for views shown here)."""
    _generators.update(found)


def generated_since(count: int) -> dict[str, str]:
    """The generated documents remembered after the first ``count`` (the order they were remembered in)."""
    return dict(list(_generators.items())[count:]) if len(_generators) > count else {}


_GENERATED_SUFFIXES = (
    ".g.cs",
    ".g.i.cs",
    ".designer.cs",
    ".generated.cs",
    ".assemblyinfo.cs",
    ".assemblyattributes.cs",
)


def is_generated(path: str) -> bool:
    """A generator's or the build's file: a source generator's output, ``obj/`` files, designer files."""
    lowered = path.replace("\\", "/").lower()
    return not path or lowered.endswith(_GENERATED_SUFFIXES) or "/obj/" in lowered


def generator_of(path: str) -> str:
    """The generator that made the document at ``path`` (its type's name), or empty for a file on disk."""
    known = _generators.get(path)
    return known if known is not None else _generator_by_place(path)


def _generator_by_place(path: str) -> str:
    """Before the warm-up has listed a solution's generated documents (an answer can come first), one
    is told by where Roslyn puts it: ``<obj folder>/<generator assembly>/<generator type>/<hint name>``,
    a path with no file behind it."""
    parts = path.replace("\\", "/").split("/")
    if "obj" not in parts[:-3] or os.path.exists(path):
        return ""
    below = parts[max(i for i, part in enumerate(parts[:-3]) if part == "obj") + 1 : -1]
    # A hint name may hold folders (Razor's ``Pages/Counter_razor.g.cs``): the generator's type is the
    # second folder below the target framework's (``obj/Debug/net10.0/<assembly>/<type>/...``).
    framework = next((i for i, part in enumerate(below[:-2]) if _TARGET_FRAMEWORK.fullmatch(part)), None)
    generator = below[framework + 2] if framework is not None else parts[-2]
    return generator if "." in generator else ""


_TARGET_FRAMEWORK = re.compile(r"net\d+(\.\d+)?(-[\w.]+)?|netstandard\d+\.\d+|netcoreapp\d+\.\d+", re.IGNORECASE)
"""A target framework's folder name (``net10.0``, ``net8.0-windows``, ``netstandard2.0``, ``net472``)."""


@lru_cache(maxsize=4096)
def package_path(path: str) -> str | None:
    """``nuget:<id>/<version>/<file>`` when ``path`` lies in an extracted NuGet package, else ``None``.

    NuGet writes ``.nupkg.metadata`` at the top of every package it extracts, whichever folder holds it,
    so the mark needs no knowledge of the machine's package folders.
    """
    parts = Path(path).parts
    for depth in range(len(parts) - 1, 2, -1):
        package = Path(*parts[:depth])
        if (package / ".nupkg.metadata").is_file():
            return "nuget:" + "/".join(parts[depth - 2 :])
    return None


@dataclass(frozen=True)
class LoadProgress:
    """One step of loading, for progress bars."""

    phase: str
    """``restore``, ``evaluate``, ``build``, ``resolve``, ``compile`` or ``done``."""
    project: str
    index: int
    """Projects finished so far (0 while the first is loading)."""
    total: int


@dataclass(frozen=True)
class WorkspaceDiagnostic:
    """A problem with the solution as a whole: the one list every count and view of problems comes from
    (the app's Info panel and its notice, ``project_structure``, ``workspace_problems``, ``doctor``)."""

    severity: str
    """``error`` or ``warning``."""
    project: str
    """The project it belongs to; empty for the solution."""
    message: str
    """The whole message, never cut."""
    kind: str = "load"
    """``restore``, ``build`` (a source generator built before loading), ``load`` (MSBuild's evaluation),
    ``update`` (applying a change on disk) or ``compile`` (a project with compile errors)."""
    action: str = ""
    """What to do about it."""


@dataclass(frozen=True)
class ProjectSummary:
    name: str
    path: str
    target_framework: str
    """The target used for navigation; see ``target_frameworks`` for all of them."""
    target_frameworks: tuple[str, ...]
    document_count: int
    language: str = "C#"


@dataclass(frozen=True)
class LoadReport:
    """What opening a solution did."""

    solution_path: str
    projects: tuple[ProjectSummary, ...]
    diagnostics: tuple[WorkspaceDiagnostic, ...]
    seconds: float
    notes: tuple[str, ...] = field(default_factory=tuple)
    """Choices the engine made that a user should hear of (which solution, which target, restore)."""


@dataclass(frozen=True, slots=True)
class SymbolSummary:
    """A symbol as every list shows it: one line of identity and one place."""

    name: str = field(metadata=TEXT_ONLY)
    kind: str
    """A word from ``engine.symbols.describe.SYMBOL_KIND_WORDS`` (or ``local``, ``parameter``...)."""
    display: str = field(metadata=TEXT_ONLY)
    """The signature as C# shows it, minimally qualified (``documentation_id`` names it exactly)."""
    qualified_name: str = field(metadata=TEXT_ONLY)
    documentation_id: str = field(metadata=short_key("id"))
    container: str = field(metadata=TEXT_ONLY)
    """The containing type, or the namespace for a top-level type."""
    location: Location | None
    """The first source declaration; ``None`` for metadata symbols."""
    in_source: bool = field(metadata=TEXT_ONLY)
    """Whether ``location`` is set."""
    assembly: str = field(metadata=WITHOUT_LOCATION)
