"""Bring a solution to a loadable state: MSBuildWorkspace neither restores nor builds.

``dotnet restore`` runs when a project was never restored; a source generator referenced as a
project analyzer is built when its output is missing.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import threading
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..host.cache import cache_dir, locked
from ..host.runtime import DotnetInstall
from ..models import WorkspaceDiagnostic
from .assets import assets_file

RESTORE_TIMEOUT_SECONDS = 600


@contextmanager
def preparing(directory: Path) -> Iterator[None]:
    """Held while a solution under ``directory`` is restored and its generators built: two processes
    opening the same fresh solution (the app and a server, say) would otherwise write the same ``obj/``
    and ``bin/`` at once, and one of them fail. The second finds the work done when it gets the lock."""
    key = hashlib.sha256(str(directory.resolve()).encode()).hexdigest()[:16]
    with locked(cache_dir("locks") / f"prepare-{key}.lock"):
        yield


def needs_restore(projects: list[Path]) -> list[Path]:
    """Projects with no ``project.assets.json`` (``engine.workspace.assets``)."""
    return [p for p in projects if assets_file(p) is None]


def restore(
    dotnet: DotnetInstall, target: Path, restored: Callable[[str], None] | None = None
) -> list[WorkspaceDiagnostic]:
    """Restore ``target`` (a solution or project); each project's failure comes back as a problem of
    that project, not as an error. ``restored(name)`` is called as each project is restored.

    Loading goes on after a failed restore: the projects that did restore are still worth browsing.
    """
    return _run_dotnet(
        dotnet, ["restore", str(target)], target, "restore", RESTORE_ACTIONS["error"], _named(_RESTORED, restored)
    )


RESTORE_ACTIONS = {
    "error": "Fix the package reference or the package source (NuGet.config), then load again; the projects"
    " that restored are loaded meanwhile.",
    "warning": "Nothing blocks loading; update the package (or pin the version NuGet asks for) to address it.",
}


# ``/s/P.csproj : error NU1101: Unable to find package X. [/s/S.sln]`` or
# ``/s/F.cs(3,4): error CS1002: ; expected [/s/P.csproj]``
_ERROR_LINE = re.compile(
    r"^(?P<file>.+?)(?:\(\d+,\d+(?:,\d+,\d+)?\))?\s*:\s*error\s+(?P<code>[A-Za-z]+\d+)\s*:\s*(?P<message>.*?)"
    r"(?:\s+\[(?P<owner>[^\]]+)\])?$"
)


# ``  Restored /s/P/P.csproj (in 95 ms).`` and ``  P -> /s/P/bin/Debug/net10.0/P.dll``: a project done.
_RESTORED = re.compile(r"^Restored (?P<project>.+?proj) \(")
_BUILT = re.compile(r"^(?P<project>[^\s:]+) -> ")


def _named(pattern: re.Pattern[str], done: Callable[[str], None] | None) -> Callable[[str], None] | None:
    """A watcher of a command's lines calling ``done(project name)`` for each line ``pattern`` matches."""
    if done is None:
        return None

    def watch(line: str) -> None:
        match = pattern.match(line.strip())
        if match:
            project = match["project"]
            done(Path(project.replace("\\", "/")).stem if project.endswith("proj") else project)

    return watch


def _run_dotnet(
    dotnet: DotnetInstall,
    arguments: list[str],
    target: Path,
    kind: str,
    action: str,
    watch: Callable[[str], None] | None = None,
) -> list[WorkspaceDiagnostic]:
    """Run a ``dotnet`` command, showing ``watch`` each line of its output as it comes (what a user
    waits for moves); its errors as problems, each filed under its own project."""
    what = f"dotnet {arguments[0]}"
    command = [str(dotnet.dotnet), *arguments, "--verbosity", "minimal", "-tl:off", "-nologo"]
    process = subprocess.Popen(
        command,
        cwd=target.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        errors="replace",
    )
    stopped = threading.Event()

    def stop() -> None:
        stopped.set()
        process.kill()

    timer = threading.Timer(RESTORE_TIMEOUT_SECONDS, stop)
    timer.start()
    lines: list[str] = []
    try:
        assert process.stdout is not None
        with process.stdout:
            for line in process.stdout:
                lines.append(line)
                if watch is not None:
                    watch(line)
        code = process.wait()
    finally:
        timer.cancel()
    if stopped.is_set():
        message = f"{what} ran past {RESTORE_TIMEOUT_SECONDS} s and was stopped."
        return [WorkspaceDiagnostic("error", target.stem, message, kind, action)]
    if code == 0:
        return []
    found: dict[tuple[str, str], list[str]] = {}  # (project, code) -> messages, in order
    for line in lines:
        match = _ERROR_LINE.match(line.strip())
        if match:
            owner = _project_of(match["file"], match["owner"]) or target.stem
            messages = found.setdefault((owner, match["code"]), [])
            text = match["message"].strip()
            if text.startswith("- ") and messages:  # NuGet continues a message on lines of its own
                messages[-1] += f" {text}"
            elif text not in messages:
                messages.append(text)
    problems = [
        WorkspaceDiagnostic("error", owner, f"{what} failed: {code}: {message}", kind, action)
        for (owner, code), messages in found.items()
        for message in messages
    ]
    return problems or [WorkspaceDiagnostic("error", target.stem, f"{what} failed with exit code {code}", kind, action)]


def logged(project_file: Path) -> list[WorkspaceDiagnostic]:
    """The errors and warnings the project's last restore logged in its ``project.assets.json``: the
    same on every start, whether this process ran the restore or not."""
    assets = assets_file(project_file)
    if assets is None:
        return []
    try:
        with open(assets, encoding="utf-8-sig") as stream:
            logs = json.load(stream).get("logs") or []
    except (OSError, ValueError):
        return []
    found = []
    for entry in logs:
        level = str(entry.get("level", "")).lower()
        if level in ("error", "warning"):
            message = f"{entry.get('code', 'NU')}: {entry.get('message', '')}"
            found.append(WorkspaceDiagnostic(level, project_file.stem, message, "restore", RESTORE_ACTIONS[level]))
    return found


def _project_of(file: str, owner: str | None) -> str:
    """The project a build output line is about: the file itself when it is a project file, else the
    project named in brackets at the end."""
    for candidate in (file, owner or ""):
        if candidate.endswith("proj"):
            return Path(candidate.replace("\\", "/")).stem
    return ""


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


def build_generator(
    dotnet: DotnetInstall, project: Path, built: Callable[[str], None] | None = None
) -> list[WorkspaceDiagnostic]:
    """Build one generator project so its analyzer reference exists; its errors are problems.
    ``built(name)`` is called as each project of the build is done."""
    return _run_dotnet(
        dotnet,
        ["build", str(project)],
        project,
        "build",
        f"Fix the errors of the source generator {project.stem}; until it builds, the code it generates is missing.",
        _named(_BUILT, built),
    )
