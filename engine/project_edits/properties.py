"""A property set (or taken out) in the project's file or in the nearest ``Directory.Build.props``
(made at the solution's directory when there is none), checked where its values are known."""

from __future__ import annotations

from pathlib import Path

from ..errors import InvalidArgument
from .msbuild_xml import MsBuildFile
from .packages import Planned
from .places import ProjectPlaces

KNOWN = {
    "nullable": ("enable", "disable", "warnings", "annotations"),
    "implicitusings": ("enable", "disable", "true", "false"),
    "treatwarningsaserrors": ("true", "false"),
    "generatedocumentationfile": ("true", "false"),
    "isPackable".lower(): ("true", "false"),
    "enforcecodestyleinbuild": ("true", "false"),
}
"""Properties with a closed set of values; others (``LangVersion``, ``RootNamespace``...) take any text."""

NEW_PROPS = "<Project>\n  <PropertyGroup>\n    <{name}>{value}</{name}>\n  </PropertyGroup>\n</Project>\n"


def check(name: str, value: str | None) -> None:
    if not name or not name.replace("_", "").isalnum() or not name[0].isalpha():
        raise InvalidArgument(f"'{name}' is not an MSBuild property name.", "Give one like Nullable or LangVersion.")
    allowed = KNOWN.get(name.lower())
    if value is not None and allowed and value.strip().lower() not in allowed:
        raise InvalidArgument(f"{name} cannot be '{value}'.", f"Give one of: {', '.join(allowed)}.")


def set_property(places: ProjectPlaces, root: Path, name: str, value: str | None, where: str) -> Planned:
    check(name, value)
    if where not in ("project", "directory"):
        raise InvalidArgument(f"where must be 'project' or 'directory', not '{where}'.", "Give one of them.")
    shown = "" if value is None else value.strip()
    target = places.project if where == "project" else places.build_props or root / "Directory.Build.props"
    verb = f"Set {name} to {shown}" if value is not None else f"Remove {name}"
    scope = places.name if where == "project" else f"{target.name} (every project under {target.parent.name}/)"
    plan = Planned(f"{verb} in {scope}")
    if not target.exists():
        if value is None:
            raise InvalidArgument(f"There is no {target.name} to remove {name} from.", "Nothing to do.")
        plan.files[target] = NEW_PROPS.format(name=name, value=shown).encode()
        return plan
    file = MsBuildFile(target)
    set_here = [e for e in file.root.descendants(name) if e.parent is not None and e.parent.name == "PropertyGroup"]
    plain = [e for e in set_here if not e.condition]
    if value is None:
        if not plain:
            plan.problems.append(f"{target.name} does not set {name}")
            return plan
        plan.files[target] = file.remove_all(plain)
        return plan
    if plain:
        element = plain[-1]  # the last one set is the one MSBuild keeps
        if file.text(element) == shown:
            plan.problems.append(f"{target.name} already sets {name} to {shown}")
        plan.files[target] = file.set_text(element, shown)
    else:
        group = next((g for g in file.root.named("PropertyGroup") if not g.attribute("Condition")), None)
        element_markup = f"<{name}>{shown}</{name}>"
        plan.files[target] = (
            file.append_child(group, element_markup)
            if group is not None
            else file.append_group("PropertyGroup", [element_markup])
        )
    conditional = [e for e in set_here if e.condition]
    if conditional:
        plan.notes.append(
            f"{target.name} also sets {name} under a condition ({conditional[0].condition}), which still applies then"
        )
    if where == "directory":
        own = [e for e in MsBuildFile(places.project).root.descendants(name) if not e.condition]
        if own:
            plan.notes.append(
                f"{places.name} sets {name} itself ({MsBuildFile(places.project).text(own[-1])}), which wins for it"
            )
    return plan
