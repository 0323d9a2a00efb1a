"""The REPL's worker program (``worker/``, C# on Roslyn's scripting API), built once with the SDK into
the user cache and rebuilt when its source changes.

It is published ReadyToRun (Roslyn precompiled for this machine), which halves the first evaluation
in a new process (~400 ms instead of ~800 ms here); when the ReadyToRun compiler package cannot be
restored, a plain build is used instead.
"""

from __future__ import annotations

import hashlib
import logging
import os
import platform
import shutil
import subprocess
from pathlib import Path

from ..cache import cache_dir, locked
from ..errors import ReplUnavailable

SOURCE = Path(__file__).parent / "worker"
BUILD_TIMEOUT = 600
RECIPE = b"publish ReadyToRun, else build; v2"
"""Part of the cache key: a change in how the worker is built makes a new build."""


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
    digest = hashlib.sha256(RECIPE)
    for path in sorted(SOURCE.iterdir()):
        if path.suffix in (".cs", ".csproj"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _build(dotnet: Path, home: Path) -> None:
    source, output = home / "src", home / "out.building"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("bin", "obj"))
    common = ["-c", "Release", "-o", str(output), "--nologo", "--disable-build-servers",
              "-p:UseSharedCompilation=false", "-v", "quiet"]  # fmt: skip
    runtime = _runtime_identifier()
    if runtime is not None:
        ready_to_run = [str(dotnet), "publish", str(source), "-r", runtime, "--self-contained", "false",
                        "-p:PublishReadyToRun=true", *common]  # fmt: skip
        if _run(ready_to_run, source, output).returncode == 0:
            os.replace(output, home / "out")
            return
        logging.getLogger("roslyn_tui").info("ReadyToRun publish of the REPL worker failed; building it plainly")
    done = _run([str(dotnet), "build", str(source), *common], source, output)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise ReplUnavailable(
            f"Building the REPL worker failed (dotnet build exit {done.returncode}):\n{tail}",
            "It needs Microsoft.CodeAnalysis.CSharp.Scripting 5.0.0 from a NuGet source; "
            f"fix the source or the error above (sources in {source}).",
        )
    os.replace(output, home / "out")


def _runtime_identifier() -> str | None:
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine().lower())
    system = {"Linux": "linux", "Darwin": "osx"}.get(platform.system())
    return f"{system}-{machine}" if machine and system else None


def _run(command: list[str], source: Path, output: Path) -> subprocess.CompletedProcess[str]:
    shutil.rmtree(output, ignore_errors=True)
    env = {**os.environ, "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_NOLOGO": "1"}
    try:
        return subprocess.run(
            command, cwd=source, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        raise ReplUnavailable(
            f"Building the REPL worker took over {BUILD_TIMEOUT} s and was stopped.",
            "Check that NuGet can restore Microsoft.CodeAnalysis.CSharp.Scripting 5.0.0, then try again.",
        ) from None
