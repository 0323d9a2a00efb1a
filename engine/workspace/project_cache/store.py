"""The cache file of one solution (or focus): the projects as MSBuild evaluated them, the load report,
and the fingerprints they are valid for. Written whole or not at all; read only when every
fingerprint still matches."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...host.cache import cache_dir
from ...host.files import write_whole
from ...host.runtime import RuntimeInfo
from ...models import LoadReport, ProjectSummary, WorkspaceDiagnostic
from ..solution_file import SolutionTarget, opened_file, project_paths
from .inputs import fingerprint

log = logging.getLogger("roslyn_tui.engine")

FORMAT = 1
"""Bumped when the records' shape changes: an older file is then ignored."""


@dataclass(frozen=True)
class Cached:
    """A cache that still matches: the projects (``ProjectCache.Describe``'s JSON) and the load report."""

    records: str
    report: LoadReport
    stale: tuple[Path, ...] = ()
    """Projects whose inputs changed since: their records must be evaluated again before use."""


def cache_file(target: SolutionTarget) -> Path:
    """Where ``target``'s cache lives: one file per solution and focus, in the user cache."""
    key = "|".join([str(target.path), *sorted(str(p) for p in target.focus)])
    return cache_dir("projects") / f"{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"


def read(target: SolutionTarget, runtime: RuntimeInfo) -> Cached | None:
    """The cache of ``target`` when the solution, the SDK and Roslyn are as they were when it was written,
    and the inputs of some of its projects at least; the others are ``stale``. ``None`` when nothing of
    it can be used (the reason is logged)."""
    path = cache_file(target)
    try:
        saved = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.info("project cache %s unreadable (%s): loading with MSBuild", path, error)
        return None
    if saved.get("format") != FORMAT or saved.get("solution") != _solution_key(target, runtime):
        log.info("project cache of %s is for another solution, SDK or Roslyn", target.path.name)
        return None
    fingerprints = saved["fingerprints"]
    stale = tuple(Path(p) for p, expected in fingerprints.items() if fingerprint(Path(p), target.directory) != expected)
    if stale:
        log.info("project cache of %s: %s changed", target.path.name, ", ".join(p.name for p in stale[:5]))
        if len(stale) == len(fingerprints):
            return None
    records = json.loads(saved["records"])
    missing = _missing_files(records, stale)
    if missing:
        log.info("project cache of %s: %s no longer exists", target.path.name, missing)
        return None
    built = _built_since(target, records)
    if built:
        log.info("project cache of %s: %s was built since", target.path.name, built)
        return None
    return Cached(saved["records"], _report(saved["report"]), stale)


def write(target: SolutionTarget, runtime: RuntimeInfo, records: str, report: LoadReport) -> None:
    """Save ``records`` and ``report`` for ``target``, with the fingerprints of every project in them
    (those MSBuild pulled in beyond a focus included)."""
    paths = sorted({str(record["path"]) for record in json.loads(records) if record.get("path")})
    saved = {
        "format": FORMAT,
        "solution": _solution_key(target, runtime),
        "fingerprints": {path: fingerprint(Path(path), target.directory) for path in paths},
        "records": records,
        "report": dataclasses.asdict(report),
    }
    write_whole(cache_file(target), json.dumps(saved))


def _missing_files(records: list[dict[str, Any]], stale: tuple[Path, ...]) -> str | None:
    """The first reference or analyzer of the records (but the ``stale`` ones') that is gone (a cleaned
    build output, a package removed from the NuGet cache): the evaluation would differ, or a generator
    would not run."""
    evaluated_again = {str(path) for path in stale}
    for record in records:
        if record.get("path") in evaluated_again:
            continue
        for path in (*(r[0] for r in record["references"]), *record["analyzers"]):
            if not os.path.exists(path):
                return str(path)
    return None


def _built_since(target: SolutionTarget, records: list[dict[str, Any]]) -> str | None:
    """A project outside the focus that was loaded whole for want of its output, and has one now: the
    load would reference that output instead (``workspace.focus``)."""
    if not target.focus:
        return None
    focus = {str(path) for path in target.focus}
    for record in records:
        if record.get("path") not in focus and record.get("output") and os.path.isfile(record["output"]):
            return str(record["name"])
    return None


def _solution_key(target: SolutionTarget, runtime: RuntimeInfo) -> str:
    """What the set of projects and the tools depend on: the solution (and filter) file, the projects it
    names, the SDK and the Roslyn."""
    digest = hashlib.sha256(f"{runtime.dotnet.sdk_dir}|{runtime.roslyn.directory}|{runtime.roslyn.version}".encode())
    for path in dict.fromkeys([target.path, opened_file(target)]):
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"missing")
    for project in project_paths(target):
        digest.update(str(project).encode())
    return digest.hexdigest()


def _report(saved: dict[str, Any]) -> LoadReport:
    return LoadReport(
        solution_path=saved["solution_path"],
        projects=tuple(
            ProjectSummary(**{**p, "target_frameworks": tuple(p["target_frameworks"])}) for p in saved["projects"]
        ),
        diagnostics=tuple(WorkspaceDiagnostic(**d) for d in saved["diagnostics"]),
        seconds=saved["seconds"],
        notes=tuple(saved["notes"]),
    )
