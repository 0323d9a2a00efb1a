"""A new target framework's errors before it is written: the project's code compiled in memory as that
target would compile it (its reference assemblies, its preprocessor symbols, its default C# version
unless the project sets one), the errors the current target does not have named. Nothing is written
and nothing runs: the reference pack is read from the SDK's ``packs`` or NuGet's global packages
folder, where an earlier restore left it.

What it cannot see before a restore: the assets of the project's packages for that target (they are
compiled against the current target's) and the items MSBuild adds or removes under a condition on it.
The answer says so.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import relative_path
from ..workspace.snapshot import Snapshot
from .frameworks import Framework, can_reference, incompatible, parse
from .msbuild_xml import MsBuildFile
from .places import ProjectPlaces

_PACKS = {
    "Microsoft.NETCore.App.Ref": "microsoft.netcore.app.ref",
    "Microsoft.AspNetCore.App.Ref": "microsoft.aspnetcore.app.ref",
    "Microsoft.WindowsDesktop.App.Ref": "microsoft.windowsdesktop.app.ref",
}
"""The .NET reference packs: as the SDK's ``packs`` folder names them, and as NuGet's folder does."""
_FRAMEWORK_REFERENCE = re.compile(
    r"[/\\](?:packs[/\\](?P<pack>Microsoft\.[A-Za-z]+\.App\.Ref)|(?P<package>microsoft\.[a-z]+\.app\.ref|"
    r"netstandard\.library(?:\.ref)?|microsoft\.netframework\.referenceassemblies[.\w]*))[/\\]",
    re.IGNORECASE,
)
_TARGET_SYMBOL = re.compile(r"^(NET|NETCOREAPP|NETSTANDARD|NETFRAMEWORK)(\d.*)?(_OR_GREATER)?$")
_DEFAULT_LANGUAGE = ((10, "14"), (9, "13"), (8, "12"), (7, "11"), (6, "10"), (5, "9"))
"""The C# version the SDK gives a .NET target that sets none (older targets, .NET Standard 2.0 and
.NET Framework: 7.3; .NET Core 3 and .NET Standard 2.1: 8)."""


def preview_target(
    snapshot: Snapshot, places: ProjectPlaces, tfm: str, timeout: float | None, shown: int = 5
) -> list[str]:
    """Notes: the errors ``tfm`` would add to the project's current target (the first ``shown`` named),
    or why there is no preview."""
    framework = parse(tfm)
    projects = [p for p in snapshot.projects if p.FilePath and Path(str(p.FilePath)) == places.project]
    if framework is None or not projects:
        return []
    project = projects[0]
    unusable = _unusable_references(snapshot, project, tfm)
    if unusable:
        # Restore stops there (NU1201), before the compiler: the build names these, not code errors.
        return [f"{tfm} would not restore: {len(unusable)} project reference(s) it cannot use"] + [
            f"{tfm} error: NU1201 at {relative_path(str(path), snapshot.root)}: {name} targets {', '.join(targets)}, "
            f"none of which {tfm} can reference"
            for name, path, targets in unusable[:shown]
        ]
    references = list(project.MetadataReferences)
    framework_references = [r for r in references if _FRAMEWORK_REFERENCE.search(str(getattr(r, "FilePath", "") or ""))]
    packs = {_pack_of(str(r.FilePath)) for r in framework_references} - {None}
    assemblies = _reference_assemblies(framework, tfm, packs)
    if assemblies is None:
        return [
            f"{tfm} not previewed: its reference assemblies are not on this machine (restore downloads them once "
            "applied; the answer then names the errors it adds)"
        ]
    from Microsoft.CodeAnalysis import MetadataReference  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import LanguageVersion, LanguageVersionFacts  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    new_references = List[MetadataReference]()
    swapped = 0
    for reference in references:
        if reference in framework_references:
            continue
        asset = _package_asset(str(getattr(reference, "FilePath", "") or ""), tfm)
        if asset is None:
            new_references.Add(reference)
        elif asset.is_file():
            new_references.Add(MetadataReference.CreateFromFile(str(asset)))
            swapped += 1
    for assembly in assemblies:
        new_references.Add(MetadataReference.CreateFromFile(str(assembly)))
    options = project.ParseOptions
    symbols = [s for s in options.PreprocessorSymbolNames if not _TARGET_SYMBOL.match(str(s))] + symbols_of(framework)
    parse_options = options.WithPreprocessorSymbols(symbols)
    language = "" if _sets(places, "LangVersion") else default_language(framework)
    if language:
        parsed, version = LanguageVersionFacts.TryParse(language, LanguageVersion.Default)
        if parsed:
            parse_options = parse_options.WithLanguageVersion(version)
    preview = project.WithParseOptions(parse_options).WithMetadataReferences(new_references)
    operation = Operation(f"previewing {tfm}", timeout)
    before = _errors(snapshot.compilation(project, operation), operation, snapshot)
    after = _errors(operation.wait(preview.GetCompilationAsync(operation.token)), operation, snapshot)
    added = [text for key, text in after.items() if key not in before]
    packages = f"{swapped} package assemblies as NuGet picks them for {tfm}" if swapped else "no package assemblies"
    said = (
        f"{tfm} previewed (compiled against its reference assemblies, {packages}, C# "
        f"{language or 'as the project sets'}; a package's dependencies only {tfm} needs are restore's): "
    )
    if not added:
        return [said + "no error it would add"]
    return [said + f"{len(added)} error{'s' if len(added) != 1 else ''} it would add"] + [
        f"{tfm} error: {text}" for text in added[:shown]
    ]


_PACKAGE_ASSET = re.compile(r"^(?P<folder>.*[/\\](?:lib|ref)[/\\])(?P<framework>[^/\\]+)(?P<file>[/\\][^/\\]+\.dll)$")


def _package_asset(path: str, tfm: str) -> Path | None:
    """The assembly NuGet would pick for ``tfm`` in place of the package assembly at ``path`` (the
    package's nearest compatible ``lib``/``ref`` folder); ``None`` when ``path`` is no package's asset,
    a path that does not exist when the package has nothing for ``tfm``."""
    found = _PACKAGE_ASSET.match(path)
    if found is None or "packages" not in path:
        return None
    folder = Path(found["folder"])
    wanted = parse(tfm)
    candidates = []
    for each in folder.iterdir() if folder.is_dir() else ():
        framework = parse(each.name)
        if framework is not None and wanted is not None and can_reference(tfm, each.name):
            candidates.append((framework.family == wanted.family, framework.version, each))
    if not candidates:
        return folder / "(none)" / found["file"].lstrip("/\\")
    return max(candidates, key=lambda c: (c[0], c[1]))[2] / found["file"].lstrip("/\\")


def _unusable_references(snapshot: Snapshot, project: Any, tfm: str) -> list[tuple[str, Path, list[str]]]:
    """The projects ``project``'s file references that ``tfm`` cannot reference (NuGet's rules), with
    their targets: restore names those it reaches first, the project's own references."""
    own = Path(str(project.FilePath))
    direct = {
        (own.parent / str(e.attribute("Include")).replace("\\", "/")).resolve()
        for e in MsBuildFile(own).root.descendants("ProjectReference")
        if e.attribute("Include")
    }
    found: list[tuple[str, Path, list[str]]] = []
    for reference in project.ProjectReferences:
        referenced = snapshot.solution.GetProject(reference.ProjectId)
        if referenced is None or not referenced.FilePath or Path(str(referenced.FilePath)).resolve() not in direct:
            continue
        targets = snapshot.targets_of(referenced)
        if targets and incompatible([tfm], targets):
            name = Path(str(referenced.FilePath)).stem
            if all(name != seen for seen, _, _ in found):
                found.append((name, own, targets))
    return found


def symbols_of(framework: Framework) -> list[str]:
    """The preprocessor symbols the SDK defines for a target (``NET8_0``, ``NET8_0_OR_GREATER``...)."""
    major, minor = (*framework.version, 0, 0)[:2]
    if framework.family == "core":
        found = (
            ["NET", f"NET{major}_{minor}", "NETCOREAPP"] if major >= 5 else ["NETCOREAPP", f"NETCOREAPP{major}_{minor}"]
        )
        core = [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]
        found += [f"NETCOREAPP{a}_{b}_OR_GREATER" for a, b in core if (a, b) <= (major, minor)]
        found += [f"NET{v}_0_OR_GREATER" for v in range(5, major + 1)]
        return found
    if framework.family == "standard":
        standard = [(1, v) for v in range(7)] + [(2, 0), (2, 1)]
        return ["NETSTANDARD", f"NETSTANDARD{major}_{minor}"] + [
            f"NETSTANDARD{a}_{b}_OR_GREATER" for a, b in standard if (a, b) <= (major, minor)
        ]
    digits = "".join(str(part) for part in framework.version)
    known = ["20", "30", "35", "40", "45", "451", "452", "46", "461", "462", "47", "471", "472", "48", "481"]
    return ["NETFRAMEWORK", f"NET{digits}"] + [
        f"NET{v}_OR_GREATER" for v in known if v.ljust(3, "0") <= digits.ljust(3, "0")
    ]


def default_language(framework: Framework) -> str:
    if framework.family == "core":
        major = framework.version[0]
        if major >= 5:
            return next((language for since, language in _DEFAULT_LANGUAGE if major >= since), "9")
        return "8" if major >= 3 else "7.3"
    if framework.family == "standard":
        return "8" if framework.version >= (2, 1) else "7.3"
    return "7.3"


def _sets(places: ProjectPlaces, name: str) -> bool:
    return any(MsBuildFile(path).root.descendants(name) for path in (places.project, *places.imported()))


def _pack_of(path: str) -> str | None:
    found = _FRAMEWORK_REFERENCE.search(path)
    if found is None:
        return None
    named = found["pack"] or found["package"]
    return next((pack for pack, package in _PACKS.items() if named.lower() in (pack.lower(), package)), None)


def _reference_assemblies(framework: Framework, tfm: str, packs: set[str | None]) -> list[Path] | None:
    """The reference assemblies of ``tfm``: each .NET pack the project uses, in the SDK's ``packs`` or
    NuGet's folder (the newest patch); .NET Standard's and .NET Framework's from NuGet's folder."""
    nuget = Path(os.environ.get("NUGET_PACKAGES") or Path.home() / ".nuget" / "packages")
    if framework.family == "core":
        folder = f"net{framework.version[0]}.{(*framework.version, 0)[1]}"
        if framework.version[0] < 5:
            folder = "netcoreapp" + folder[3:]
        found: list[Path] = []
        for pack in sorted(p for p in packs if p) or ["Microsoft.NETCore.App.Ref"]:
            directory = _newest([*_sdk_packs(pack), nuget / _PACKS[pack]], folder)
            if directory is None:
                return None
            found += sorted(directory.glob("*.dll"))
        return found
    if framework.family == "standard":
        if framework.version >= (2, 1):
            directory = _newest([nuget / "netstandard.library.ref"], "netstandard2.1")
        else:
            directory = nuget / "netstandard.library" / "2.0.3" / "build" / "netstandard2.0" / "ref"
        return sorted(directory.glob("*.dll")) if directory is not None and directory.is_dir() else None
    version = ".".join(str(part) for part in framework.version)
    digits = tfm.lower().removeprefix("net")
    for candidate in sorted((nuget / f"microsoft.netframework.referenceassemblies.net{digits}").glob("*")):
        directory = candidate / "build" / ".NETFramework" / f"v{version}"
        if directory.is_dir():
            # The pack's COM+ thunk and wrapper are native images, which MSBuild's framework list leaves out.
            found = sorted(directory.glob("*.dll")) + sorted((directory / "Facades").glob("*.dll"))
            return [p for p in found if not p.name.endswith((".Thunk.dll", ".Wrapper.dll"))]
    return None


def _sdk_packs(pack: str) -> list[Path]:
    """Where the SDK this process runs on keeps ``pack`` (its runtime is started: nothing is asked of
    ``dotnet``)."""
    from ..host.runtime import ensure_runtime

    return [ensure_runtime().dotnet.root / "packs" / pack]


def _newest(places: list[Path], folder: str) -> Path | None:
    found = [p for place in places for p in place.glob(f"*/ref/{folder}") if p.is_dir()]
    if not found:
        return None
    return max(found, key=lambda p: [int(x) if x.isdigit() else 0 for x in re.split(r"[.-]", p.parent.parent.name)])


def _errors(compilation: Any, operation: Operation, snapshot: Snapshot) -> dict[tuple[str, int, str], str]:
    from Microsoft.CodeAnalysis import DiagnosticSeverity  # type: ignore[import-not-found]

    found: dict[tuple[str, int, str], str] = {}
    for diagnostic in compilation.GetDiagnostics(operation.token):
        if diagnostic.Severity != DiagnosticSeverity.Error or diagnostic.IsSuppressed:
            continue
        span = diagnostic.Location.GetLineSpan()
        path, line = str(span.Path or ""), span.StartLinePosition.Line + 1
        where = f"{relative_path(path, snapshot.root)}:{line}" if path else "the project's options"
        found.setdefault((path, line, str(diagnostic.Id)), f"{diagnostic.Id} at {where}: {diagnostic.GetMessage()}")
    return found
