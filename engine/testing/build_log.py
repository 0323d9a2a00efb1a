"""Reading MSBuild's canonical message lines: the one format every compiler, analyzer, NuGet and MSBuild
task writes its errors and warnings in, whatever the verbosity.

``/s/Cart.cs(12,5): error CS0103: The name 'x' does not exist [/s/Core.csproj::TargetFramework=net8.0]``
``/s/Core.csproj : warning NU1603: Core depends on X (>= 1.0) but X 1.0 was not found. [/s/Loop.slnx]``
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_LINE = re.compile(
    r"^\s*(?P<file>[^\s(][^(]*?)(?:\((?P<line>\d+)(?:,(?P<column>\d+))?(?:,\d+,\d+)?\))?\s*:\s*"
    r"(?P<severity>error|warning)\s+(?P<id>[A-Za-z]+\d+)\s*:\s*(?P<message>.*?)"
    r"(?:\s+\[(?P<project>[^\]]+)\])?\s*$"
)
_TARGET = re.compile(r"::TargetFramework=([^;\]]+)")


@dataclass(frozen=True)
class Message:
    severity: str
    id: str
    message: str
    file: str
    """As the build wrote it: absolute for compiler messages, the project file for project-level ones."""
    line: int
    column: int
    project: str
    """The project's file name without extension."""
    target: str
    """The target framework it was built for, when the log says so."""


def messages(output: str) -> list[Message]:
    """Every error and warning line of a build's output, once each (the summary repeats them)."""
    found: dict[tuple[str, ...], Message] = {}
    for text in output.splitlines():
        match = _LINE.match(text)
        if match is None:
            continue
        owner = match["project"] or ""
        target = _TARGET.search(owner)
        project_file = owner.split("::", 1)[0]
        file = match["file"].strip()
        project = Path(project_file if project_file.endswith("proj") else file).stem if (project_file or file) else ""
        if not project_file.endswith("proj") and not file.endswith("proj"):
            project = ""
        message = Message(
            match["severity"],
            match["id"],
            match["message"].strip(),
            file,
            int(match["line"] or 0),
            int(match["column"] or 0),
            project,
            target[1] if target else "",
        )
        key = (
            message.severity,
            message.id,
            message.file,
            str(message.line),
            str(message.column),
            message.message,
            message.target,
        )
        found.setdefault(key, message)
    return list(found.values())


def finished_projects(line: str) -> str | None:
    """The project a ``  Core -> /s/bin/Debug/net10.0/Core.dll`` line says was built, else ``None``."""
    match = re.match(r"^\s+(\S+) -> \S", line)
    return match[1] if match else None
