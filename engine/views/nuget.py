"""NuGet answers: search results, a package's versions, its README."""

from __future__ import annotations

from dataclasses import dataclass

from .paging import range_note
from .text import plural


@dataclass(frozen=True)
class PackageHit:
    package_id: str
    version: str
    description: str
    authors: str
    total_downloads: int
    verified: bool
    source: str

    def line(self) -> str:
        tick = " (verified)" if self.verified else ""
        text = " ".join(self.description.split())
        text = text if len(text) <= 120 else text[:117] + "..."
        return f"{self.package_id} {self.version}{tick}  {self.total_downloads:,} downloads  {text}"


@dataclass(frozen=True)
class PackageSearch:
    query: str
    total: int
    items: tuple[PackageHit, ...]
    notices: tuple[str, ...] = ()

    def render(self) -> str:
        head = f'{plural(self.total, "package")} for "{self.query}"'
        return "\n".join([head, *(f"note: {n}" for n in self.notices), *(hit.line() for hit in self.items)])


@dataclass(frozen=True)
class PackageVersions:
    package_id: str
    items: tuple[str, ...]
    """Newest first."""
    latest_stable: str | None
    latest_prerelease: str | None
    sources: tuple[str, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        head = f"{self.package_id}: {plural(self.total, 'version')}"
        if self.latest_stable:
            head += f", latest stable {self.latest_stable}"
        if self.latest_prerelease and self.latest_prerelease != self.latest_stable:
            head += f", latest pre-release {self.latest_prerelease}"
        head += range_note(self.offset, len(self.items), self.total)
        return "\n".join([head, *self.items])


@dataclass(frozen=True)
class PackageReadme:
    package_id: str
    version: str
    description: str
    authors: str
    license: str
    project_url: str
    readme: str
    """The README file of the package, or empty when it has none."""
    source: str

    def render(self) -> str:
        lines = [f"{self.package_id} {self.version} by {self.authors or 'unknown authors'}"]
        if self.license:
            lines.append(f"license: {self.license}")
        if self.project_url:
            lines.append(f"project: {self.project_url}")
        lines += ["", self.description]
        lines += ["", self.readme] if self.readme else ["", "(the package has no README; its description is above)"]
        return "\n".join(lines)
