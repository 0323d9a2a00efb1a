"""Package references added, updated and removed where MSBuild reads them: the project's
``PackageReference``, or under central package management its ``PackageReference`` without a version
and the version in ``Directory.Packages.props`` (a ``VersionOverride`` only when asked); a package a
``Directory.Build.props``/``.targets`` already brings is named, not added again; a package for one
target framework goes in that framework's conditional group."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InvalidArgument
from .msbuild_xml import Element, MsBuildFile, markup
from .places import ProjectPlaces


@dataclass
class Planned:
    """What an edit writes: new bytes by file, the edit's title, why it must not be written."""

    title: str
    files: dict[Path, bytes] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def current(self, path: Path) -> MsBuildFile:
        """``path`` as this edit has left it so far (an edit may touch one file twice)."""
        return MsBuildFile(path, self.files.get(path))


def references_to(file: MsBuildFile, package: str, kind: str = "PackageReference") -> list[Element]:
    wanted = package.lower()
    return [
        e
        for e in file.root.descendants(kind)
        if (e.attribute("Include") or e.attribute("Update") or "").lower() == wanted
    ]


def framework_condition(framework: str) -> str:
    return f"'$(TargetFramework)' == '{framework}'"


def _for_framework(group: Element, framework: str) -> bool:
    condition = re.sub(r"\s+", "", (group.attribute("Condition") or "")).lower()
    return condition in (f"'$(targetframework)'=='{framework.lower()}'", f"'{framework.lower()}'=='$(targetframework)'")


def _version_of(file: MsBuildFile, element: Element, attribute: str = "Version") -> str | None:
    found = element.attribute(attribute)
    if found is not None:
        return found
    child = next(iter(element.named(attribute)), None)
    return file.text(child) if child is not None else None


def _set_version(file: MsBuildFile, element: Element, version: str, attribute: str = "Version") -> bytes:
    child = next(iter(element.named(attribute)), None)
    if child is not None and element.attribute(attribute) is None:
        return file.set_text(child, version)
    return file.set_attribute(element, attribute, version)


def _group_for(file: MsBuildFile, kind: str, framework: str | None) -> Element | None:
    """The item group a new ``kind`` item joins: one holding that kind (for ``framework``, its
    conditional group), unconditional otherwise."""
    for group in file.root.named("ItemGroup"):
        matches = _for_framework(group, framework) if framework else not group.attribute("Condition")
        if matches and (group.named(kind) or framework):
            return group
    return None


def add_item(plan: Planned, path: Path, kind: str, attributes: dict[str, str], framework: str | None = None) -> None:
    file = plan.current(path)
    item = markup(kind, attributes)
    group = _group_for(file, kind, framework)
    if group is not None:
        plan.files[path] = file.append_child(group, item)
    else:
        plan.files[path] = file.append_group("ItemGroup", [item], framework_condition(framework) if framework else "")


def add_package(
    places: ProjectPlaces, package: str, version: str, framework: str | None, version_override: bool
) -> Planned:
    plan = Planned(f"Add {package} {version} to {places.name}")
    project = MsBuildFile(places.project)
    own = references_to(project, package)
    if framework:
        own = [e for e in own if e.parent is not None and _for_framework(e.parent, framework)] or own
    brought = _brought_by_imports(places, package)
    if not own and brought:
        where, element, file = brought
        current = _version_of(file, element)
        if current == version or places.central:
            line = file.data[: element.start].count(b"\n") + 1
            plan.problems.append(
                f"{package} is already referenced for every project under {where.parent.name}/ by {where.name}"
                f" (line {line}){f', version {current}' if current else ''}"
            )
            return plan
        plan.title = f"Update {package} from {current} to {version} in {where.name} (every project under it)"
        plan.files[where] = _set_version(file, element, version)
        return plan
    if places.central:
        return _add_central(plan, places, project, own, package, version, framework, version_override)
    if own:
        element = own[0]
        current = _version_of(project, element)
        if current == version:
            plan.problems.append(f"{places.name} already references {package} {version}")
            return plan
        plan.title = f"Update {package} from {current} to {version} in {places.name}"
        plan.files[places.project] = _set_version(project, element, version)
        return plan
    add_item(plan, places.project, "PackageReference", {"Include": package, "Version": version}, framework)
    return plan


def _add_central(
    plan: Planned,
    places: ProjectPlaces,
    project: MsBuildFile,
    own: list[Element],
    package: str,
    version: str,
    framework: str | None,
    version_override: bool,
) -> Planned:
    assert places.packages_props is not None
    props = MsBuildFile(places.packages_props)
    if references_to(props, package, "GlobalPackageReference"):
        plan.problems.append(
            f"{package} is a GlobalPackageReference in {places.packages_props.name}: every project has it"
        )
        return plan
    if version_override:
        if own:
            plan.files[places.project] = project.set_attribute(own[0], "VersionOverride", version)
        else:
            add_item(
                plan, places.project, "PackageReference", {"Include": package, "VersionOverride": version}, framework
            )
        plan.title = f"{'Override' if own else 'Add'} {package} at {version} in {places.name} (VersionOverride)"
        return plan
    if not own:
        add_item(plan, places.project, "PackageReference", {"Include": package}, framework)
    elif own[0].attribute("VersionOverride") is not None:
        plan.files[places.project] = project.remove_attribute(own[0], "VersionOverride")
        plan.notes.append(f"its VersionOverride in {places.name} is taken out: the central version applies")
    central = references_to(props, package, "PackageVersion")
    if central:
        current = _version_of(props, central[0])
        if current != version:
            plan.files[places.packages_props] = _set_version(props, central[0], version)
            plan.title = (
                f"{'Update' if own else 'Add'} {package} {version} in {places.name}"
                f" (central version {current} -> {version}, for every project using it)"
            )
        elif own and places.project not in plan.files:
            plan.problems.append(f"{places.name} already references {package} {version} (central version)")
        else:
            plan.title = f"Add {package} {version} to {places.name} (its central version)"
    else:
        add_item(plan, places.packages_props, "PackageVersion", {"Include": package, "Version": version})
        plan.title = f"Add {package} {version} to {places.name} (version in {places.packages_props.name})"
    return plan


def remove_package(places: ProjectPlaces, package: str, others: list[Path]) -> Planned:
    """``package`` out of ``places``' project (every conditional group); under central management its
    version too when no project in ``others`` references it."""
    plan = Planned(f"Remove {package} from {places.name}")
    project = MsBuildFile(places.project)
    own = [e for e in references_to(project, package) if e.attribute("Include") is not None]
    if not own:
        brought = _brought_by_imports(places, package)
        if brought:
            where = brought[0]
            plan.problems.append(
                f"{places.name} gets {package} from {where.name} (for every project under {where.parent.name}/),"
                " not from its own file"
            )
        else:
            raise InvalidArgument(
                f"{places.name} has no PackageReference to {package}.", "List its packages with list_packages."
            )
        return plan
    plan.files[places.project] = project.remove_all(own)
    if places.central and places.packages_props is not None:
        still = [p for p in others if p != places.project and references_to(MsBuildFile(p), package)]
        props = MsBuildFile(places.packages_props)
        central = references_to(props, package, "PackageVersion")
        if central and not still:
            plan.files[places.packages_props] = props.remove(central[0])
            plan.notes.append(f"its central version goes too: no other project references {package}")
        elif central:
            plan.notes.append(f"its central version stays: {', '.join(p.stem for p in still[:3])} still use it")
    return plan


def _brought_by_imports(places: ProjectPlaces, package: str) -> tuple[Path, Element, MsBuildFile] | None:
    for path in (places.build_props, places.build_targets):
        if path is None:
            continue
        file = MsBuildFile(path)
        found = [e for e in references_to(file, package) if e.attribute("Include") is not None]
        if found:
            return path, found[0], file
    return None
