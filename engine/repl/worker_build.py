"""The REPL's worker program (``worker/``, C# on Roslyn's scripting API), built once with the SDK into
the user cache and rebuilt when its source changes."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from ..cache import cache_dir, locked
from ..errors import ReplUnavailable

SOURCE = Path(__file__).parent / "worker"
BUILD_TIMEOUT = 600


def worker_assembly(dotnet: Path) -> Path:
    """The built ``ReplWorker.dll``; builds it first when this version of the source never was."""
    home = cache_dir("repl-worker", _source_digest())
    assembly = home / "out" / "ReplWorker.dll"
    if assembly.exists():
        return assembly
    with locked(home / "build.lock"):
        if not assembly.exists():
            _build(dotnet, home)
    return assembly


def _source_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(SOURCE.iterdir()):
        if path.suffix in (".cs", ".csproj"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _build(dotnet: Path, home: Path) -> None:
    source, output = home / "src", home / "out.building"
    shutil.rmtree(source, ignore_errors=True)
    shutil.rmtree(output, ignore_errors=True)
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("bin", "obj"))
    command = [str(dotnet), "build", str(source), "-c", "Release", "-o", str(output), "--nologo",
               "--disable-build-servers", "-p:UseSharedCompilation=false", "-v", "quiet"]  # fmt: skip
    env = {**os.environ, "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}
    try:
        done = subprocess.run(
            command, cwd=source, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        raise ReplUnavailable(
            f"Building the REPL worker took over {BUILD_TIMEOUT} s and was stopped.",
            "Check that NuGet can restore Microsoft.CodeAnalysis.CSharp.Scripting 5.0.0, then try again.",
        ) from None
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise ReplUnavailable(
            f"Building the REPL worker failed (dotnet build exit {done.returncode}):\n{tail}",
            "It needs Microsoft.CodeAnalysis.CSharp.Scripting 5.0.0 from a NuGet source; "
            f"fix the source or the error above (sources in {source}).",
        )
    os.replace(output, home / "out")
