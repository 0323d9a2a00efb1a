"""The first compilation, search and references of the process, done on a tiny program of our own
while MSBuild evaluates the solution.

During a load one core is mostly idle: BuildHost evaluates the projects in its own process. The
first compilation after it used to pay ~0.35 s for the reference pack's source generators alone
(loading them and compiling their code and the generator driver's), and more for compiling Roslyn's
own code on first use; on a chain of projects nothing else could go on meanwhile, as each
compilation waits for the ones it references. ``engine/native/LoadWarmup.cs`` runs that path on a
two-project program shaped like an SDK project, through the workspace's own services, on a fork of
its solution the workspace never sees: the generators load through the loader the projects' analyzer
references use, so they later find the same assemblies, compiled already. At 25 projects the first
search after the load took 1.40-1.71 s without it and 0.87-1.25 s with it (/tmp scripts, alternating
runs in a slow and a fast hour) and the load did not change (3.05-3.15 against 3.07-3.13 s); at 5
projects, where the evaluation is short, the run overlaps it: load 1.84 -> 2.04 s, first search
0.71 -> 0.16 s (bench/). It costs ~0.9 s of the idle core.

Only the SDK's own reference pack is used: a solution on another framework loads other copies of
the generators, and then only the compiler's code is warmed here.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...host.cache import cache_dir
from ...host.interop import Operation
from ...host.runtime import RuntimeInfo

log = logging.getLogger("roslyn_tui")


def start(workspace: Any, runtime: RuntimeInfo, after: Callable[[], object] | None = None) -> threading.Thread | None:
    """Start ``run`` in the background (the C# helpers may have to be built first), once ``after``
    returns when given; ``None`` when the SDK has no reference pack with generators."""
    found = reference_pack(runtime)
    if found is None:
        return None

    def warm() -> None:
        if after is not None:
            after()
        run(workspace, *found)

    thread = threading.Thread(target=warm, name="roslyn-tui-load-warmup", daemon=True)
    thread.start()
    return thread


def reference_pack(runtime: RuntimeInfo) -> tuple[list[str], list[str]] | None:
    """The generator assemblies and reference assemblies of the SDK's bundled ``Microsoft.NETCore.App``
    reference pack, the one its projects compile against by default."""
    try:
        props = (runtime.dotnet.sdk_dir / "Microsoft.NETCoreSdk.BundledVersions.props").read_text("utf-8")
    except OSError:
        return None
    version = re.search(r"<BundledNETCoreAppPackageVersion>([^<]+)<", props)
    if version is None:
        return None
    pack = runtime.dotnet.root / "packs" / "Microsoft.NETCore.App.Ref" / version.group(1)
    framework = f"net{version.group(1).split('.')[0]}.0"
    generators = _files(pack / "analyzers" / "dotnet" / "cs")
    references = _files(pack / "ref" / framework)
    return (generators, references) if generators and references else None


def _files(directory: Path) -> list[str]:
    try:
        return sorted(str(path) for path in directory.glob("*.dll"))
    except OSError:
        return []


def run(workspace: Any, generators: list[str], references: list[str]) -> int:
    """Compile, search and find references in a tiny program against ``references`` with the source
    ``generators``, through ``workspace``'s services; the number of generators run (0 without the C#
    helpers or when it failed)."""
    from ...native import helpers_for_speed

    native = helpers_for_speed()
    if native is None:
        return 0
    from System import Array, String  # type: ignore[import-not-found]

    operation = Operation("Warming the compiler", 120)
    try:
        return int(
            operation.wait(
                native.LoadWarmup.Start(
                    workspace,
                    Array[String](generators),
                    Array[String](references),
                    str(cache_dir("load-warmup")),
                    operation.token,
                )
            )
        )
    except Exception:  # an optimisation: the first compilation pays as it always did
        log.debug("warming the compiler during the load failed", exc_info=True)
        return 0
