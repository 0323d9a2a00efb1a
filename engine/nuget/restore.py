"""Restoring a package and its dependencies for one target framework with the real NuGet client:
``dotnet restore`` of a generated project, packages kept in the user cache."""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from ..errors import NuGetUnavailable, PackageNotFound
from ..host.cache import cache_dir, locked
from ..host.runtime import find_dotnet

RESTORE_TIMEOUT = 300


@dataclass(frozen=True)
class RestoredPackage:
    package_id: str
    version: str
    framework: str
    assemblies: tuple[Path, ...]
    """The runtime assemblies of the package and of every dependency, for ``#r``."""
    documentation: tuple[Path, ...]
    """The XML documentation files beside those assemblies."""
    dependencies: tuple[str, ...]
    """``Id Version`` of each other package restored."""


def packages_folder() -> Path:
    return cache_dir("nuget", "packages")


def restore(package_id: str, version: str, framework: str) -> RestoredPackage:
    """Restore ``package_id`` at exactly ``version`` for ``framework`` (once; later calls read the result)."""
    home = cache_dir("nuget", "restore", framework, f"{package_id.lower()}.{version.lower()}")
    assets = home / "obj" / "project.assets.json"
    with locked(home / "restore.lock"):
        if not assets.exists():
            _run_restore(home, package_id, version, framework)
    return _read_assets(assets, package_id, framework)


def _run_restore(home: Path, package_id: str, version: str, framework: str) -> None:
    (home / "restore.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk">\n'
        f"  <PropertyGroup><TargetFramework>{framework}</TargetFramework>"
        f"<RestorePackagesPath>{packages_folder()}</RestorePackagesPath></PropertyGroup>\n"
        f"  <ItemGroup><PackageReference Include={quoteattr(package_id)} Version={quoteattr(f'[{version}]')} />"
        "</ItemGroup>\n</Project>\n",
        encoding="utf-8",
    )
    dotnet = find_dotnet(home).dotnet
    env = {**os.environ, "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}
    try:
        done = subprocess.run(
            [str(dotnet), "restore", "--nologo", "--disable-build-servers", "-v", "quiet"],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            timeout=RESTORE_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise NuGetUnavailable(
            f"Restoring {package_id} {version} took over {RESTORE_TIMEOUT} s.", "Check the NuGet sources."
        ) from None
    if done.returncode == 0:
        return
    output = done.stdout + done.stderr
    (home / "obj" / "project.assets.json").unlink(missing_ok=True)  # a failed restore is never reused
    problems = sorted(set(re.findall(r"(NU\d{4}): ([^\[\r\n]+)", output)))
    said = "; ".join(f"{code}: {text.strip()}" for code, text in problems) or output.strip()[-600:]
    if any(code in ("NU1101", "NU1102", "NU1103") for code, _ in problems):
        raise PackageNotFound(
            f"NuGet could not restore {package_id} {version}: {said}",
            "Check the id and version with nuget_versions; only the configured sources are asked.",
        )
    raise NuGetUnavailable(f"NuGet could not restore {package_id} {version}: {said}", "Check the NuGet sources.")


def _read_assets(assets: Path, package_id: str, framework: str) -> RestoredPackage:
    data = json.loads(assets.read_text(encoding="utf-8"))
    folder = Path(next(iter(data.get("packageFolders", {str(packages_folder()): {}}))))
    target: dict[str, Any] = next(
        (v for k, v in data.get("targets", {}).items() if k.split("/", 1)[0] == framework), {}
    )
    libraries = data.get("libraries", {})
    assemblies: list[Path] = []
    documentation: list[Path] = []
    dependencies: list[str] = []
    version = ""
    for name, entry in target.items():
        if entry.get("type") != "package":
            continue
        library_id, library_version = name.split("/", 1)
        base = folder / libraries.get(name, {}).get("path", f"{library_id.lower()}/{library_version.lower()}")
        if library_id.lower() == package_id.lower():
            package_id, version = library_id, library_version  # the id as the package spells it
        else:
            dependencies.append(f"{library_id} {library_version}")
        for relative in entry.get("runtime", {}):
            if relative.endswith("/_._"):
                continue
            path = base / relative
            assemblies.append(path)
            xml = path.with_suffix(".xml")
            if xml.exists():
                documentation.append(xml)
    return RestoredPackage(package_id, version, framework, tuple(assemblies), tuple(documentation), tuple(dependencies))
