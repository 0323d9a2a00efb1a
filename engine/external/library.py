"""The source of a symbol from a package or the framework: the PDB's embedded source, else its
SourceLink address (fetched only where the network is allowed: never required), else C# decompiled by
ICSharpCode.Decompiler; marked as such in the first line, cached per assembly version.

A reference assembly (the framework's ``packs/*.Ref``, a package's ``ref/``) has only signatures, its
bodies ``throw null``: it is mapped first to its implementation (the shared runtime's
``shared/<framework>/<version>/``, the package's ``lib/``), as Visual Studio does.

The work is done by a C# helper (``library_source/``), built once against ICSharpCode.Decompiler (from
NuGet) into the user cache and loaded into the engine's process: reading metadata runs no code of the
assembly read.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..docs.from_symbols import documentation
from ..errors import EngineError, InvalidArgument
from ..host.cache import cache_dir, locked
from ..host.csharp_build import QUIET, BuildFailed, already_built, built, load_built, runtime_identifier
from ..host.files import write_whole
from ..host.interop import Operation
from ..symbols.describe import documentation_id
from ..views.definition import ROUTES
from ..workspace.snapshot import Snapshot

SOURCE = Path(__file__).parent / "library_source"
NETWORK_VARIABLE = "ROSLYN_SOURCELINK_NETWORK"
"""``1`` lets a SourceLink address be fetched (off by default: the answer is decompiled instead)."""
HEADER_LINES = 2

log = logging.getLogger("roslyn_tui")
_lock = threading.Lock()
_helper: dict[str, Any] = {}


class LibrarySourceUnavailable(EngineError):
    pass


@dataclass(frozen=True)
class LibraryFile:
    """Where a library symbol's source was written, and how it was found."""

    path: str
    """The file in the user cache (read-only), its first line saying what it is."""
    line: int
    """The symbol's line in it (1-based; the type's when the member's is not known)."""
    route: str
    """``embedded`` (the PDB holds the file), ``sourcelink`` (fetched from its address) or ``decompiled``."""
    assembly: str
    version: str
    assembly_path: str
    """The implementation assembly read (not the reference assembly compiled against)."""
    address: str = ""
    """The SourceLink address, when the PDB gives one (fetched or not)."""


def is_library_file(path: str) -> bool:
    """A file this module wrote (what the source view may open read-only outside the solution)."""
    try:
        return Path(path).resolve().is_relative_to(cache_dir("library-files").resolve())
    except (OSError, ValueError):
        return False


def library_source(snapshot: Snapshot, symbol: Any, operation: Operation) -> LibraryFile:
    """The source file of ``symbol``'s outermost type (a metadata symbol), written once per assembly version."""
    assembly = symbol.ContainingAssembly
    if assembly is None:
        raise InvalidArgument(f"{symbol.ToDisplayString()} belongs to no assembly.", "Name a type or a member.")
    outer = symbol if str(symbol.Kind) == "NamedType" else symbol.ContainingType
    if outer is None:
        raise InvalidArgument(f"{symbol.ToDisplayString()} is not in a type.", "Name a type or a member of one.")
    while outer.ContainingType is not None:
        outer = outer.ContainingType
    reference_path = _reference_path(snapshot, assembly, operation)
    implementation = implementation_of(Path(reference_path))
    type_name = _metadata_name(outer)
    stamp = implementation.stat()
    key = hashlib.sha256(f"{implementation}|{stamp.st_size}|{stamp.st_mtime_ns}".encode()).hexdigest()[:16]
    folder = cache_dir("library-files", f"{assembly.Identity.Name}-{key}")
    target = folder / (re.sub(r"[^\w.+-]", "_", type_name) + ".cs")
    facts_file = target.with_suffix(".json")
    with locked(folder / ".lock"):
        if not (target.exists() and facts_file.exists()):
            found = type_source(str(implementation), type_name, operation)
            how = ROUTES[found["route"]]
            header = (
                f"// {how[0].upper()}{how[1:]} from {found['assembly']} {found['version']}: {type_name}\n"
                f"// read-only: {found['path']}\n"
            )
            write_whole(target, header + found["text"])
            kept = ("route", "address", "lines", "assembly", "version", "path")
            write_whole(facts_file, json.dumps({key: found[key] for key in kept}))  # last: it says the text is whole
        facts = json.loads(facts_file.read_text(encoding="utf-8"))
    lines = facts["lines"]
    line = lines.get(documentation_id(symbol)) or lines.get(documentation_id(outer)) or 1
    return LibraryFile(
        str(target),
        line + HEADER_LINES,
        facts["route"],
        facts["assembly"],
        facts["version"],
        facts["path"],
        facts["address"],
    )


def type_source(implementation: str, type_name: str, operation: Operation) -> dict[str, Any]:
    """The source of type ``type_name`` (its metadata name) in the assembly file ``implementation``: the
    helper's answer (``route``, ``text``, ``lines`` by documentation ID, ``assembly``, ``version``, ``path``,
    ``address``), a SourceLink address fetched where allowed, else decompiled."""
    helper = _library_helper()
    try:
        found = json.loads(str(helper.Find(implementation, type_name)))
        if found["route"] == "sourcelink":
            text = _fetched(found["address"])
            if text is None:
                address = found["address"]
                found = json.loads(str(helper.Decompiled(implementation, type_name)))
                found["address"] = address
            else:
                found["text"] = text
    except Exception as error:  # a .NET exception: a broken or obfuscated assembly
        raise LibrarySourceUnavailable(
            f"No source for {type_name} in {implementation}: {error}",
            "Use symbol_info or get_documentation for its signature and documentation.",
        ) from error
    operation.check()
    return dict(found)


def _fetched(address: str) -> str | None:
    """The text at a SourceLink address, when ``ROSLYN_SOURCELINK_NETWORK=1``; never required."""
    if os.environ.get(NETWORK_VARIABLE, "").lower() not in ("1", "true", "yes") or not address.startswith("https://"):
        return None
    try:
        with urllib.request.urlopen(address, timeout=10) as response:
            return str(response.read().decode("utf-8-sig"))
    except OSError as error:
        log.info("SourceLink %s not fetched: %s", address, error)
        return None


def implementation_of(reference: Path) -> Path:
    """The assembly with the bodies for a reference assembly: the shared runtime's for a targeting pack
    (the same major.minor, else the newest of that major), a package's ``lib/`` for its ``ref/``; else
    ``reference`` itself."""
    parts = reference.parts
    if "packs" in parts and len(parts) > parts.index("packs") + 2 and parts[parts.index("packs") + 1].endswith(".Ref"):
        at = parts.index("packs")
        framework = parts[at + 1][: -len(".Ref")]
        pack_version = parts[at + 2]
        shared = Path(*parts[:at]) / "shared" / framework
        candidates = [d for d in shared.iterdir() if (d / reference.name).is_file()] if shared.is_dir() else []
        if candidates:
            major_minor = ".".join(pack_version.split(".")[:2])
            same = [d for d in candidates if d.name.startswith(major_minor + ".")] or [
                d for d in candidates if d.name.split(".")[0] == pack_version.split(".")[0]
            ]
            chosen = max(
                same or candidates, key=lambda d: [int(x) if x.isdigit() else 0 for x in re.split(r"[.-]", d.name)]
            )
            return chosen / reference.name
    if "ref" in parts:
        at = len(parts) - 1 - parts[::-1].index("ref")
        package = Path(*parts[:at])
        libraries = package / "lib"
        tfm = parts[at + 1] if at + 1 < len(parts) - 1 else ""
        if libraries.is_dir():
            beside = libraries / tfm / reference.name
            if beside.is_file():
                return beside
            found = sorted(libraries.glob(f"*/{reference.name}"))
            if found:
                return found[-1]
    return reference


def _reference_path(snapshot: Snapshot, assembly: Any, operation: Operation) -> str:
    for project in snapshot.projects:
        reference = snapshot.compilation(project, operation).GetMetadataReference(assembly)
        path = getattr(reference, "FilePath", None) if reference is not None else None
        if path:
            return str(path)
    raise LibrarySourceUnavailable(
        f"{assembly.Identity.Name} is not a file any project references.",
        "Name a symbol of an assembly the solution's projects reference.",
    )


def _metadata_name(kind: Any) -> str:
    """``System.Linq.Enumerable``, ``System.Collections.Generic.List`1``, ``Outer+Inner``."""
    name = str(kind.MetadataName)
    if kind.ContainingType is not None:
        return f"{_metadata_name(kind.ContainingType)}+{name}"
    namespace = kind.ContainingNamespace
    if namespace is None or namespace.IsGlobalNamespace:
        return name
    return f"{namespace.ToDisplayString()}.{name}"


def warm_up(snapshot: Snapshot, operation: Operation) -> None:
    """What the first answer about a framework symbol would pay, once per process: the framework's XML
    documentation read (0.5 s) and, when the helper is already built, one type of the runtime's
    System.Private.CoreLib decompiled: a process's first decompilation pays ~2 s for the decompiler's start
    (its code under dynamic PGO, CoreLib's type system), a type after it 0.2-0.6 s. CoreLib's decompiler
    stays (~70 MB)."""
    with _lock:
        if _helper.get("warmed"):
            return
        _helper["warmed"] = True
    if snapshot.all_projects:
        compilation = snapshot.compilation(snapshot.all_projects[0], operation)
        documentation(compilation.ObjectType)
    helper = _library_helper(build=False)
    if helper is None:
        return
    import clr  # type: ignore[import-not-found]
    from System import Object  # type: ignore[import-not-found]

    try:
        helper.Decompiled(clr.GetClrType(Object).Assembly.Location, "System.Version")
    except Exception as error:  # a .NET exception: the first real decompilation reports it then
        log.info("warming the decompiler failed: %s", error)
    operation.check()


def _library_helper(build: bool = True) -> Any:
    """The ``RoslynTuiLibrarySource.LibrarySource`` class, built and loaded on first use; with ``build``
    false, ``None`` unless a build is in the cache already."""
    with _lock:
        if "class" in _helper:
            return _helper["class"]
        from ..host.runtime import ensure_runtime

        info = ensure_runtime()
        framework = f"net{info.runtime_version.split('.')[0]}.0"
        plain = ["build", "{src}", "-c", "Release", "-o", "{out}", f"-p:HostFramework={framework}", *QUIET]
        attempts = [plain]
        runtime = runtime_identifier()
        if runtime is not None:
            # Precompiled, the decompiler's first type takes a third of the time its JIT would.
            attempts.insert(
                0, ["publish", *plain[1:], "-r", runtime, "--self-contained", "false", "-p:PublishReadyToRun=true"]
            )
        recipe = [framework, "ReadyToRun, else build"]
        if not build:
            output = already_built("library-source", SOURCE, recipe)
            if output is None:
                return None
        else:
            try:
                output = built("library-source", SOURCE, recipe, attempts, info.dotnet.dotnet)
            except BuildFailed as error:
                raise LibrarySourceUnavailable(
                    f"The library-source helper could not be built: {error.message}",
                    "Check that NuGet can restore ICSharpCode.Decompiler (dotnet restore), then ask again.",
                ) from error
        load_built(output, "ICSharpCode.Decompiler.dll", "RoslynTuiLibrarySource.dll")
        from RoslynTuiLibrarySource import LibrarySource  # type: ignore[import-not-found]

        _helper["class"] = LibrarySource
        return LibrarySource
