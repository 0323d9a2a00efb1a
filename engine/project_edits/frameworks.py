"""Target frameworks: which one may reference which (NuGet's compatibility, for the frameworks a
solution meets), and a project's ``TargetFramework`` or ``TargetFrameworks`` written anew."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidArgument
from .msbuild_xml import MsBuildFile
from .packages import Planned
from .places import ProjectPlaces

_TFM = re.compile(r"^(?P<family>netstandard|netcoreapp|net)(?P<version>\d+(?:\.\d+)*)(?:-(?P<platform>[a-z]+)[\d.]*)?$")


@dataclass(frozen=True)
class Framework:
    family: str
    """``core`` (.NET Core and .NET 5+), ``standard`` or ``framework`` (.NET Framework)."""
    version: tuple[int, ...]
    platform: str = ""


def parse(tfm: str) -> Framework | None:
    found = _TFM.match(tfm.strip().lower())
    if found is None:
        return None
    family, text = found["family"], found["version"]
    if family == "net" and "." not in text:  # net48, net472: .NET Framework's short form
        return Framework("framework", tuple(int(c) for c in text), found["platform"] or "")
    version = tuple(int(part) for part in text.split("."))
    kind = {"netstandard": "standard", "netcoreapp": "core"}.get(family, "core")
    if family == "net" and version[0] < 5:
        return None
    return Framework(kind, version, found["platform"] or "")


def can_reference(consumer: str, dependency: str) -> bool | None:
    """Whether a project targeting ``consumer`` may reference one targeting ``dependency`` (``None``:
    a framework these rules do not know; restore decides)."""
    user, used = parse(consumer), parse(dependency)
    if user is None or used is None:
        return None
    if used.platform and used.platform != user.platform:
        return False
    if user.family == used.family:
        return user.version >= used.version
    if used.family == "standard":
        if user.family == "core":
            return used.version <= ((2, 1) if user.version >= (3,) else (2, 0))
        if user.family == "framework":
            return used.version <= (2, 0) and user.version >= (4, 6, 1)
    return False


def incompatible(consumers: list[str], dependencies: list[str]) -> list[str]:
    """The consumer frameworks none of the dependency's frameworks serve."""
    return [c for c in consumers if not any(can_reference(c, d) is not False for d in dependencies)]


def check(tfm: str) -> str:
    if parse(tfm) is None:
        raise InvalidArgument(
            f"'{tfm}' is not a target framework these edits know.",
            "Give one like net10.0, net8.0-windows, netstandard2.0 or net48.",
        )
    return tfm.strip()


def set_frameworks(places: ProjectPlaces, frameworks: list[str], current: list[str]) -> Planned:
    """The project's frameworks become ``frameworks``: ``TargetFramework`` for one, ``TargetFrameworks``
    for several, written where the project sets them."""
    chosen = list(dict.fromkeys(check(f) for f in frameworks))
    if not chosen:
        raise InvalidArgument("No target framework was given.", 'Give one or more, e.g. ["net10.0"].')
    plan = Planned(f"Target {';'.join(chosen)} in {places.name} (was {';'.join(current) or 'unknown'})")
    file = MsBuildFile(places.project)
    elements = [e for name in ("TargetFramework", "TargetFrameworks") for e in file.root.descendants(name)]
    elements = [e for e in elements if e.parent is not None and not e.condition]
    if not elements:
        where = next((p.name for p in places.imported() if _sets_framework(p)), None)
        plan.problems.append(
            f"{places.name}'s file sets no target framework"
            + (f": {where} does, for every project under it" if where else "")
        )
        return plan
    element = elements[-1]  # the last one set wins
    if "$(" in file.text(element):
        plan.problems.append(
            f"{places.name}'s {element.name} is computed ({file.text(element)}): written as a list, what it"
            " draws from other properties would be lost; edit it by hand"
        )
        return plan
    name = "TargetFramework" if len(chosen) == 1 else "TargetFrameworks"
    value = ";".join(chosen)
    if element.name == name:
        plan.files[places.project] = file.set_text(element, value)
    else:
        opening = file.data[element.start : element.open_end]
        renamed = opening.replace(element.name.encode(), name.encode(), 1).rstrip(b"/>").rstrip() + b">"
        whole = renamed + value.encode() + f"</{name}>".encode()
        plan.files[places.project] = file.data[: element.start] + whole + file.data[element.end :]
    if [c.lower() for c in current] == [c.lower() for c in chosen]:
        plan.problems.append(f"{places.name} already targets {value}")
    return plan


def _sets_framework(path: Path) -> bool:
    file = MsBuildFile(path)
    return bool(file.root.descendants("TargetFramework") or file.root.descendants("TargetFrameworks"))
