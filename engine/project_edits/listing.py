"""``list_packages``: a project's direct package references as restore saw them (its assets file: what
was asked, per target, and what was chosen), each with the MSBuild file that asks for it; with
``outdated``, the newest version on the feed and what the feed's registration says of the chosen one."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .. import nuget
from ..errors import EngineError
from ..nuget import v3
from ..nuget.sources import configured_sources
from ..nuget.versions import is_prerelease, sort_key
from ..views.packages import PackageItem, PackageList
from .msbuild_xml import MsBuildFile
from .outcome import resolved_versions
from .packages import references_to
from .places import ProjectPlaces


def list_packages(places: ProjectPlaces, root: Path, outdated: bool) -> PackageList:
    notes: list[str] = []
    asked = _asked(places.project)
    if asked is None:
        notes.append(
            f"{places.name} is not restored (no obj/project.assets.json): versions are as its files write them"
        )
        asked = _written(places)
    resolved = resolved_versions(places.project)
    items = []
    for (package, requested), (central, implicit, frameworks) in sorted(asked.items(), key=lambda kv: kv[0][0].lower()):
        found = resolved.get(package.lower(), {})
        chosen = tuple(sorted((f, v) for f, v in found.items() if not frameworks or f in frameworks))
        marks = ("implicit: the SDK adds it",) if implicit else ()
        where = _declared_in(places, package, root)
        items.append(PackageItem(places.name, package, requested, where, chosen, marks=marks, central=central))
    if outdated and items:
        items = _with_feed(items, root, notes)
    return PackageList(str(root), places.name, tuple(items), len(items), tuple(notes))


Asked = dict[tuple[str, str], tuple[bool, bool, tuple[str, ...]]]
"""(package, version asked) -> (centrally managed, added by the SDK, the target frameworks asking)."""


def _asked(project: Path) -> Asked | None:
    """What each target framework asks for, a package asked the same by several once; ``None``
    without an assets file."""
    try:
        document = json.loads((project.parent / "obj" / "project.assets.json").read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return None
    asked: Asked = {}
    for alias, framework in document.get("project", {}).get("frameworks", {}).items():
        target = str(framework.get("targetAlias", alias))
        for name, dependency in framework.get("dependencies", {}).items():
            if dependency.get("target") != "Package":
                continue
            key = (name, _plain(str(dependency.get("version", ""))))
            central, implicit, frameworks = asked.get(key, (False, False, ()))
            central = central or bool(dependency.get("versionCentrallyManaged"))
            implicit = implicit or bool(dependency.get("autoReferenced"))
            asked[key] = (central, implicit, (*frameworks, target))
    return asked


def _plain(version: str) -> str:
    """``[13.0.3, )`` -> ``13.0.3`` (the form a project writes); other ranges as they are."""
    if version.startswith("[") and version.endswith(", )"):
        return version[1:-3]
    return version


def _written(places: ProjectPlaces) -> Asked:
    found: Asked = {}
    for path in (places.project, places.build_props, places.build_targets):
        if path is None:
            continue
        for element in MsBuildFile(path).root.descendants("PackageReference"):
            name = element.attribute("Include")
            if name:
                version = element.attribute("Version") or element.attribute("VersionOverride") or ""
                found.setdefault((name, version), (places.central, False, ()))
    return found


def _declared_in(places: ProjectPlaces, package: str, root: Path) -> str:
    for path in (places.project, places.build_props, places.build_targets, places.packages_props):
        if path is None:
            continue
        file = MsBuildFile(path)
        if any(
            e.attribute("Include")
            for e in [*references_to(file, package), *references_to(file, package, "GlobalPackageReference")]
        ):
            return str(path.relative_to(root)) if root in path.parents else path.name
    return "the SDK" if places.project.exists() else ""


def _with_feed(items: list[PackageItem], root: Path, notes: list[str]) -> list[PackageItem]:
    sources = [s for s in configured_sources(root) if s.is_http]
    services: list[Any] = []
    for source in sources:
        try:
            services.append(v3.service(source))
        except EngineError as error:
            notes.append(f"{source.url}: {error.message}")

    def checked(item: PackageItem) -> PackageItem:
        current = max((version for _, version in item.resolved), key=sort_key, default=item.requested)
        try:
            listed = nuget.nuget_versions(item.package, root)
        except EngineError as error:
            notes.append(f"{item.package}: {error.message}")
            return item
        pre = is_prerelease(current)
        latest = listed.latest_prerelease if pre and listed.latest_prerelease else listed.latest_stable or ""
        marks = list(item.marks)
        for service in services:
            try:
                entry = v3.catalog_entry(service, item.package, current)
            except EngineError:
                continue
            if entry is None:
                continue
            marks += _marks(entry)
            break
        newer = bool(latest) and bool(current) and _is_version(current) and sort_key(latest) > sort_key(current)
        return PackageItem(**{**item.__dict__, "latest": latest, "outdated": newer, "marks": tuple(marks)})

    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(checked, items))


def _marks(entry: dict[str, Any]) -> list[str]:
    marks = []
    deprecation = entry.get("deprecation")
    if deprecation:
        reasons = ", ".join(str(r) for r in deprecation.get("reasons", [])) or "deprecated"
        alternate = deprecation.get("alternatePackage", {}).get("id")
        marks.append(f"deprecated: {reasons}" + (f" (use {alternate})" if alternate else ""))
    for vulnerability in entry.get("vulnerabilities") or []:
        severity = {"0": "low", "1": "moderate", "2": "high", "3": "critical"}.get(
            str(vulnerability.get("severity")), "?"
        )
        marks.append(f"vulnerable: {severity} {vulnerability.get('advisoryUrl', '')}".rstrip())
    if entry.get("listed") is False:
        marks.append("unlisted on the feed")
    return marks


def _is_version(text: str) -> bool:
    return bool(text) and text[0].isdigit()
