"""Bring a solution to a loadable state: MSBuildWorkspace neither restores nor builds.

``dotnet restore`` runs when a project was never restored; a source generator referenced as a
project analyzer is built when its output is missing.
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from ..host.runtime import DotnetInstall
from ..models import WorkspaceDiagnostic

RESTORE_TIMEOUT_SECONDS = 600


def needs_restore(projects: list[Path]) -> list[Path]:
    """Projects with no ``obj/project.assets.json``."""
    return [p for p in projects if not (p.parent / "obj" / "project.assets.json").is_file()]


def restore(dotnet: DotnetInstall, target: Path) -> WorkspaceDiagnostic | None:
    """Restore ``target`` (a solution or project); a failure comes back as a diagnostic, not an error.

    Loading goes on after a failed restore: the projects that did restore are still worth browsing.
    """
    return _run_dotnet(dotnet, ["restore", str(target)], target, "dotnet restore")


def _run_dotnet(dotnet: DotnetInstall, arguments: list[str], target: Path, what: str) -> WorkspaceDiagnostic | None:
    """Run a ``dotnet`` command quietly; its failure (error lines only) as a diagnostic for ``target``."""
    try:
        completed = subprocess.run(
            [str(dotnet.dotnet), *arguments, "--verbosity", "quiet", "-nologo"],
            cwd=target.parent,
            capture_output=True,
            text=True,
            timeout=RESTORE_TIMEOUT_SECONDS,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return WorkspaceDiagnostic(
            "error", target.stem, f"{what} ran past {RESTORE_TIMEOUT_SECONDS} s and was stopped."
        )
    if completed.returncode == 0:
        return None
    lines = [line.strip() for line in (completed.stdout + completed.stderr).splitlines() if "error" in line]
    detail = "; ".join(dict.fromkeys(lines))[:600] or f"exit code {completed.returncode}"
    return WorkspaceDiagnostic("error", target.stem, f"{what} failed: {detail}")


def unbuilt_generators(projects: list[Path]) -> list[Path]:
    """Generator projects referenced as analyzers (``OutputItemType="Analyzer"``) with no build output.

    MSBuildWorkspace points the analyzer reference at the generator's ``bin/`` output; when that was
    never built, the generator silently does not run and every use of generated code is an error.
    """
    found: dict[Path, None] = {}
    for project in projects:
        for reference in _analyzer_project_references(project):
            if not any((reference.parent / "bin").rglob(f"{reference.stem}.dll")):
                found[reference] = None
    return list(found)


def _analyzer_project_references(project: Path) -> list[Path]:
    try:
        root = ElementTree.parse(project).getroot()
    except (OSError, ElementTree.ParseError):
        return []
    found = []
    for element in root.iter():
        if element.tag.rsplit("}", 1)[-1] != "ProjectReference":
            continue
        kind = element.get("OutputItemType") or next(
            (child.text or "" for child in element if child.tag.rsplit("}", 1)[-1] == "OutputItemType"), ""
        )
        include = element.get("Include")
        if kind.strip().lower() == "analyzer" and include:
            path = (project.parent / include.replace("\\", "/")).resolve()
            if path.is_file():
                found.append(path)
    return found


def build_generator(dotnet: DotnetInstall, project: Path) -> WorkspaceDiagnostic | None:
    """Build one generator project so its analyzer reference exists; a failure is a diagnostic."""
    return _run_dotnet(dotnet, ["build", str(project)], project, f"Building the source generator {project.name}")
