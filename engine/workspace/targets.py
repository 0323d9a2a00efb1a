"""Which target frameworks of a multi-targeted project the engine loads, and which one it navigates.

Rule: the newest plain .NET target (``net10.0`` beats ``net8.0`` and ``net10.0-windows``), then
.NET Core, .NET Standard, .NET Framework; among equals, the one listed first. Every other target is
still loaded (its compile errors are real), but searches walk only the chosen one and reference
results are de-duplicated by file and span.

An empty entry in ``TargetFrameworks`` (``$(TargetFrameworks);net10.0`` with the property unset) is
ignored by MSBuild, but BuildHost evaluates it too: a project with no target (its documents only those outside any target) and the
load error "does not contain 'Compile' target". Those outer builds are left out.
"""

from __future__ import annotations

import os
import re
from typing import Any

_NAME_WITH_TARGET = re.compile(r"^(?P<name>.+)\((?P<tfm>[^()]+)\)$")
_NET_SYMBOL = re.compile(r"^NET(?P<major>\d+)_(?P<minor>\d+)$")
_PLATFORMS = ("WINDOWS", "ANDROID", "IOS", "MACCATALYST", "MACOS", "TVOS", "BROWSER", "WASI")


def split_project_name(name: str) -> tuple[str, str | None]:
    """``Shop.Multi(net10.0)`` -> (``Shop.Multi``, ``net10.0``)."""
    match = _NAME_WITH_TARGET.match(name)
    return (match["name"], match["tfm"]) if match else (name, None)


def target_from_symbols(symbols: list[str]) -> str:
    """Recover the target framework from the preprocessor symbols the SDK defines for it."""
    names = set(symbols)
    for symbol in names:
        match = _NET_SYMBOL.match(symbol)
        if match:
            tfm = f"net{match['major']}.{match['minor']}"
            platform = next((p.lower() for p in _PLATFORMS if p in names), None)
            return f"{tfm}-{platform}" if platform else tfm
    for prefix, family in (("NETSTANDARD", "netstandard"), ("NETCOREAPP", "netcoreapp"), ("NET", "net")):
        versions = [s for s in names if re.fullmatch(prefix + r"\d+(_\d+)?", s)]
        if versions:
            best = max(versions, key=lambda s: [int(x) for x in re.findall(r"\d+", s)])
            digits = best[len(prefix) :].split("_")
            return family + (".".join(digits) if family != "net" else "".join(digits))
    return "unknown"


def rank(tfm: str) -> tuple[int, int, int, int]:
    """Higher is preferred."""
    match = re.fullmatch(r"net(\d+)\.(\d+)(-.+)?", tfm)
    if match:
        return (4, int(match[1]), int(match[2]), 0 if match[3] else 1)
    for family, weight in (("netcoreapp", 3), ("netstandard", 2)):
        if tfm.startswith(family):
            numbers = [int(x) for x in re.findall(r"\d+", tfm)] + [0, 0]
            return (weight, numbers[0], numbers[1], 0)
    digits = "".join(re.findall(r"\d", tfm))
    return (1, int(digits or 0), 0, 0)


def choose(targets: list[str]) -> str:
    """The target to navigate among ``targets`` (given in the project's order)."""
    best = targets[0]
    for tfm in targets[1:]:
        if rank(tfm) > rank(best):
            best = tfm
    return best


def outer_builds(solution: Any) -> list[Any]:
    """Projects evaluated without a target framework beside targets of the same project file."""
    by_file: dict[str, list[Any]] = {}
    for project in solution.Projects:
        if project.FilePath:
            by_file.setdefault(os.path.normcase(str(project.FilePath)), []).append(project)
    found: list[Any] = []
    for group in by_file.values():
        targeted = [p for p in group if split_project_name(str(p.Name))[1]]
        if targeted:
            found.extend(p for p in group if not split_project_name(str(p.Name))[1])
    return found


def without_outer_builds(solution: Any) -> Any:
    for project in outer_builds(solution):
        solution = solution.RemoveProject(project.Id)
    return solution


def is_outer_build_failure(message: str, outer_files: set[str]) -> bool:
    """The load error BuildHost reports for an outer build (see the module docstring)."""
    return "does not contain 'Compile' target" in message and any(f in message for f in outer_files)
