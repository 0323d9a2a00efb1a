"""The loaded solution as assemblies the REPL can reference: each project's compilation emitted to
the cache (only when it changed since the last emit), with the package assemblies it references."""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import EngineError
from ..host.cache import cache_dir, owned
from ..host.files import write_whole
from ..host.interop import Operation
from ..symbols.describe import compilation
from ..workspace.declared import query

_emitted: dict[str, str] = {}
"""Assembly path -> the project version it was emitted from."""
_lock = threading.Lock()


class SolutionDoesNotCompile(EngineError):
    """A project with errors: it cannot be emitted, so the REPL leaves it out."""


@dataclass(frozen=True)
class SolutionBuild:
    stamp: str
    """Changes whenever any project's code or references change."""
    assemblies: tuple[Path, ...]
    """The solution's own assemblies."""
    references: tuple[Path, ...]
    """Package and other file references they need at run time (not the framework's)."""
    emitted: tuple[str, ...]
    """Projects emitted by this call (the others were current)."""
    broken: tuple[str, ...] = ()
    """One line for each project left out because it does not compile."""
    project_files: tuple[str, ...] = ()
    """The project file of each assembly in ``assemblies``."""


@query(name="reference_solution")
def build_solution(session: Any, timeout: float | None) -> SolutionBuild:
    snapshot = session.snapshot()
    operation = Operation("building the solution for the REPL", timeout)
    directory = owned(
        cache_dir("repl-solutions", hashlib.sha256(str(snapshot.root).encode()).hexdigest()[:16]), Path(snapshot.root)
    )
    assemblies: list[Path] = []
    references: dict[str, Path] = {}
    versions: list[str] = []
    emitted: list[str] = []
    broken: list[str] = []
    project_files: list[str] = []
    with _lock:
        for project in snapshot.projects:
            version = str(operation.wait(project.GetDependentVersionAsync(operation.token)).ToString())
            target = directory / f"{project.AssemblyName}.dll"
            versions.append(f"{project.AssemblyName}={version}")
            if _emitted.get(str(target)) != version or not target.exists():
                try:
                    _emit(compilation(snapshot, project, operation), target, project.Name)
                except SolutionDoesNotCompile as error:
                    broken.append(error.message)
                    target.unlink(missing_ok=True)
                    continue
                _emitted[str(target)] = version
                emitted.append(project.Name)
            assemblies.append(target)
            project_files.append(str(project.FilePath or ""))
            for reference in project.MetadataReferences:
                path = getattr(reference, "FilePath", None)
                runtime = _runtime_assembly(str(path)) if path else None
                if runtime is not None:
                    references.setdefault(runtime.name.lower(), runtime)
    stamp = hashlib.sha256("\n".join(sorted(versions)).encode()).hexdigest()[:16]
    return SolutionBuild(
        stamp, tuple(assemblies), tuple(references.values()), tuple(emitted), tuple(broken), tuple(project_files)
    )


def _emit(compiled: Any, target: Path, name: str) -> None:
    from System.IO import MemoryStream  # type: ignore[import-not-found]

    stream = MemoryStream()
    result = compiled.Emit(stream)
    if not result.Success:
        errors = [d for d in result.Diagnostics if str(d.Severity) == "Error"]
        first = errors[0] if errors else None
        where = ""
        if first is not None and first.Location.IsInSource:
            span = first.Location.GetLineSpan()
            where = f" at {os.path.basename(str(span.Path))}:{span.StartLinePosition.Line + 1}"
        raise SolutionDoesNotCompile(
            f"{name} does not compile ({len(errors)} errors; first{where}: {first.GetMessage() if first else '?'}), "
            "so the REPL does not reference it"
        )
    write_whole(target, bytes(stream.ToArray()))  # a worker that loaded the old file keeps its inode


def _runtime_assembly(path: str) -> Path | None:
    """The assembly to load at run time for a compile-time reference; ``None`` for the framework's
    reference assemblies, which the runtime already has."""
    normalized = path.replace("\\", "/")
    if "/packs/" in normalized and ".Ref/" in normalized:
        return None
    candidate = Path(path)
    parts = candidate.parts
    if "ref" in parts:
        # A package's ref/<tfm>/X.dll compiles; its lib/<tfm>/X.dll runs.
        index = len(parts) - 1 - parts[::-1].index("ref")
        lib = Path(*parts[:index], "lib", *parts[index + 1 :])
        if lib.exists():
            return lib
        return None
    return candidate if candidate.exists() else None
