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

FORMAT = "9"
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


@dataclass
class StoredFile:
    digest: str
    outline: str
    """The file's outline items, as ``FileOutline.items`` in plain data, as JSON (read when asked for)."""
    project: str = ""
    """The project it was indexed with."""


@dataclass
class Names:
    """Every declaration's name and project, in the index's order: what a search ranks. The rest of a
    row (``Row``) is read only for the declarations an answer shows: reading every row whole took 0.65 s
    at 100 projects (113,000 declarations), these 0.1 s."""

    rowids: list[int]
    names: list[str]
    projects: list[str]


@dataclass(frozen=True)
class Row:
    """One declaration as written: ``data`` is its symbol summary in plain data, with its signature,
    places and files, as JSON."""

    rowid: int
    name: str
    project: str
    documentation_id: str
    files: tuple[str, ...]
    """Every file it is declared in."""
    generated: bool
    data: str


@dataclass
class Stored:
    files: dict[str, StoredFile]
    inputs: dict[str, str | None]
    """The solution and project files and MSBuild imports the index was built from, with their digests:
    when one changed, which files are compiled (or how) may have too, and the index is not used."""
    project_dirs: list[str]
    """Where the projects' ``.cs`` files live: a file there that the index lacks makes it unusable."""
    unlisted: list[str]
    """``.cs`` files under those directories that no project compiled when the index was written."""
    projects: dict[str, tuple[str, bool]] = field(default_factory=dict)
    """Each project's directory and whether its rows are in (a run that ended early leaves some out)."""
    names: Names | None = None
    """The declarations' names, when read with them (``read(..., with_names=True)``)."""

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


def read(solution: Path, *, with_names: bool = False) -> Stored | None:
    """The index of ``solution`` but its declarations (``with_names``: and their names), read at once."""
    path = index_path(solution)
    if not path.exists():
        return None
    try:
        with _connected(path) as db:
            db.execute("begin")  # one snapshot: a writer may commit a project between two reads
            meta = dict(db.execute("select key, value from meta"))
            if meta.get("format") != FORMAT or meta.get("solution") != str(solution):
                return None
            files = {
                name: StoredFile(digest, outline, project or "")
                for name, digest, outline, project in db.execute("select path, digest, outline, project from files")
            }
            inputs = json.loads(meta.get("inputs", "{}"))
            project_dirs = json.loads(meta.get("project_dirs", "[]"))
            unlisted = json.loads(meta.get("unlisted", "[]"))
            projects = {
                name: (folder, bool(done))
                for name, folder, done in db.execute("select name, directory, done from projects")
            }
            names = None
            if with_names:
                # In the live walk's order (the solution's projects, each project's declarations as walked),
                # whatever order the projects were written in: ties in a search are ordered the same.
                ordered = (
                    "select d.rowid, d.name, d.project from declarations d"
                    " left join projects p on p.name = d.project order by p.rowid, d.rowid"
                )
                columns = list(zip(*db.execute(ordered), strict=True))
                names = Names(*map(list, columns)) if columns else Names([], [], [])
    except (sqlite3.Error, ValueError):
        return None  # a damaged index is rewritten after the next load
    return Stored(files, inputs, project_dirs, unlisted, projects, names)


_BATCH = 900
"""Rows asked for at once (SQLite allows 999 parameters in a statement by default, before 3.32)."""


_ROW = "select rowid, name, project, documentation_id, files, generated, data from declarations"


def _row(found: tuple[Any, ...]) -> Row:
    rowid, name, project, documentation_id, files, generated, data = found
    return Row(rowid, name, project, documentation_id, tuple(files.split("\n")) if files else (), bool(generated), data)


def rows(solution: Path, rowids: list[int]) -> dict[int, Row]:
    """The declarations ``rowids`` that are still in the index, whole."""
    found: dict[int, Row] = {}
    with _connected(index_path(solution)) as db:
        for start in range(0, len(rowids), _BATCH):
            batch = rowids[start : start + _BATCH]
            query = f"{_ROW} where rowid in ({', '.join('?' * len(batch))})"
            found.update((row.rowid, row) for row in map(_row, db.execute(query, batch)))
    return found


def rows_named(solution: Path, name: str) -> list[Row]:
    """The declarations whose documentation ID is ``name`` (``T:N.C``, ``M:...``), else whose qualified
    name is ``name`` or ends with ``.name``."""
    with _connected(index_path(solution)) as db:
        if len(name) > 2 and name[1] == ":":
            return [_row(r) for r in db.execute(f"{_ROW} where documentation_id = ?", (name,))]
        query = f"{_ROW} where qualified_name = ?1 or substr(qualified_name, -length(?1) - 1) = '.' || ?1"
        return [_row(r) for r in db.execute(query, (name,))]


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
            for table in ("meta", "files", "declarations", "projects", "refs", "refs_unsure", "uses", "links"):
                db.execute(f"drop table if exists {table}")
            db.execute("create table meta (key text primary key, value text)")
            db.execute(
                "create table files (path text primary key, digest text not null, outline text not null, project text)"
            )
            db.execute(
                "create table declarations (name text, project text, files text, qualified_name text,"
                " documentation_id text, generated integer, data text not null)"
            )
            db.execute("create index declarations_by_id on declarations (documentation_id)")
            db.execute("create table projects (name text primary key, directory text, done integer, refs integer)")
            # A type's references are looked up alone, while the others stay on disk.
            db.execute("create table refs (project text, type text, data text not null)")
            db.execute("create index refs_by_type on refs (type)")
            db.execute("create table refs_unsure (project text, type text)")
            # How many places of a project's file use a member; what a member overrides or implements.
            db.execute("create table uses (project text, member text, path text, places integer)")
            db.execute("create index uses_by_member on uses (member)")
            db.execute("create table links (project text, member text, above text)")
            db.execute("create index links_by_member on links (member)")
            db.execute("create index links_by_above on links (above)")
            db.executemany(
                "insert into projects values (?, ?, 0, 0)",
                [(name, folder) for name, (folder, _) in plan.projects.items()],
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
        # Its references are written again after it: the types they name may have changed.
        db.execute("delete from refs where project = ?", (project,))
        db.execute("delete from refs_unsure where project = ?", (project,))
        db.execute("delete from uses where project = ?", (project,))
        db.execute("delete from links where project = ?", (project,))
        db.execute("update projects set done = 1, refs = 0 where name = ?", (project,))


def project_states(solution: Path) -> dict[str, tuple[bool, bool]]:
    """Each project's state in the index: whether its declarations are in, and its references (read
    alone: the whole index is tens of thousands of rows)."""
    try:
        with _connected(index_path(solution)) as db:
            return {
                name: (bool(done), bool(refs))
                for name, done, refs in db.execute("select name, done, refs from projects")
            }
    except sqlite3.Error:
        return {}


def write_references(
    solution: Path,
    project: str,
    rows: list[list[Any]],
    unsure: set[str],
    uses: dict[tuple[str, str], int],
    links: set[tuple[str, str]],
) -> None:
    """Replace one project's references to source types (each row: the type's documentation ID, then
    the reference as ``Reference`` in plain data) and mark them in, in one transaction. The types of
    ``unsure`` have a reference the index cannot tell exactly: they are never answered from it. With them,
    the places of each (member, file) and the (member, member it overrides or implements) ``links``."""
    with _connected(index_path(solution)) as db:
        db.execute("begin")
        for table in ("refs", "refs_unsure", "uses", "links"):
            db.execute(f"delete from {table} where project = ?", (project,))
        db.executemany("insert into refs values (?, ?, ?)", [(project, row[0], json.dumps(row[1:])) for row in rows])
        db.executemany("insert into refs_unsure values (?, ?)", [(project, type_id) for type_id in sorted(unsure)])
        db.executemany("insert into uses values (?, ?, ?, ?)", [(project, *key, n) for key, n in uses.items()])
        db.executemany("insert into links values (?, ?, ?)", [(project, *link) for link in sorted(links)])
        db.execute("update projects set refs = 1 where name = ?", (project,))


def references_to(solution: Path, type_id: str) -> list[list[Any]] | None:
    """The references to the type ``type_id`` (each ``Reference`` in plain data), or ``None`` unless
    every project's are in and each is known exactly."""
    try:
        with _connected(index_path(solution)) as db:
            if db.execute("select count(*) from projects where refs = 0").fetchone()[0]:
                return None
            if db.execute("select 1 from refs_unsure where type = ?", (type_id,)).fetchone():
                return None
            return [json.loads(data) for (data,) in db.execute("select data from refs where type = ?", (type_id,))]
    except sqlite3.Error:
        return None


LIBRARY = "library"
"""What a member links to when it overrides or implements a library's member (``MemberReferences.Library``)."""


def member_estimates(solution: Path, members: list[str]) -> dict[str, int]:
    """The places using each of ``members`` (documentation IDs), as the last run counted them; ``{}``
    unless every project's are in. A type's are its references as written; a member's are those of the
    members find references cascades to from it: every member linked to it by overriding or implementing,
    in either direction, transitively (``Supplier.Describe`` counts the calls of ``Customer.Describe``
    through the abstract ``Entity.Describe`` both override)."""
    with _connected(index_path(solution)) as db:
        if db.execute("select count(*) from projects where refs = 0").fetchone()[0]:
            return {}
        found = {}
        for member in members:
            if member.startswith("T:"):
                found[member] = db.execute("select count(*) from refs where type = ?", (member,)).fetchone()[0]
                continue
            related, edge = {member}, {member}
            while edge:
                marks = ", ".join("?" * len(edge))
                linked = db.execute(
                    f"select above from links where member in ({marks}) union select member from links where above in ({marks})",
                    [*sorted(edge), *sorted(edge)],
                )
                edge = {row[0] for row in linked} - related
                related |= edge
                if LIBRARY in edge:
                    break  # not through it: every member that implements a library's member would follow
            if LIBRARY in related:
                continue  # it cascades to a library's member, whose every use find references counts: unknown here
            marks = ", ".join("?" * len(related))
            total = db.execute(f"select sum(places) from uses where member in ({marks})", sorted(related)).fetchone()[0]
            if total is not None or len(related) > 1 or _declared(db, member):
                found[member] = int(total or 0)
        return found


def _declared(db: sqlite3.Connection, documentation_id: str) -> bool:
    return (
        db.execute("select 1 from declarations where documentation_id = ?", (documentation_id,)).fetchone() is not None
    )


def prune() -> list[Path]:
    """Remove the indexes of solutions that no longer exist (a temporary copy, a deleted checkout): the
    index of each solution path ever opened would otherwise stay in the user cache for good. An index
    whose solution it does not name yet (being created) is left alone. The files removed."""
    removed = []
    for path in sorted(cache_dir("index").glob("*.sqlite")):
        try:
            with _connected(path) as db:
                row = db.execute("select value from meta where key = 'solution'").fetchone()
        except sqlite3.Error:
            continue
        if row is not None and not Path(row[0]).exists():
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            removed.append(path)
    return removed
