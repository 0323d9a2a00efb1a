"""The REPL's worker program (``worker/``, C# on Roslyn's scripting API), built once with the SDK into
the user cache and rebuilt when its source changes.

It is published ReadyToRun (Roslyn precompiled for this machine), which halves the first evaluation
in a new process (~400 ms instead of ~800 ms here); when the ReadyToRun compiler package cannot be
restored, a plain build is used instead.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ReplUnavailable
from ..host.csharp_build import QUIET, BuildFailed, built, runtime_identifier

SOURCE = Path(__file__).parent / "worker"


def worker_assembly(dotnet: Path) -> Path:
    """The built ``ReplWorker.dll``; builds it first when this version of the source never was."""
    plain = ["build", "{src}", "-c", "Release", "-o", "{out}", *QUIET]
    attempts = [plain]
    runtime = runtime_identifier()
    if runtime is not None:
        ready_to_run = ["publish", "{src}", "-c", "Release", "-o", "{out}", "-r", runtime, "--self-contained", "false",
                        "-p:PublishReadyToRun=true", *QUIET]  # fmt: skip
        attempts.insert(0, ready_to_run)
    try:
        output = built("repl-worker", SOURCE, ["ReadyToRun, else build; v2"], attempts, dotnet)
    except BuildFailed as error:
        raise ReplUnavailable(
            f"The REPL worker could not be built. {error.message}",
            "It needs Microsoft.CodeAnalysis.CSharp.Scripting 5.0.0 from a NuGet source; "
            f"fix the source or the error above. {error.hint}",
        ) from error
    return output / "ReplWorker.dll"
