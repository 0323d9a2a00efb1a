"""Writing the on-disk index from a loaded snapshot (after the warm-up, in the background): every
source declaration with its summary, signature and places, and every file's outline. An outline is
computed again only for a file whose content changed since the last index."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..symbols.declarations import source_declarations
from ..workspace.text_files import decode
from . import store

log = logging.getLogger("roslyn_tui")


def write_index(session: Any, operation: Operation) -> int:
    """Index the current snapshot; returns the number of files indexed."""
    from ..queries.outline import file_outline
    from ..symbols.summaries import described

    session.yield_to_queries(operation)
    snapshot = session.snapshot()
    solution = session.target.path
    previous = store.read(solution)
    source = source_declarations(snapshot, operation)
    declarations = source.all(operation)
    facts = described([d.symbol for d in declarations], with_signature=True)
    source.remember([summary for summary, _, _ in facts], operation)  # searches need them next
    files: dict[str, store.StoredFile] = {}
    skipped: set[str] = set()
    for project in snapshot.projects:
        for document in project.Documents:
            path = str(document.FilePath or "")
            if not path.endswith(".cs") or path in files or path in skipped:
                continue
            session.yield_to_queries(operation)
            digest = _digest_if_current(path, document, operation)
            if digest is None:
                skipped.add(path)  # changing under us: left out, so never answered from
                continue
            old = previous.files.get(path) if previous else None
            outline = old.outline if old and old.digest == digest else _json(file_outline(snapshot, operation, path))
            files[path] = store.StoredFile(digest, outline)
    rows = []
    for declaration, (summary, signature, locations) in zip(declarations, facts, strict=True):
        first = summary.location
        if first is None:
            continue
        row = dataclasses.asdict(summary)
        places = [dataclasses.astuple(location) for location in locations]
        on_disk = {place[0] for place in places if os.path.isfile(place[0])}
        if any(name not in files for name in on_disk):
            continue  # declared in a file that was not indexed
        # A source generator's output is not a file: it depends on every file, so it is only answered
        # from while none changed.
        generated = len(on_disk) < len({place[0] for place in places})
        row["files"] = sorted(on_disk, key=lambda p: p != first.path)
        row.update(project=declaration.project, signature=signature, locations=places, generated=generated)
        rows.append(row)
    project_files = sorted({str(p.FilePath) for p in snapshot.all_projects if p.FilePath})
    inputs = {path: store.file_digest(path) for path in [str(solution), *project_files, *_imports(session.root)]}
    project_dirs = sorted({str(Path(path).parent) for path in project_files})
    unlisted = sorted(store.sources_under(project_dirs) - set(files) - skipped)
    if skipped:
        return 0  # a file changed while indexing: the next load writes the index
    store.write(solution, store.Stored(files, rows, inputs, project_dirs, unlisted))
    log.info("indexed %d files, %d declarations of %s", len(files), len(rows), solution.name)
    return len(files)


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
    return json.dumps(dataclasses.asdict(outline)["items"])
