"""The NuGet V3 protocol over HTTP: the service index, search, the flat container (versions and
packages) and the README inside a package."""

from __future__ import annotations

import gzip
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ElementTree
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import NuGetUnavailable, PackageNotFound
from ..host.cache import cache_dir
from ..host.files import write_whole
from .sources import Source
from .versions import sort_key

TIMEOUT_SECONDS = 20
USER_AGENT = "roslyn-tui (NuGet V3 client)"

_indexes: dict[str, dict[str, str]] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class Service:
    """One source's service index: resource type (without version) -> URL."""

    source: Source
    resources: dict[str, str]

    def find(self, kind: str) -> str | None:
        return self.resources.get(kind)

    def describe(self) -> str:
        return ", ".join(sorted(self.resources)) or "no resources"


def service(source: Source) -> Service:
    with _lock:
        known = _indexes.get(source.url)
    if known is None:
        document = get_json(source.url, what=f"the service index of {source.url}")
        known = {}
        for resource in document.get("resources", []):
            kind = str(resource.get("@type", "")).split("/", 1)[0]
            # The first entry of a kind is the primary one; later ones are mirrors.
            known.setdefault(kind, str(resource.get("@id", "")))
        with _lock:
            _indexes[source.url] = known
    return Service(source, known)


def search(service: Service, query: str, prerelease: bool, skip: int, take: int) -> dict[str, Any]:
    base = service.find("SearchQueryService")
    assert base is not None
    parameters = urllib.parse.urlencode(
        {"q": query, "skip": skip, "take": take, "prerelease": str(prerelease).lower(), "semVerLevel": "2.0.0"}
    )
    return get_json(f"{base}?{parameters}", what=f"search on {service.source.url}")


def versions(service: Service, package_id: str) -> list[str] | None:
    """Every version the source has, oldest first; ``None`` when it does not have the package."""
    base = service.find("PackageBaseAddress")
    if base is None:
        return None
    try:
        document = get_json(f"{_slash(base)}{package_id.lower()}/index.json", what=f"versions on {service.source.url}")
    except PackageNotFound:
        return None
    return [str(v) for v in document.get("versions", [])]


def package_file(service: Service, package_id: str, version: str) -> Path:
    """The .nupkg, downloaded once into the cache."""
    lower_id, lower_version = package_id.lower(), version.lower()
    target = cache_dir("nuget", "nupkg") / f"{lower_id}.{lower_version}.nupkg"
    if target.exists():
        return target
    base = service.find("PackageBaseAddress")
    if base is None:
        raise NuGetUnavailable(f"{service.source.url} has no package content service (PackageBaseAddress).")
    data = get_bytes(f"{_slash(base)}{lower_id}/{lower_version}/{lower_id}.{lower_version}.nupkg", what=package_id)
    write_whole(target, data)
    return target


@dataclass(frozen=True)
class PackageManifest:
    package_id: str
    description: str
    authors: str
    license: str
    project_url: str
    readme: str | None
    """The README's text when the package has one."""
    readme_file: str | None


def manifest(nupkg: Path) -> PackageManifest:
    with zipfile.ZipFile(nupkg) as archive:
        nuspec_name = next((n for n in archive.namelist() if n.endswith(".nuspec") and "/" not in n), None)
        if nuspec_name is None:
            raise NuGetUnavailable(f"{nupkg.name} has no .nuspec: it is not a valid package.")
        root = ElementTree.fromstring(archive.read(nuspec_name))
        metadata = next((child for child in root if child.tag.endswith("metadata")), root)

        def field(name: str) -> str:
            element = next((child for child in metadata if child.tag.rsplit("}", 1)[-1] == name), None)
            return (element.text or "").strip() if element is not None else ""

        readme_file = field("readme") or None
        readme = None
        if readme_file:
            wanted = readme_file.replace("\\", "/").lstrip("/").lower()
            entry = next((n for n in archive.namelist() if n.lower() == wanted), None)
            if entry is not None:
                readme = archive.read(entry).decode("utf-8-sig", "replace")
        return PackageManifest(
            package_id=field("id"),
            description=field("description"),
            authors=field("authors"),
            license=field("license") or field("licenseUrl"),
            project_url=field("projectUrl"),
            readme=readme,
            readme_file=readme_file,
        )


def get_json(url: str, *, what: str) -> Any:
    try:
        return json.loads(get_bytes(url, what=what))
    except ValueError as error:
        raise NuGetUnavailable(f"{what} answered with something that is not JSON ({url}).") from error


def get_bytes(url: str, *, what: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            data = bytes(response.read())
            # Registrations are served compressed (registration5-gz-semver2) whether asked or not.
            return gzip.decompress(data) if response.headers.get("Content-Encoding") == "gzip" else data
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise PackageNotFound(f"{what}: not found ({url}).") from error
        raise NuGetUnavailable(f"{what} failed: HTTP {error.code} from {url}.", "Try again later.") from error
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise NuGetUnavailable(
            f"{what} failed: {reason} ({url}).", "Check the network and the NuGet sources (dotnet nuget list source)."
        ) from error


def _slash(url: str) -> str:
    return url if url.endswith("/") else url + "/"


def catalog_entry(service: Service, package_id: str, version: str) -> dict[str, Any] | None:
    """What the source's registration says of one version (its ``deprecation`` and ``vulnerabilities``
    among it); ``None`` when the source has no registration for it."""
    base = service.find("RegistrationsBaseUrl")
    if base is None:
        return None
    try:
        index = get_json(f"{_slash(base)}{package_id.lower()}/index.json", what=f"the registration of {package_id}")
    except PackageNotFound:
        return None
    wanted = version.lower()
    for page in index.get("items", []):
        items = page.get("items")
        if items is None:  # a page the index only links to
            lower, upper = str(page.get("lower", "")), str(page.get("upper", ""))
            if not (sort_key(lower) <= sort_key(version) <= sort_key(upper)):
                continue
            items = get_json(str(page["@id"]), what=f"a registration page of {package_id}").get("items", [])
        for item in items:
            entry = item.get("catalogEntry", {})
            if str(entry.get("version", "")).lower() == wanted:
                return dict(entry)
    return None
