"""Project edits as code edits are: packages (central package management, ``Directory.Build.props``,
conditional groups per target framework), project references, target frameworks and properties.

Each is first a preview (the diff of every MSBuild file it touches, bytes outside the edit kept); with
``apply`` it is written atomically over what the preview saw, the touched projects are restored and
evaluated again in place, and the answer says what that changed: the restore, the versions resolved,
the compiler errors added and gone. ``undo_edit`` takes it back as it does any edit. Applying runs
restore and MSBuild on the solution's files, as loading does: trusted solutions only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from ..nuget import nuget_versions
from ..nuget.versions import is_version
from ..views.edits import EditPreview
from ..views.packages import PackageList
from ..views.project_overview import ProjectOverview
from ..workspace.declared import query
from ..workspace.session import DEFAULT_QUERY_TIMEOUT
from ..workspace.snapshot import Snapshot
from . import frameworks, packages, properties, references, target_preview
from .flow import project_edit
from .listing import list_packages as _list_packages
from .overview import overview
from .places import places, project_file

__all__ = [
    "add_package",
    "add_project_reference",
    "list_packages",
    "project_overview",
    "remove_package",
    "remove_project_reference",
    "set_project_property",
    "set_target_frameworks",
]


@query()
def list_packages(session: Any, project: str, outdated: bool = False) -> PackageList:
    """A project's package references: asked, where written, resolved per target; with ``outdated``,
    the newest on the feed and what the feed says of each chosen version."""
    snapshot = session.snapshot()
    return _list_packages(places(snapshot, project), snapshot.root, outdated)


@query()
def project_overview(session: Any, project: str, outdated: bool = False) -> ProjectOverview:
    """The Project view: target frameworks, referenced projects, packages (with ``outdated``, the newest
    on the feed), and the key properties as the project's MSBuild files write them."""
    snapshot = session.snapshot()
    return overview(snapshot, places(snapshot, project), outdated)


@query()
def add_package(
    session: Any,
    project: str,
    package: str,
    version: str | None = None,
    framework: str | None = None,
    version_override: bool = False,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Reference ``package`` from ``project`` (or move it to ``version``): the newest stable version on
    the feed when none is given; for one target ``framework`` only, in its conditional group."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        chosen = _feed_version(package, version, snapshot.root)
        if framework:
            frameworks.check(framework)
        return packages.add_package(places(snapshot, project), package, chosen, framework, version_override)

    return project_edit(session, "add_package", plan, apply, preview_token, timeout, package, _file(session, project))


@query()
def remove_package(
    session: Any,
    project: str,
    package: str,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Take ``package`` out of ``project`` (and its central version when nothing else uses it)."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        others = sorted({Path(str(p.FilePath)) for p in snapshot.all_projects if p.FilePath})
        return packages.remove_package(places(snapshot, project), package, others)

    return project_edit(
        session, "remove_package", plan, apply, preview_token, timeout, package, _file(session, project)
    )


@query()
def add_project_reference(
    session: Any,
    project: str,
    reference: str,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Make ``project`` reference the project ``reference``; a cycle or frameworks that cannot meet are named."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        own = places(snapshot, project)
        other = project_file(snapshot, reference)
        return references.add_reference(
            snapshot, own, other, _frameworks(snapshot, own.project), _frameworks(snapshot, other)
        )

    return project_edit(session, "add_project_reference", plan, apply, preview_token, timeout)


@query()
def remove_project_reference(
    session: Any,
    project: str,
    reference: str,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Take the reference to the project ``reference`` out of ``project``."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        return references.remove_reference(places(snapshot, project), project_file(snapshot, reference))

    return project_edit(session, "remove_project_reference", plan, apply, preview_token, timeout)


@query()
def set_target_frameworks(
    session: Any,
    project: str,
    target_frameworks: list[str],
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Give ``project`` these target frameworks (one: ``TargetFramework``; several: ``TargetFrameworks``)."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        own = places(snapshot, project)
        current = _frameworks(snapshot, own.project)
        planned = frameworks.set_frameworks(own, target_frameworks, current)
        if not apply and not planned.problems:  # a preview shows what each new target breaks
            known = {c.lower() for c in current}
            for added in (t.strip() for t in target_frameworks if t.strip().lower() not in known):
                planned.notes += target_preview.preview_target(snapshot, own, added, timeout)
        return planned

    return project_edit(session, "set_target_frameworks", plan, apply, preview_token, timeout)


@query()
def set_project_property(
    session: Any,
    project: str,
    name: str,
    value: str | None,
    where: str = "project",
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Set an MSBuild property (``value=None`` takes it out) in the project's file (``where="project"``)
    or in the nearest ``Directory.Build.props`` (``where="directory"``)."""

    def plan(snapshot: Snapshot) -> packages.Planned:
        return properties.set_property(places(snapshot, project), snapshot.root, name, value, where)

    return project_edit(session, "set_project_property", plan, apply, preview_token, timeout)


def _feed_version(package: str, version: str | None, root: Path) -> str:
    """``version`` when the feed has it, else the newest stable one the feed serves."""
    if version and not is_version(version):
        raise InvalidArgument(f"'{version}' is not a NuGet version.", "Give one like 13.0.3 or 2.0.0-beta1.")
    listed = nuget_versions(package, root)
    if version is None:
        chosen = listed.latest_stable or listed.items[0]
        return chosen
    exact = next((v for v in listed.items if v.lower() == version.lower()), None)
    if exact is None:
        near = ", ".join(listed.items[:5])
        raise InvalidArgument(f"The feed has no {package} {version}.", f"Its newest versions: {near}.")
    return exact


def _file(session: Any, project: str) -> Path:
    return project_file(session.snapshot(), project)


def _frameworks(snapshot: Snapshot, project: Path) -> list[str]:
    found = [p for p in snapshot.projects if p.FilePath and Path(str(p.FilePath)) == project]
    return snapshot.targets_of(found[0]) if found else []
