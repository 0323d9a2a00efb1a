"""The on-disk index of a solution's declarations and file outlines: one SQLite file per solution in
the user cache, each entry filed under the source file it came from, with that file's SHA-256."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cache import cache_dir

FORMAT = "3"
"""Bumped when what is stored changes: an index of another format is ignored and rewritten."""


def index_path(solution: Path) -> Path:
    key = hashlib.sha256(str(solution).encode()).hexdigest()[:16]
    return cache_dir("index") / f"{key}.sqlite"


def file_digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


@dataclass
class StoredFile:
    digest: str
    outline: Any
    """The file's outline items, as ``FileOutline.items`` in plain data."""


@dataclass
class Stored:
    files: dict[str, StoredFile]
    declarations: list[dict[str, Any]]
    """Each: a symbol summary in plain data, plus ``signature``, ``locations`` and ``files`` (every file
    it is declared in) and ``project``."""
    inputs: dict[str, str | None]
    """The solution and project files and MSBuild imports the index was built from, with their digests:
    when one changed, which files are compiled (or how) may have too, and the index is not used."""
    project_dirs: list[str]
    """Where the projects' ``.cs`` files live: a file there that the index lacks makes it unusable."""
    unlisted: list[str]
    """``.cs`` files under those directories that no project compiled when the index was written."""


def sources_under(directories: list[str]) -> set[str]:
    """Every ``.cs`` file under ``directories`` (build outputs left out)."""
    found: set[str] = set()
    for top in directories:
        for directory, folders, names in os.walk(top):
            folders[:] = [f for f in folders if f.lower() not in ("bin", "obj")]
            found.update(os.path.join(directory, n) for n in names if n.endswith(".cs"))
    return found


INPUT_NAMES = ("directory.build.props", "directory.build.targets", "directory.packages.props", "global.json")


def read(solution: Path) -> Stored | None:
    path = index_path(solution)
    if not path.exists():
        return None
    try:
        with sqlite3.connect(path) as db:
            meta = dict(db.execute("select key, value from meta"))
            if meta.get("format") != FORMAT or meta.get("solution") != str(solution):
                return None
            files = {
                name: StoredFile(digest, json.loads(outline))
                for name, digest, outline in db.execute("select path, digest, outline from files")
            }
            declarations = [json.loads(data) for (data,) in db.execute("select data from declarations")]
            inputs = json.loads(meta.get("inputs", "{}"))
            project_dirs = json.loads(meta.get("project_dirs", "[]"))
            unlisted = json.loads(meta.get("unlisted", "[]"))
    except (sqlite3.Error, ValueError):
        return None  # a damaged index is rewritten after the next load
    return Stored(files, declarations, inputs, project_dirs, unlisted)


def write(solution: Path, stored: Stored) -> None:
    """Replace the whole index in one transaction (readers see the old one or the new one)."""
    path = index_path(solution)
    with sqlite3.connect(path) as db:
        db.execute("pragma journal_mode=wal")
        db.executescript(
            "create table if not exists meta (key text primary key, value text);"
            "create table if not exists files (path text primary key, digest text not null, outline text not null);"
            "create table if not exists declarations (path text not null, data text not null);"
        )
        db.execute("delete from meta")
        db.execute("delete from files")
        db.execute("delete from declarations")
        db.executemany(
            "insert into meta values (?, ?)",
            [
                ("format", FORMAT),
                ("solution", str(solution)),
                ("inputs", json.dumps(stored.inputs)),
                ("project_dirs", json.dumps(stored.project_dirs)),
                ("unlisted", json.dumps(stored.unlisted)),
            ],
        )
        db.executemany(
            "insert into files values (?, ?, ?)",
            [(name, entry.digest, json.dumps(entry.outline)) for name, entry in stored.files.items()],
        )
        db.executemany(
            "insert into declarations values (?, ?)",
            [(d["files"][0] if d["files"] else "", json.dumps(d)) for d in stored.declarations],
        )
