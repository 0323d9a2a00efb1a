"""The on-disk index of a solution's declarations and file outlines: one SQLite file per solution in
the user cache, each entry filed under the source file it came from, with that file's SHA-256.

It is written a project at a time (``begin``, then ``write_project`` in one transaction each), so a
run that ends early leaves every project it reached: each project is marked done when its rows are
in. An index whose inputs still hold keeps its rows while they are written again (each row is checked
against its file's digest when read); one whose inputs changed starts empty."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..host.cache import cache_dir

FORMAT = "5"
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
    # In WAL mode a commit need not wait for the disk: each project's transaction stays cheap, and a
    # crash loses at most the last ones (the index is a cache).
    db.execute("pragma synchronous=normal")
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
    project: str = ""
    """The project it was indexed with."""


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
    projects: dict[str, tuple[str, bool]] = field(default_factory=dict)
    """Each project's directory and whether its rows are in (a run that ended early leaves some out)."""

    @property
    def complete(self) -> bool:
        return all(done for _, done in self.projects.values())


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
                name: StoredFile(digest, outline, project or "")
                for name, digest, outline, project in db.execute("select path, digest, outline, project from files")
            }
            columns = ", ".join(LIGHT_FIELDS)
            declarations = [
                {**dict(zip((*LIGHT_FIELDS, "data"), row, strict=True)), "files": row[2].split("\n") if row[2] else []}
                for row in db.execute(f"select {columns}, data from declarations")
            ]
            inputs = json.loads(meta.get("inputs", "{}"))
            project_dirs = json.loads(meta.get("project_dirs", "[]"))
            unlisted = json.loads(meta.get("unlisted", "[]"))
            projects = {name: (folder, bool(done)) for name, folder, done in db.execute("select * from projects")}
    except (sqlite3.Error, ValueError):
        return None  # a damaged index is rewritten after the next load
    return Stored(files, declarations, inputs, project_dirs, unlisted, projects)


def begin(solution: Path, plan: Stored, previous: Stored | None) -> bool:
    """Start writing: keep the rows of ``previous`` (the index as read) when its inputs and projects
    are ``plan``'s, else start empty with every project of ``plan`` not done; whether the rows were
    kept. ``plan`` holds no files or declarations."""
    path = index_path(solution)
    # The same inputs and projects: the rows (and which projects are done) still hold, file by file.
    keep = previous is not None and previous.inputs == plan.inputs and set(previous.projects) == set(plan.projects)
    with _connected(path) as db:
        db.execute("pragma journal_mode=wal")
        db.execute("begin")
        if not keep:
            # Dropped and made again: an index of an older format may have other columns.
            for table in ("meta", "files", "declarations", "projects"):
                db.execute(f"drop table if exists {table}")
            db.execute("create table meta (key text primary key, value text)")
            db.execute(
                "create table files (path text primary key, digest text not null, outline text not null, project text)"
            )
            db.execute(
                "create table declarations (name text, project text, files text, qualified_name text,"
                " documentation_id text, generated integer, data text not null)"
            )
            db.execute("create table projects (name text primary key, directory text, done integer)")
            db.executemany(
                "insert into projects values (?, ?, 0)", [(name, folder) for name, (folder, _) in plan.projects.items()]
            )
        db.executemany(
            "insert or replace into meta values (?, ?)",
            [
                ("format", FORMAT),
                ("solution", str(solution)),
                ("inputs", json.dumps(plan.inputs)),
                ("project_dirs", json.dumps(plan.project_dirs)),
                ("unlisted", json.dumps(plan.unlisted)),
            ],
        )
    return keep


def write_project(
    solution: Path, project: str, files: dict[str, StoredFile], declarations: list[dict[str, Any]]
) -> None:
    """Replace one project's files and declarations and mark it done, in one transaction."""
    with _connected(index_path(solution)) as db:
        db.execute("begin")
        db.execute("delete from declarations where project = ?", (project,))
        db.execute("delete from files where project = ?", (project,))
        db.executemany(
            "insert or replace into files values (?, ?, ?, ?)",
            [(name, entry.digest, entry.outline, project) for name, entry in files.items()],
        )
        db.executemany(
            "insert into declarations values (?, ?, ?, ?, ?, ?, ?)",
            [
                (d["name"], d["project"], "\n".join(d["files"]), d["qualified_name"], d["documentation_id"],
                 int(d["generated"]), json.dumps(d))
                for d in declarations
            ],
        )  # fmt: skip
        db.execute("update projects set done = 1 where name = ?", (project,))
