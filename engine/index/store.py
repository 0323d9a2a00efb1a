"""The on-disk index of a solution's declarations and file outlines: one SQLite file per solution in
the user cache, each entry filed under the source file it came from, with that file's SHA-256."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..host.cache import cache_dir

FORMAT = "4"
"""Bumped when what is stored changes: an index of another format is ignored and rewritten."""


def index_path(solution: Path) -> Path:
    key = hashlib.sha256(str(solution).encode()).hexdigest()[:16]
    return cache_dir("index") / f"{key}.sqlite"


@contextmanager
def _connected(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection that is committed (or rolled back) and closed on leaving.

    ``with sqlite3.connect()`` alone only commits: the connection, in a cycle with its statement cache,
    is then freed by the cycle collector on whatever thread allocates next, and freeing a statement
    lets go of the GIL. When that thread was inside pythonnet making a Python type for a .NET one, the
    main thread took the GIL and waited on the runtime's lock that thread held: the whole process hung
    (seen in tests/test_editing.py, gdb: stmt_dealloc -> take_gil under PyType_Ready)."""
    db = sqlite3.connect(path)
    try:
        with db:
            yield db
    finally:
        db.close()


def file_digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


@dataclass
class StoredFile:
    digest: str
    outline: str
    """The file's outline items, as ``FileOutline.items`` in plain data, as JSON (read when asked for)."""


LIGHT_FIELDS = ("name", "project", "files", "qualified_name", "documentation_id", "generated")
"""What a declaration is read with at start: enough to rank, filter and check it; the rest (``data``,
the whole row as JSON) is decoded only for the declarations an answer shows."""


@dataclass
class Stored:
    files: dict[str, StoredFile]
    declarations: list[dict[str, Any]]
    """Each: a symbol summary in plain data, plus ``signature``, ``locations`` and ``files`` (every file
    it is declared in) and ``project``. As read: the ``LIGHT_FIELDS`` and ``data``, the whole as JSON."""
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
        with _connected(path) as db:
            meta = dict(db.execute("select key, value from meta"))
            if meta.get("format") != FORMAT or meta.get("solution") != str(solution):
                return None
            files = {
                name: StoredFile(digest, outline)
                for name, digest, outline in db.execute("select path, digest, outline from files")
            }
            columns = ", ".join(LIGHT_FIELDS)
            declarations = [
                {**dict(zip((*LIGHT_FIELDS, "data"), row, strict=True)), "files": row[2].split("\n") if row[2] else []}
                for row in db.execute(f"select {columns}, data from declarations")
            ]
            inputs = json.loads(meta.get("inputs", "{}"))
            project_dirs = json.loads(meta.get("project_dirs", "[]"))
            unlisted = json.loads(meta.get("unlisted", "[]"))
    except (sqlite3.Error, ValueError):
        return None  # a damaged index is rewritten after the next load
    return Stored(files, declarations, inputs, project_dirs, unlisted)


def write(solution: Path, stored: Stored) -> None:
    """Replace the whole index in one transaction (readers see the old one or the new one)."""
    path = index_path(solution)
    with _connected(path) as db:
        db.execute("pragma journal_mode=wal")
        db.execute("begin")  # the tables' drop and creation inside the transaction too
        # Dropped and made again: an index of an older format may have other columns.
        db.execute("drop table if exists meta")
        db.execute("drop table if exists files")
        db.execute("drop table if exists declarations")
        db.execute("create table meta (key text primary key, value text)")
        db.execute("create table files (path text primary key, digest text not null, outline text not null)")
        db.execute(
            "create table declarations (name text, project text, files text, qualified_name text,"
            " documentation_id text, generated integer, data text not null)"
        )
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
            [(name, entry.digest, entry.outline) for name, entry in stored.files.items()],
        )
        db.executemany(
            "insert into declarations values (?, ?, ?, ?, ?, ?, ?)",
            [
                (d["name"], d["project"], "\n".join(d["files"]), d["qualified_name"], d["documentation_id"],
                 int(d["generated"]), json.dumps(d))
                for d in stored.declarations
            ],
        )  # fmt: skip
