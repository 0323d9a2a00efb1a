"""NuGet: search, versions and README over the V3 protocol against the configured sources, and
restores for the REPL through the real NuGet client."""

from __future__ import annotations

from pathlib import Path

from ..errors import InvalidArgument, NuGetUnavailable, PackageNotFound
from ..views.nuget import PackageHit, PackageReadme, PackageSearch, PackageVersions
from . import v3
from .restore import RestoredPackage, restore
from .sources import Source, configured_sources
from .versions import is_prerelease, is_version, newest, sort_key

__all__ = ["RestoredPackage", "nuget_readme", "nuget_versions", "resolve_version", "restore", "search_nuget"]

MAX_TAKE = 100


def search_nuget(query: str, directory: Path, prerelease: bool = False, skip: int = 0, take: int = 20) -> PackageSearch:
    """Packages matching ``query`` on every configured source that has a search service."""
    if not 1 <= take <= MAX_TAKE or skip < 0:
        raise InvalidArgument(f"take must be 1-{MAX_TAKE} and skip 0 or more (got take={take}, skip={skip}).")
    hits: list[PackageHit] = []
    total = 0
    notices: list[str] = []
    searched = False
    for source, service in _services(directory, notices):
        if service.find("SearchQueryService") is None:
            notices.append(f"{source.url} has no search service (its service index lists {service.describe()})")
            continue
        searched = True
        answer = v3.search(service, query, prerelease, skip, take)
        total += int(answer.get("totalHits", 0))
        for item in answer.get("data", []):
            _names[str(item.get("id", "")).lower()] = str(item.get("id", ""))
            hits.append(
                PackageHit(
                    package_id=str(item.get("id", "")),
                    version=str(item.get("version", "")),
                    description=str(item.get("description", "")),
                    authors=", ".join(_listed(item.get("authors"))),
                    total_downloads=int(item.get("totalDownloads", 0) or 0),
                    verified=bool(item.get("verified", False)),
                    source=source.url,
                )
            )
    if not searched:
        raise NuGetUnavailable(
            "No configured NuGet source has a search service: " + "; ".join(notices) + ".",
            "Give the package id to nuget_versions or nuget_readme (those need no search), or add a source with "
            "search to NuGet.Config.",
        )
    return PackageSearch(query, total, tuple(hits), tuple(notices))


def nuget_versions(package_id: str, directory: Path) -> PackageVersions:
    """Every version of ``package_id`` the configured sources have, newest first."""
    _check_id(package_id)
    found: set[str] = set()
    sources: list[str] = []
    notices: list[str] = []
    for source, service in _services(directory, notices):
        listed = v3.versions(service, package_id)
        if listed:
            found.update(listed)
            sources.append(source.url)
    if not found:
        raise PackageNotFound(
            f"No configured NuGet source has a package named {package_id}"
            + (f" ({'; '.join(notices)})" if notices else "")
            + ".",
            "Check the id (search_nuget finds ids where a source has search).",
        )
    ordered = tuple(sorted(found, key=sort_key, reverse=True))
    stable = newest(list(ordered))
    pre = max(ordered, key=sort_key) if any(is_prerelease(v) for v in ordered) else None
    return PackageVersions(
        _canonical(package_id), ordered, stable if stable and not is_prerelease(stable) else None, pre,
        tuple(sources), len(ordered),
    )  # fmt: skip


def resolve_version(package_id: str, version: str | None, directory: Path) -> str:
    """``version`` checked, or the newest stable one when none is given."""
    if version:
        if not is_version(version):
            raise InvalidArgument(f"{version!r} is not a NuGet version.", "Give one like 13.0.3 or 2.0.0-beta1.")
        return version
    listed = nuget_versions(package_id, directory)
    chosen = listed.latest_stable or (listed.items[0] if listed.items else None)
    assert chosen is not None
    return chosen


def nuget_readme(package_id: str, directory: Path, version: str | None = None) -> PackageReadme:
    """The README inside the package (the newest stable version by default), with its description."""
    _check_id(package_id)
    chosen = resolve_version(package_id, version, directory)
    notices: list[str] = []
    for source, service in _services(directory, notices):
        if chosen not in (v3.versions(service, package_id) or []):
            continue
        info = v3.manifest(v3.package_file(service, package_id, chosen))
        return PackageReadme(
            info.package_id or _canonical(package_id), chosen, info.description, info.authors, info.license, info.project_url,
            info.readme or "", source.url,
        )  # fmt: skip
    raise PackageNotFound(
        f"No configured NuGet source has {package_id} {chosen}.", "List the versions there are with nuget_versions."
    )


def _services(directory: Path, notices: list[str]) -> list[tuple[Source, v3.Service]]:
    found = []
    failures = []
    for source in configured_sources(directory):
        if not source.is_http:
            notices.append(f"{source.url} is a local folder, not a V3 service (skipped)")
            continue
        try:
            found.append((source, v3.service(source)))
        except (NuGetUnavailable, PackageNotFound) as error:
            failures.append(str(error))
    if not found:
        raise NuGetUnavailable(
            "No NuGet V3 source could be reached: " + "; ".join(failures + notices) + ".",
            "Check the network and the sources (dotnet nuget list source).",
        )
    notices.extend(failures)
    return found


_names: dict[str, str] = {}


def _canonical(package_id: str) -> str:
    return _names.get(package_id.lower(), package_id)


def _check_id(package_id: str) -> None:
    if not package_id or len(package_id) > 100 or not all(c.isalnum() or c in "._-" for c in package_id):
        raise InvalidArgument(
            f"{package_id[:100]!r} is not a NuGet package id.", "Ids are letters, digits, '.', '_' and '-'."
        )


def _listed(value: object) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)] if value else []
