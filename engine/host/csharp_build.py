"""Building the engine's own small C# programs (the REPL worker, the native query helpers) with the
SDK, once, into the user cache: keyed by their source and recipe, rebuilt when either changes, and
never two builds of the same thing at once."""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from ..errors import EngineError
from .cache import cache_dir, locked

BUILD_TIMEOUT = 600


class BuildFailed(EngineError):
    """``dotnet build`` (or publish) of one of the engine's C# programs failed."""


def built(name: str, source: Path, recipe: Sequence[str], attempts: Sequence[Sequence[str]], dotnet: Path) -> Path:
    """The output folder of ``source`` built by the first of ``attempts`` (argument lists for ``dotnet``,
    ``{src}`` and ``{out}`` filled in) that succeeds. ``recipe`` joins the cache key."""
    output = already_built(name, source, recipe)
    if output is not None:
        return output
    home = cache_dir(name, _digest(source, recipe))
    output = home / "out"
    with locked(home / "build.lock"):
        if output.exists():
            return output
        copy, building = home / "src", home / "out.building"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns("bin", "obj", "*.py", "__pycache__"))
        failure = ""
        for attempt in attempts:
            shutil.rmtree(building, ignore_errors=True)
            command = [str(dotnet), *(a.replace("{src}", str(copy)).replace("{out}", str(building)) for a in attempt)]
            done = _run(command, copy)
            if done.returncode == 0:
                os.replace(building, output)
                return output
            failure = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise BuildFailed(f"Building {name} failed:\n{failure}", f"Its sources are in {copy}.")


def built_against_roslyn(name: str, source: Path) -> Path:
    """The output folder of ``source``, a project referencing ``$(RoslynDir)``, built against the Roslyn
    and the framework the engine hosts (a new Roslyn or SDK builds it anew)."""
    from .runtime import ensure_runtime

    info = ensure_runtime()
    roslyn = info.roslyn
    framework = f"net{info.runtime_version.split('.')[0]}.0"
    command = ["build", "{src}", "-c", "Release", "-o", "{out}", f"-p:RoslynDir={roslyn.directory}/"]
    recipe = [roslyn.version, str(roslyn.directory), framework]
    return built(name, source, recipe, [[*command, f"-p:HostFramework={framework}", *QUIET]], info.dotnet.dotnet)


def load_built(output: Path, *dlls: str) -> None:
    """Load ``dlls`` from the build output ``output`` into the default context, the engine's program
    last (its namespace importable from Python then)."""
    import clr  # type: ignore[import-not-found]
    from System.Runtime.Loader import AssemblyLoadContext  # type: ignore[import-not-found]

    for dll in dlls:
        AssemblyLoadContext.Default.LoadFromAssemblyPath(str(output / dll))
    clr.AddReference(Path(dlls[-1]).stem)


def already_built(name: str, source: Path, recipe: Sequence[str]) -> Path | None:
    """The output folder of ``source`` when a build of it with ``recipe`` is in the cache, else ``None``."""
    output = cache_dir(name, _digest(source, recipe)) / "out"
    return output if output.exists() else None


def _digest(source: Path, recipe: Sequence[str]) -> str:
    digest = hashlib.sha256("\0".join(recipe).encode())
    for path in sorted(source.iterdir()):
        if path.suffix in (".cs", ".csproj"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}
    try:
        return subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, 1, "", f"timed out after {BUILD_TIMEOUT} s")


QUIET = ("--nologo", "--disable-build-servers", "-p:UseSharedCompilation=false", "-v", "quiet")
"""Flags for every build: no build server left running after it."""


def runtime_identifier() -> str | None:
    """This machine's .NET runtime identifier (``linux-x64``), for a ReadyToRun publish; ``None`` elsewhere."""
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine().lower())
    system = {"Linux": "linux", "Darwin": "osx"}.get(platform.system())
    return f"{system}-{machine}" if machine and system else None
