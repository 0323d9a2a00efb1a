"""Once the index is written, the warm-up removes what the user cache keeps for solutions and apps that
no longer exist.

Each solution path ever opened (a temporary copy, a deleted checkout) leaves its index, project cache,
focus filters, test and build runs and REPL build in the user cache, and each file-based app its
virtual project with its ``bin``/``obj``; without this they stay for good. Each entry names its owner
(``engine.host.cache.owned``, or inside the file itself); an entry that does not name one is left alone.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

from ...host.cache import cache_dir, owner_of
from ..hooks import cache_pruners

log = logging.getLogger("roslyn_tui.engine")

OWNED_FOLDERS = ("apps", "repl-solutions", "runs")
"""Cache folders holding a folder per owner, each marked with its owner."""


def prune_cache() -> list[Path]:
    """Remove every cache entry whose owner is gone (the features' own first, ``hooks.cache_pruner``);
    the entries removed."""
    removed = [path for prune in cache_pruners() for path in prune()]
    for kind in OWNED_FOLDERS:
        for folder in _children(cache_dir(kind)):
            owner = _owner(folder) if folder.is_dir() else None
            if owner is not None and not owner.exists():
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    removed += _remove_files(cache_dir("focus").glob("*.slnf"), _focused_solution)
    removed += _remove_files(cache_dir("projects").glob("*.json"), _cached_solution)
    # After the app folders: a virtual solution whose apps' projects are all gone goes with them.
    removed += _remove_files(cache_dir("apps").glob("*.slnx"), _virtual_solution_projects)
    if removed:
        log.info("removed %d cache entries of solutions and apps that no longer exist", len(removed))
    return removed


def _owner(folder: Path) -> Path | None:
    """The owner ``folder`` names; an app's folder made before owners were marked names its app in its
    virtual project or its build's restore."""
    owner = owner_of(folder)
    if owner is not None or folder.parent.name != "apps":
        return owner
    try:
        for project in folder.glob("*.csproj"):
            found = _ENTRY_POINT.search(project.read_text(encoding="utf-8", errors="replace"))
            if found:
                return Path(found.group(1))
    except OSError:
        return None
    try:  # only built by run_app: its restore names the app's virtual project, ``<app>.csproj``
        assets = json.loads((folder / "run" / "obj" / "project.assets.json").read_text(encoding="utf-8"))
        return Path(assets["project"]["restore"]["projectPath"].removesuffix(".csproj"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


_ENTRY_POINT = re.compile(r"<EntryPointFilePath>([^<]+)</EntryPointFilePath>")


def _children(folder: Path) -> Iterator[Path]:
    try:
        yield from folder.iterdir()
    except OSError:
        return


def _remove_files(files: Iterator[Path], owners_of: Callable[[Path], list[str]]) -> list[Path]:
    """Each of ``files`` whose owners (``owners_of(file)``: paths, none when it names none) are all gone."""
    removed = []
    for file in files:
        try:
            owners = owners_of(file)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue  # unreadable or of another shape: not ours to judge
        if owners and not any(Path(owner).exists() for owner in owners):
            try:
                file.unlink(missing_ok=True)
            except OSError:
                continue  # not ours to remove after all (another user's, read-only): the warm-up goes on
            removed.append(file)
    return removed


def _focused_solution(file: Path) -> list[str]:
    return [json.loads(file.read_text(encoding="utf-8"))["solution"]["path"]]


def _cached_solution(file: Path) -> list[str]:
    return [json.loads(file.read_text(encoding="utf-8"))["report"]["solution_path"]]


def _virtual_solution_projects(file: Path) -> list[str]:
    return re.findall(r'<Project Path="([^"]+)"', file.read_text(encoding="utf-8"))
