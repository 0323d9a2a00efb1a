"""What a change did to the files MSBuild reads: packages, target frameworks, project references and
properties, read from the two versions of each project file (``.csproj``, ``Directory.Build.props``,
``Directory.Packages.props``...). The review compiles both sides with the working tree's project files,
so these are said rather than compiled."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from ..views.review import ProjectFileChange

_SUFFIXES = (".csproj", ".props", ".targets")
_NAMES = ("global.json", "nuget.config")


def is_project_file(path: str) -> bool:
    name = Path(path).name.lower()
    return name.endswith(_SUFFIXES) or name in _NAMES


def project_file_changes(
    texts_before: dict[str, str | None], texts_after: dict[str, str | None], relative: object
) -> tuple[ProjectFileChange, ...]:
    """One entry per changed project file, its differences in words."""
    changes = []
    for path in sorted(p for p in texts_before.keys() | texts_after.keys() if is_project_file(p)):
        before, after = texts_before.get(path), texts_after.get(path)
        if before == after:
            continue
        if before is None:
            details: tuple[str, ...] = ("added",)
        elif after is None:
            details = ("deleted",)
        elif path.lower().endswith(".json"):
            details = (f"SDK pinned: {_pinned_sdk(before)} -> {_pinned_sdk(after)}",)
        else:
            details = _differences(before, after) or ("changed (no package, framework, reference or property)",)
        changes.append(ProjectFileChange(relative(path), details))  # type: ignore[operator]
    return tuple(changes)


def _differences(before: str, after: str) -> tuple[str, ...]:
    old, new = _read(before), _read(after)
    if old is None or new is None:
        return ("changed (not readable as XML)",)
    said: list[str] = []
    for kind, label in (("PackageReference", "package"), ("PackageVersion", "package version")):
        said += _items(old.get(kind, {}), new.get(kind, {}), label)
    said += _items(old.get("ProjectReference", {}), new.get("ProjectReference", {}), "project reference")
    said += _items(old.get("Reference", {}), new.get("Reference", {}), "reference")
    old_properties, new_properties = old.get("properties", {}), new.get("properties", {})
    for name in sorted(old_properties.keys() | new_properties.keys()):
        a, b = old_properties.get(name), new_properties.get(name)
        if a != b:
            label = "target frameworks" if name in ("TargetFramework", "TargetFrameworks") else name
            said.append(f"{label}: {a or 'unset'} -> {b or 'unset'}")
    return tuple(said)


def _items(old: dict[str, str], new: dict[str, str], label: str) -> list[str]:
    said = []
    for name in sorted(old.keys() | new.keys()):
        if name not in old:
            said.append(f"{label} {name} {new[name]} added".replace("  ", " ").strip())
        elif name not in new:
            said.append(f"{label} {name} removed")
        elif old[name] != new[name]:
            said.append(f"{label} {name} {old[name] or '?'} -> {new[name] or '?'}")
    return said


def _read(text: str) -> dict[str, dict[str, str]] | None:
    try:
        root = ElementTree.fromstring(text.lstrip("\ufeff"))
    except ElementTree.ParseError:
        return None
    found: dict[str, dict[str, str]] = {"properties": {}}
    for group in root.iter():
        kind = _tag(group)
        if kind == "PropertyGroup":
            for element in group:
                if element.text is not None:
                    found["properties"][_tag(element)] = element.text.strip()
        elif kind == "ItemGroup":
            for element in group:
                include = element.get("Include") or element.get("Update")
                if include is not None:
                    version = element.get("Version") or next(
                        (c.text or "" for c in element if _tag(c) == "Version"), ""
                    )
                    found.setdefault(_tag(element), {})[include] = version.strip()
    return found


def _tag(element: ElementTree.Element) -> str:
    return str(element.tag).rpartition("}")[2]


def _pinned_sdk(text: str) -> str:
    try:
        return str(json.loads(text).get("sdk", {}).get("version", "")) or "none"
    except (ValueError, AttributeError):
        return "unreadable"
