"""Find the .NET SDK and the Roslyn inside it, and start CoreCLR in this process once.

The Roslyn that ships with the SDK (``sdk/<version>/DotnetTools/dotnet-format/``) is the default:
it is always in step with the SDK's compiler and source generators. ``ROSLYN_TUI_ROSLYN_DIR`` may
point to another directory holding a Roslyn with ``BuildHost-netcore/``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from ..errors import DotnetNotFound, RoslynNotFound, RuntimeStartFailed, SdkTooOld
from . import collector
from .assembly_scan import scan_default_context_only
from .cache import cache_dir
from .files import write_whole
from .precompiled import precompiled_compiler
from .resolver import install_resolver
from .sdk_pin import missing_sdk

log = logging.getLogger("roslyn_tui.engine")

ROSLYN_DIR_VARIABLE = "ROSLYN_TUI_ROSLYN_DIR"
MINIMUM_SDK_MAJOR = 8

# Loaded eagerly so that a broken Roslyn directory fails at start-up with a named error
# instead of at the first query.
ROSLYN_ASSEMBLIES = (
    "Microsoft.CodeAnalysis",
    "Microsoft.CodeAnalysis.CSharp",
    "Microsoft.CodeAnalysis.Workspaces",
    "Microsoft.CodeAnalysis.CSharp.Workspaces",
    "Microsoft.CodeAnalysis.Workspaces.MSBuild",
    "Microsoft.CodeAnalysis.Features",
    "Microsoft.CodeAnalysis.CSharp.Features",
)


@dataclass(frozen=True)
class DotnetInstall:
    """Where ``dotnet`` lives and which SDK a given directory resolves to."""

    dotnet: Path
    root: Path
    sdk_version: str
    sdk_dir: Path


@dataclass(frozen=True)
class RoslynInstall:
    directory: Path
    version: str
    from_override: bool


@dataclass(frozen=True)
class RuntimeInfo:
    dotnet: DotnetInstall
    roslyn: RoslynInstall
    runtime_version: str
    compiler_directory: Path
    """Where the compiler assemblies were loaded from: the SDK's precompiled copies, or Roslyn's own."""


def find_dotnet(start_dir: Path | None = None) -> DotnetInstall:
    """Locate ``dotnet`` (``DOTNET_ROOT`` first, then PATH) and the SDK ``start_dir`` would use.

    ``dotnet --version`` is run in ``start_dir`` so a ``global.json`` there is honoured.
    """
    dotnet = _dotnet_executable()
    cwd = start_dir if start_dir and start_dir.is_dir() else Path.cwd()
    try:
        completed = subprocess.run([str(dotnet), "--version"], cwd=cwd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise DotnetNotFound(
            f"'{dotnet} --version' could not run: {error}",
            "Check the .NET SDK installation (https://dot.net), or set DOTNET_ROOT.",
        ) from error
    version = completed.stdout.strip()
    if completed.returncode != 0 or not version:
        pinned = missing_sdk(completed.stdout + completed.stderr, str(dotnet))
        if pinned:
            raise DotnetNotFound(
                f"No .NET SDK usable from {cwd}: {pinned}", "Fix that global.json, or install the SDK it pins."
            )
        detail = (completed.stderr or completed.stdout).strip().splitlines()
        raise DotnetNotFound(
            f"No .NET SDK usable from {cwd}: {detail[0] if detail else 'dotnet --version failed'}",
            "Install the .NET SDK 8 or newer, or fix the global.json that pins a missing SDK.",
        )
    leading = re.match(r"\d+", version)
    major = int(leading.group()) if leading else 0
    if major < MINIMUM_SDK_MAJOR:
        raise SdkTooOld(
            f".NET SDK {version} is too old (roslyn-tui needs {MINIMUM_SDK_MAJOR} or newer).",
            "Install a newer .NET SDK, or change the global.json that pins this one.",
        )
    root = dotnet.resolve().parent
    return DotnetInstall(dotnet=dotnet, root=root, sdk_version=version, sdk_dir=root / "sdk" / version)


def _dotnet_executable() -> Path:
    root = os.environ.get("DOTNET_ROOT")
    if root:
        candidate = Path(root) / "dotnet"
        if candidate.is_file():
            return candidate
    found = shutil.which("dotnet")
    if found:
        return Path(found)
    raise DotnetNotFound(
        "The 'dotnet' command was not found (DOTNET_ROOT is unset or wrong, and it is not on PATH).",
        "Install the .NET SDK 8 or newer (https://dot.net) or set DOTNET_ROOT to its directory.",
    )


def find_roslyn(dotnet: DotnetInstall) -> RoslynInstall:
    """The Roslyn to host: ``ROSLYN_TUI_ROSLYN_DIR`` when set, else the SDK's own."""
    override = os.environ.get(ROSLYN_DIR_VARIABLE)
    directory = Path(override) if override else dotnet.sdk_dir / "DotnetTools" / "dotnet-format"
    where = f"{ROSLYN_DIR_VARIABLE}={override}" if override else f"the .NET SDK {dotnet.sdk_version}"
    missing = [name for name in ROSLYN_ASSEMBLIES if not (directory / f"{name}.dll").is_file()]
    if not directory.is_dir() or missing:
        what = "does not exist" if not directory.is_dir() else f"lacks {', '.join(missing[:3])}"
        raise RoslynNotFound(
            f"No Roslyn in {where}: {directory} {what}.",
            f"Unset {ROSLYN_DIR_VARIABLE}, or point it to a directory holding Roslyn's Workspaces.MSBuild"
            " with BuildHost-netcore/; or install a .NET SDK 8+ that ships DotnetTools/dotnet-format.",
        )
    if not (directory / "BuildHost-netcore").is_dir():
        raise RoslynNotFound(
            f"The Roslyn in {directory} has no BuildHost-netcore/ directory, so it cannot load projects.",
            "Use a Roslyn 4.9 or newer (the one inside a .NET SDK 8+ works).",
        )
    return RoslynInstall(directory=directory, version=_roslyn_version(directory), from_override=bool(override))


def _roslyn_version(directory: Path) -> str:
    deps = directory / "dotnet-format.deps.json"
    if deps.is_file():
        libraries = json.loads(deps.read_text(encoding="utf-8")).get("libraries", {})
        for key in libraries:
            if key.startswith("Microsoft.CodeAnalysis.Common/"):
                return key.split("/", 1)[1]
    return "unknown (read at start-up)"


PGO_VARIABLE = "DOTNET_TieredPGO"
"""Set to ``0`` for the processes .NET starts from the engine (BuildHost), unless given."""

_lock = threading.Lock()
_started: RuntimeInfo | None = None


def ensure_runtime(start_dir: Path | None = None) -> RuntimeInfo:
    """Start CoreCLR and load Roslyn, once per process; later calls return the first result.

    The first caller's directory decides the SDK (one runtime per process is all pythonnet allows).
    """
    global _started
    with _lock:
        if _started is not None:
            return _started
        dotnet = find_dotnet(start_dir)
        roslyn = find_roslyn(dotnet)
        # BuildHost is started with `dotnet`: make sure it finds the same one we use. Set before the
        # runtime starts, which takes its own copy of the environment then (BuildHost inherits that copy).
        os.environ.setdefault("DOTNET_HOST_PATH", str(dotnet.dotnet))
        os.environ.setdefault("DOTNET_CLI_TELEMETRY_OPTOUT", "1")
        os.environ.setdefault("DOTNET_NOLOGO", "1")
        if str(dotnet.root) not in os.environ.get("PATH", "").split(os.pathsep):
            os.environ["PATH"] = str(dotnet.root) + os.pathsep + os.environ.get("PATH", "")
        collector.start()  # before any thread can be inside pythonnet: engine.host.collector
        _start_coreclr(dotnet, roslyn)
        scan_default_context_only()  # before any analyzer loads: engine.host.assembly_scan
        from System import Environment  # type: ignore[import-not-found]

        # BuildHost evaluates the projects once and exits, so dynamic PGO's instrumented code is never
        # paid back there (25 projects: load 3.5 -> 3.2 s). The engine keeps it: off here too, the first
        # answers after load came 0.2-0.3 s sooner but every query after ran up to 1.5x slower (bench/).
        if Environment.GetEnvironmentVariable(PGO_VARIABLE) is None:
            Environment.SetEnvironmentVariable(PGO_VARIABLE, "0")
        version, compiler_directory = _load_roslyn(roslyn, dotnet)

        roslyn = RoslynInstall(roslyn.directory, version, roslyn.from_override)
        _started = RuntimeInfo(dotnet, roslyn, str(Environment.Version), compiler_directory)
        return _started


def _start_coreclr(dotnet: DotnetInstall, roslyn: RoslynInstall) -> None:
    try:
        from clr_loader import get_coreclr
        from pythonnet import set_runtime
    except ImportError as error:
        raise RuntimeStartFailed(
            f"pythonnet is not installed: {error}", "Reinstall roslyn-tui: pip install -e ."
        ) from error
    config = _runtime_config(roslyn.directory, dotnet)
    try:
        set_runtime(get_coreclr(runtime_config=str(config), dotnet_root=str(dotnet.root)))
        import clr  # type: ignore[import-not-found]  # noqa: F401
    except Exception as error:
        raise RuntimeStartFailed(
            f"CoreCLR did not start from {dotnet.root}: {error}",
            "Check that the .NET runtime matching the SDK is installed (dotnet --list-runtimes).",
        ) from error


def _runtime_config(roslyn_dir: Path, dotnet: DotnetInstall) -> Path:
    """The runtimeconfig that the Roslyn build itself asks for, so the right framework is picked."""
    shipped = roslyn_dir / "dotnet-format.runtimeconfig.json"
    options: dict[str, object] = {"tfm": f"net{dotnet.sdk_version.split('.')[0]}.0", "rollForward": "LatestMajor"}
    if shipped.is_file():
        shipped_options = json.loads(shipped.read_text(encoding="utf-8")).get("runtimeOptions", {})
        options.update({k: v for k, v in shipped_options.items() if k in ("tfm", "framework", "rollForward")})
    else:
        options["framework"] = {"name": "Microsoft.NETCore.App", "version": "8.0.0"}
    # Server GC (which dotnet-format asks for) reserves a heap per core: workstation GC suits a tool.
    # ConserveMemory compacts when free space piles up between live objects: Roslyn's caches churn as
    # queries run, and without it the heap keeps ~100-300 MB more committed at 25 projects (bench/).
    options["configProperties"] = {
        "System.GC.Server": False,
        "System.GC.Concurrent": True,
        "System.GC.ConserveMemory": 7,
    }
    content = json.dumps({"runtimeOptions": options}, sort_keys=True).encode()
    # Named by its content and written whole: two processes starting at once each read a complete
    # file (a shared path rewritten in place was once read empty: InvalidConfigFile). In the user's
    # own cache, not /tmp, where another user could place a config naming a startup hook.
    digest = hashlib.sha256(content).hexdigest()[:16]
    path = cache_dir("runtime") / f"{dotnet.sdk_version}-{digest}.runtimeconfig.json"
    if not path.is_file():
        write_whole(path, content)
    return path


def _load_roslyn(roslyn: RoslynInstall, dotnet: DotnetInstall) -> tuple[str, Path]:
    """Load Roslyn into the default context; returns its version and the compiler assemblies' directory."""
    from System.Runtime.Loader import AssemblyLoadContext  # type: ignore[import-not-found]

    directory = roslyn.directory
    # A Roslyn named by the user is hosted as it is.
    precompiled = {} if roslyn.from_override else precompiled_compiler(dotnet.sdk_dir, directory)

    files = {**{p.stem: p for p in directory.glob("*.dll")}, **precompiled}

    def path_of(name: str) -> Path:
        return files.get(name, directory / f"{name}.dll")

    # Keep the handler alive for the life of the process.
    _resolvers.append(install_resolver(files))
    try:
        loaded = [AssemblyLoadContext.Default.LoadFromAssemblyPath(str(path_of(n))) for n in ROSLYN_ASSEMBLIES]
        import clr  # type: ignore[import-not-found]

        for name in ROSLYN_ASSEMBLIES:
            clr.AddReference(name)
    except Exception as error:
        raise RoslynNotFound(
            f"Roslyn in {directory} could not be loaded: {error}",
            f"Point {ROSLYN_DIR_VARIABLE} to a complete Roslyn directory, or unset it.",
        ) from error
    informational = loaded[0].GetName().Version
    version = roslyn.version if roslyn.version.startswith(str(informational.Major)) else str(informational)
    return version, path_of(ROSLYN_ASSEMBLIES[1]).parent


_resolvers: list[object] = []


def preload_workspace_assemblies() -> None:
    """Load now, on this thread, every assembly of the Roslyn folder that MSBuildWorkspace and the MEF
    parts it composes reference, directly or not (31 with the SDK's Roslyn, 0.06 s): then nothing the
    workspace's creation or an open loads later is loaded on two threads at once.

    pythonnet scans each assembly of the default context inside the load event, under the context's
    lock (``engine.host.assembly_scan``): two threads loading into it at once can each wait for what
    the other holds, as analyzer loads did. Once per process; an assembly that cannot be loaded is left
    for its first use to report."""
    global _preloaded
    # Held until every assembly is in: a second thread (the syntax view, the load) waits for them.
    with _preload_lock:
        if _preloaded:
            return
        _preload_all()
        _preloaded = True


def _preload_all() -> None:
    from Microsoft.CodeAnalysis.Host.Mef import MSBuildMefHostServices  # type: ignore[import-not-found]
    from System.Reflection import Assembly, AssemblyName  # type: ignore[import-not-found]

    assert _started is not None
    folder = _started.roslyn.directory
    pending = [
        *MSBuildMefHostServices.DefaultAssemblies,
        Assembly.Load(AssemblyName("Microsoft.CodeAnalysis.Workspaces.MSBuild")),
    ]
    seen = {str(assembly.GetName().Name) for assembly in pending}
    while pending:
        for reference in pending.pop().GetReferencedAssemblies():
            name = str(reference.Name)
            if name in seen or not (folder / f"{name}.dll").is_file():
                continue
            seen.add(name)
            try:
                pending.append(Assembly.Load(reference))
            except Exception:
                log.debug("preloading %s failed", name, exc_info=True)


_preloaded = False
_preload_lock = threading.Lock()
