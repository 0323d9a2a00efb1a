"""Run ``dotnet restore`` when a project has never been restored; MSBuildWorkspace never does."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .models import WorkspaceDiagnostic
from .runtime import DotnetInstall

RESTORE_TIMEOUT_SECONDS = 600


def needs_restore(projects: list[Path]) -> list[Path]:
    """Projects with no ``obj/project.assets.json``."""
    return [p for p in projects if not (p.parent / "obj" / "project.assets.json").is_file()]


def restore(dotnet: DotnetInstall, target: Path) -> WorkspaceDiagnostic | None:
    """Restore ``target`` (a solution or project); a failure comes back as a diagnostic, not an error.

    Loading goes on after a failed restore: the projects that did restore are still worth browsing.
    """
    try:
        completed = subprocess.run(
            [str(dotnet.dotnet), "restore", str(target), "--verbosity", "quiet", "-nologo"],
            cwd=target.parent,
            capture_output=True,
            text=True,
            timeout=RESTORE_TIMEOUT_SECONDS,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return WorkspaceDiagnostic(
            "error", target.name, f"dotnet restore ran past {RESTORE_TIMEOUT_SECONDS} s and was stopped."
        )
    if completed.returncode == 0:
        return None
    lines = [line.strip() for line in (completed.stdout + completed.stderr).splitlines() if "error" in line]
    detail = "; ".join(dict.fromkeys(lines)) or f"exit code {completed.returncode}"
    return WorkspaceDiagnostic("error", target.name, f"dotnet restore failed: {detail[:600]}")
