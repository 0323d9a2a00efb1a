"""Projects of a solution the workspace cannot open, named with what to do (issue 42).

Real solutions hold more than SDK-style C# projects: F#, C++, database and installer projects, old
non-SDK .NET Framework projects, projects on an MSBuild SDK this machine does not have, Windows
desktop projects. MSBuild says little or nothing about them ("not associated with a language", or
silence for an ``.fsproj``); here each is named with its kind and what to do, and the rest of the
solution loads and answers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..models import WorkspaceDiagnostic

_NOT_CSHARP = {
    ".fsproj": "an F# project",
    ".vbproj": "a Visual Basic project",
    ".vcxproj": "a C++ project",
    ".vcproj": "a C++ project",
    ".sqlproj": "a SQL Server database project",
    ".wixproj": "a WiX installer project",
    ".esproj": "a JavaScript project",
    ".njsproj": "a Node.js project",
    ".pyproj": "a Python project",
    ".dcproj": "a Docker Compose project",
    ".shproj": "a shared-items project",
    ".proj": "an MSBuild project",
}
_LEFT_OUT_ACTION = (
    "Nothing to do for the C# answers: this engine reads C# projects only; the C# projects that use its "
    "output see it as a built reference."
)
# (pattern of MSBuild's message, what to do)
_ACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"The SDK '([^']+)' specified could not be found|Could not resolve SDK \"([^\"]+)\""),
        "The project uses an MSBuild SDK no feed here has: add its package source to NuGet.config, pin its "
        "version in global.json (msbuild-sdks), or install it. The rest of the solution is loaded.",
    ),
    (
        re.compile(r"EnableWindowsTargeting"),
        "A Windows desktop project (WPF, Windows Forms): set <EnableWindowsTargeting>true</EnableWindowsTargeting> "
        "in it (or Directory.Build.props) to read it on this system. The rest of the solution is loaded.",
    ),
    (
        re.compile(r"reference assemblies for \.NETFramework"),
        "A .NET Framework project: add the Microsoft.NETFramework.ReferenceAssemblies package to it (or convert "
        "an old-style project to SDK style) to read it off Windows. The rest of the solution is loaded.",
    ),
)


def left_out(listed: list[Path], solution: Any) -> list[WorkspaceDiagnostic]:
    """The projects the solution file lists that are no C# project the workspace holds: each named,
    with its kind."""
    # The workspace keeps an F# project as one of another language, which nothing here answers.
    loaded = {str(Path(str(p.FilePath))) for p in solution.Projects if p.FilePath and str(p.Language) == "C#"}
    found = []
    for path in listed:
        kind = _NOT_CSHARP.get(path.suffix.lower())
        if kind is None or str(path) in loaded:
            continue
        message = f"{path.name} is {kind}, not C#: left out of the answers."
        found.append(WorkspaceDiagnostic("warning", path.stem, message, "load", _LEFT_OUT_ACTION))
    return found


def said_better(message: str, listed: list[Path]) -> bool:
    """MSBuild's message about a project ``left_out`` names already (``is not associated with a language``)."""
    return "is not associated with a language" in message and any(str(p) in message for p in listed)


def action_for(message: str, project_file: str) -> str | None:
    """What to do about a load error, when the message says which case it is; ``None`` otherwise."""
    for pattern, action in _ACTIONS:
        if pattern.search(message):
            return action
    if project_file and _legacy(Path(project_file)):
        return (
            "An old-style (non-SDK) project: it builds with Visual Studio's MSBuild on Windows; convert it to SDK "
            "style (upgrade-assistant) to read it here. The rest of the solution is loaded."
        )
    return None


def _legacy(project_file: Path) -> bool:
    """A project file without ``Sdk=`` on its root, importing Microsoft.CSharp.targets itself."""
    try:
        head = project_file.read_text(encoding="utf-8-sig", errors="replace")[:4000]
    except OSError:
        return False
    root = re.search(r"<Project\b[^>]*>", head)
    return root is not None and "Sdk=" not in root.group(0) and "Microsoft.CSharp.targets" in head
