"""The project the SDK builds for a file-based app (``dotnet run-api``'s GetProject: the same text
``dotnet run app.cs`` builds), written with its build output into the user cache, never beside the app,
and a ``.slnx`` listing one such project per app, which MSBuildWorkspace opens as any solution."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from ...errors import WorkspaceLoadFailed
from ...host.cache import cache_dir, owned
from ...host.files import write_whole
from ...host.runtime import DotnetInstall
from ...sandbox import allowlisted_environment
from .directives import stamp

_STAMP = "directives.txt"


def app_directory(app: Path) -> Path:
    """Where ``app``'s virtual project and its ``bin``/``obj`` live: one folder per app."""
    key = hashlib.sha256(str(app).encode()).hexdigest()[:16]
    return cache_dir("apps", f"{app.stem}-{key}")


def is_app_project(path: str | Path) -> bool:
    """Whether ``path`` is a virtual project made here for a file-based app."""
    return Path(path).suffix == ".csproj" and cache_dir("apps") in Path(path).parents


def project_file(app: Path) -> Path:
    return app_directory(app) / f"{app.name}.csproj"


def virtual_solution(apps: tuple[Path, ...]) -> Path:
    """The ``.slnx`` of ``apps``' virtual projects (its path; ``write_virtual_solution`` makes it)."""
    key = hashlib.sha256("\n".join(map(str, apps)).encode()).hexdigest()[:16]
    return cache_dir("apps") / f"{apps[0].parent.name or 'apps'}-{key}.slnx"


def write_virtual_solution(apps: tuple[Path, ...], dotnet: DotnetInstall) -> Path:
    """Each app's project (made again when its directives changed) and the solution listing them."""
    for app in apps:
        write_project(app, dotnet)
    solution = virtual_solution(apps)
    rows = "".join(f'  <Project Path="{project_file(app)}" />\n' for app in apps)
    _write_if_changed(solution, f"<Solution>\n{rows}</Solution>\n")
    return solution


def write_project(app: Path, dotnet: DotnetInstall, force: bool = False) -> bool:
    """Write ``app``'s virtual project unless its directives are those it was made from; whether it
    was written."""
    folder = owned(app_directory(app), app)  # removed with the app (engine.workspace.warmup.cache_pruning)
    current = stamp(app)
    marker = folder / _STAMP
    if not force and project_file(app).is_file() and marker.is_file() and marker.read_text() == current:
        return False
    content = _get_project(app, folder, dotnet)
    _write_if_changed(project_file(app), content)
    marker.write_text(current)
    return True


def _get_project(app: Path, artifacts: Path, dotnet: DotnetInstall) -> str:
    request = {"$type": "GetProject", "EntryPointFileFullPath": str(app), "ArtifactsPath": str(artifacts)}
    try:
        completed = subprocess.run(
            [str(dotnet.dotnet), "run-api"],
            input=json.dumps(request) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
            cwd=app.parent,
            env=allowlisted_environment({"DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}),
        )
        answer = json.loads(completed.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError) as error:
        raise WorkspaceLoadFailed(
            f"The SDK could not describe the file-based app {app.name} (dotnet run-api): {error}.",
            "File-based apps need the .NET 10 SDK; check that 'dotnet run-api' runs.",
        ) from error
    problems = [d.get("Message", str(d)) for d in answer.get("Diagnostics", [])]
    if answer.get("$type") != "Project" or problems:
        raise WorkspaceLoadFailed(
            f"{app.name} is not a file-based app the SDK can build: {'; '.join(problems) or answer}.",
            "Fix its #: directives (e.g. '#:package Newtonsoft.Json@13.0.3'), as 'dotnet run' reports them.",
        )
    return _with_imports_of(app, str(answer["Content"]))


_IMPORTED = {
    "DirectoryBuildPropsPath": "Directory.Build.props",
    "DirectoryBuildTargetsPath": "Directory.Build.targets",
    "DirectoryPackagesPropsPath": "Directory.Packages.props",
}


def _with_imports_of(app: Path, content: str) -> str:
    """The project lives in the cache, not beside the app: the MSBuild files MSBuild would find above
    the app (as it does for ``dotnet run app.cs``) are named to it explicitly."""
    found = {}
    for property_name, file_name in _IMPORTED.items():
        for folder in [app.parent, *app.parent.parents]:
            if (folder / file_name).is_file():
                found[property_name] = folder / file_name
                break
    if not found:
        return content
    rows = "".join(f"    <{name}>{path}</{name}>\n" for name, path in found.items())
    return content.replace("<Project>\n", f"<Project>\n  <PropertyGroup>\n{rows}  </PropertyGroup>\n", 1)


def _write_if_changed(path: Path, content: str) -> None:
    """Written only when different: MSBuild and the watcher key on the file's time."""
    if path.is_file() and path.read_text(encoding="utf-8") == content:
        return
    write_whole(path, content)
