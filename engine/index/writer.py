"""Writing the on-disk index from a loaded snapshot, a project at a time (in the warm-up, right after
the compilations, and finished at exit): every source declaration with its summary, signature and
places, and every file's outline. An outline is computed again only for a file whose content changed
since the last index. A project whose files change while it is written is left for the next load."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from ..host.digest import file_digest
from ..host.interop import Operation
from ..models import Location, SymbolSummary
from ..symbols.declarations import source_declarations
from ..views.outline import OutlineNode
from ..workspace.snapshot import display_name
from ..workspace.text_files import decode
from . import store

log = logging.getLogger("roslyn_tui")

PATIENCE = 2.0
"""Seconds the writer waits for queries in all before it shares the CPU with them."""


class IndexWriter:
    """One session's writing of its index: ``run`` in the warm-up; ``finish`` at exit lets it go on,
    without waiting for queries, until it is done or the time is up."""

    def __init__(self) -> None:
        self._hurry = threading.Event()
        self._done = threading.Event()
        self._expected = False
        self._waited = 0.0
        self.projects_written = 0

    @property
    def hurried(self) -> bool:
        return self._hurry.is_set()

    def expect(self) -> None:
        """The warm-up has started and will write the index (``finish`` waits for it)."""
        self._done.clear()
        self._expected = True

    def finish(self, deadline: float) -> bool:
        """At exit: no more yielding to queries; wait until the index is written or ``deadline``
        (``time.monotonic()``); whether it was written."""
        self._hurry.set()
        if not self._expected:
            return False
        return self._done.wait(max(0.0, deadline - time.monotonic()))

    def run(self, session: Any, operation: Operation) -> int:
        """Index the current snapshot; returns the number of files indexed."""
        self.expect()
        self._waited = 0.0
        try:
            return self._write(session, operation)
        finally:
            self._done.set()

    def _yield(self, session: Any, operation: Operation) -> None:
        """Let queries go first, for ``PATIENCE`` seconds in all: a client that asks without a break
        (or the app's long diagnostics) would otherwise keep the index from ever being written."""
        left = PATIENCE - self._waited
        if self.hurried or left <= 0:
            return
        began = time.monotonic()
        session.yield_to_queries(operation, patience=left, stop=lambda: self.hurried)
        self._waited += time.monotonic() - began

    def _write(self, session: Any, operation: Operation) -> int:
        from ..symbols.summaries import described

        self._yield(session, operation)
        snapshot = session.snapshot()
        solution = session.target.path
        previous = store.read(solution)
        old_files = previous.files if previous else {}
        project_files = sorted({str(p.FilePath) for p in snapshot.all_projects if p.FilePath})
        # The files generators turn into C# (.razor, .cshtml): declarations answered at their lines are
        # only answered while every one is as it was.
        generator_inputs = _generator_inputs(snapshot)
        inputs = {
            path: file_digest(path)
            for path in [str(solution), *project_files, *_imports(session.root), *generator_inputs]
        }
        project_dirs = sorted({str(Path(path).parent) for path in project_files})
        compiled = {str(d.FilePath or "") for p in snapshot.projects for d in p.Documents}
        unlisted = sorted(store.sources_under(project_dirs) - compiled)
        folders = {display_name(p): str(Path(str(p.FilePath)).parent) if p.FilePath else "" for p in snapshot.projects}
        plan = {name: (folder, False) for name, folder in folders.items()}
        kept = store.begin(solution, store.Stored({}, inputs, project_dirs, unlisted, plan), previous)
        stale = _stale_projects(snapshot, previous, kept)
        if not stale:
            log.info("the index of %s is current", solution.name)
            return 0
        log.debug("index: %d projects to write", len(stale))
        source = source_declarations(snapshot, operation)
        indexed = 0
        # What the last run did not reach first: a run that ends early still completes the index.
        done = {name for name, (_, finished) in (previous.projects.items() if previous else ()) if finished}
        for which, project, declarations in source.by_project(operation, later=done):
            if display_name(project) not in stale:
                continue
            self._yield(session, operation)
            facts = described([d.symbol for d in declarations], with_signature=True)
            source.remember_table(which, [summary for summary, _, _ in facts], operation)
            files = self._files(snapshot, project, old_files, operation)
            if files is None:
                continue  # a file changed under us: this project waits for the next load
            store.write_project(solution, display_name(project), files, _rows(declarations, facts, files))
            indexed += len(files)
            self.projects_written += 1
            log.debug("index: wrote %s", display_name(project))
        log.info("indexed %d files of %s (%d projects)", indexed, solution.name, self.projects_written)
        return indexed

    def _files(
        self, snapshot: Any, project: Any, old_files: dict[str, store.StoredFile], operation: Operation
    ) -> dict[str, store.StoredFile] | None:
        """The project's files with their digests and outlines, or ``None`` when one changed meanwhile."""
        from ..queries.outline import file_outline

        files: dict[str, store.StoredFile] = {}
        for document in project.Documents:
            path = str(document.FilePath or "")
            if not path.endswith(".cs") or path in files:
                continue
            digest = _digest_if_current(path, document, operation)
            if digest is None:
                return None
            old = old_files.get(path)
            if old and old.digest == digest and old.outline:
                outline = old.outline
            elif self.hurried:
                outline = ""  # at exit the declarations come first; the next run adds the outlines
            else:
                outline = _json(file_outline(snapshot, operation, path))
            files[path] = store.StoredFile(digest, outline)
        return files


def _stale_projects(snapshot: Any, previous: store.Stored | None, kept: bool) -> set[str]:
    """The projects to write: every one when the index starts empty; else those not done, those with a
    file added, removed or changed since, and those depending on one of them (their signatures may
    name its types)."""
    every = {display_name(p) for p in snapshot.projects}
    if previous is None or not kept:
        return every
    changed: set[str] = set()
    stale: set[str] = set()
    for project in snapshot.projects:
        name = display_name(project)
        paths = {str(d.FilePath or "") for d in project.Documents if str(d.FilePath or "").endswith(".cs")}
        stored = {path for path, entry in previous.files.items() if entry.project == name}
        if not previous.projects.get(name, ("", False))[1] or any(not previous.files[p].outline for p in stored):
            stale.add(name)  # not reached by the last run, or written at exit without its outlines
        elif paths != stored or any(file_digest(p) != previous.files[p].digest for p in paths):
            changed.add(str(project.Id.Id))
    graph = snapshot.solution.GetProjectDependencyGraph()
    for project in snapshot.projects:
        below = {str(other.Id) for other in graph.GetProjectsThatThisProjectTransitivelyDependsOn(project.Id)}
        if str(project.Id.Id) in changed or below & changed:
            stale.add(display_name(project))
    return stale


def _rows(declarations: list[Any], facts: list[Any], files: dict[str, store.StoredFile]) -> list[dict[str, Any]]:
    """Each declaration as stored: its summary in plain data, with its signature, places and files."""
    rows = []
    for declaration, (summary, signature, locations) in zip(declarations, facts, strict=True):
        first = summary.location
        if first is None:
            continue
        row = _summary_data(summary)
        places = [_place(location) for location in locations]
        # A place in a file that is no C# of the solution (a .razor line a generator's #line maps to)
        # is generated code too.
        on_disk = {place[0] for place in places if place[0].endswith(".cs") and os.path.isfile(place[0])}
        if any(name not in files for name in on_disk):
            continue  # declared in a file that was not indexed
        # A source generator's output is not a file: it depends on every file, so it is only answered
        # from while none changed.
        generated = len(on_disk) < len({place[0] for place in places})
        row["files"] = sorted(on_disk, key=lambda p: p != first.path)
        row.update(project=declaration.project, signature=signature, locations=places, generated=generated)
        rows.append(row)
    return rows


def _generator_inputs(snapshot: Any) -> list[str]:
    """The solution's Razor files (``.razor``, ``.cshtml``): text a generator makes C# of."""
    return sorted(
        {
            str(document.FilePath)
            for project in snapshot.all_projects
            for document in project.AdditionalDocuments
            if str(document.FilePath or "").lower().endswith((".razor", ".cshtml"))
        }
    )


def _imports(root: Path) -> list[str]:
    """MSBuild files that shape every project under ``root`` (Directory.Build.props and the like)."""
    found = []
    for directory, folders, names in os.walk(root):
        folders[:] = [f for f in folders if f.lower() not in ("bin", "obj", ".git", "node_modules")]
        found += [os.path.join(directory, n) for n in names if n.lower() in store.INPUT_NAMES]
    return sorted(found)


def _digest_if_current(path: str, document: Any, operation: Operation) -> str | None:
    """The file's SHA-256 when its bytes on disk are the text the snapshot has, else ``None``."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    text = operation.wait(document.GetTextAsync(operation.token))
    if decode(data) != str(text.ToString()):
        return None
    return store.hashlib.sha256(data).hexdigest()


def _json(outline: Any) -> str:
    return json.dumps([_node_data(item) for item in outline.items])


# Plain data by hand: ``dataclasses.asdict`` deep-copies every field and took a third of the writing.


def _place(location: Location) -> list[Any]:
    return [location.path, location.line, location.column, location.end_line, location.end_column]


def _location_data(location: Location) -> dict[str, Any]:
    return {"path": location.path, "line": location.line, "column": location.column,
            "end_line": location.end_line, "end_column": location.end_column}  # fmt: skip


def _summary_data(summary: SymbolSummary) -> dict[str, Any]:
    data = {name: getattr(summary, name) for name in _SUMMARY_FIELDS}
    data["location"] = _location_data(summary.location) if summary.location else None
    return data


def _node_data(node: OutlineNode) -> dict[str, Any]:
    return {
        "name": node.name,
        "kind": node.kind,
        "display": node.display,
        "location": _location_data(node.location),
        "span": _location_data(node.span),
        "documentation_id": node.documentation_id,
        "children": [_node_data(child) for child in node.children],
    }


_SUMMARY_FIELDS = tuple(f.name for f in dataclasses.fields(SymbolSummary))
