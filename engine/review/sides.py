"""The two sides of a change as Roslyn solutions: each revision's file contents forked into the loaded
solution, which is the working tree. No second MSBuild load: the projects are the loaded ones, their
references and options as the working tree's project files say (a changed project file is reported by
``project_files``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..workspace.boundary import is_inside
from ..workspace.snapshot import Snapshot
from ..workspace.text_files import decode
from ..workspace.watcher import is_relevant, is_source, with_file_texts
from .git import FileChange, Repository

WORKING_TREE = "the working tree"


@dataclass
class Sides:
    repository: Repository
    base: str
    """The base commit."""
    head: str | None
    """The head commit; None for the working tree."""
    files: list[FileChange]
    """The source and project files that differ from base to head under the solution directory (build
    outputs left out)."""
    before: Snapshot
    after: Snapshot
    texts_before: dict[str, str | None]
    texts_after: dict[str, str | None]
    """Each changed file's text on each side (None: the file is not there)."""
    kept: dict[str, Any] = field(default_factory=dict)
    """What was worked out from the two sides (their declarations, matched), for the next question."""

    @property
    def labels(self) -> tuple[str, str]:
        head = WORKING_TREE if self.head is None else self.repository.short(self.head)
        return self.repository.short(self.base), head


def sides(snapshot: Snapshot, base: str, head: str | None) -> Sides:
    """``base`` and ``head`` (None: the working tree) compiled from the loaded solution; kept with the
    snapshot (the working tree as the engine has it), so a second review, a symbol's diff and the tests
    of the change share the base side's compilations."""
    repository = Repository(snapshot.root)
    base_commit = repository.commit(base)
    head_commit = repository.commit(head) if head else None
    return snapshot.memo(
        f"review-sides:{base_commit}:{head_commit}", lambda: _sides(snapshot, repository, base_commit, head_commit)
    )


def _sides(snapshot: Snapshot, repository: Repository, base_commit: str, head_commit: str | None) -> Sides:
    files = [
        f
        for f in repository.changed_files(base_commit, head_commit)
        if is_relevant(f.path) and is_inside(snapshot.root, f.path)
    ]
    paths = [f.path for f in files]
    texts_before = _texts(repository.contents(base_commit, paths))
    if head_commit is None:
        texts_after = {path: _read(path) for path in paths}
        after = snapshot
    else:
        texts_after = _texts(repository.contents(head_commit, paths))
        after = at_revision(snapshot, repository, head_commit)
    before = at_revision(snapshot, repository, base_commit)
    return Sides(repository, base_commit, head_commit, files, before, after, texts_before, texts_after)


def at_revision(snapshot: Snapshot, repository: Repository, commit: str) -> Snapshot:
    """The loaded solution with every source file as it is at ``commit``."""
    differing = [f.path for f in repository.changed_files(commit, None) if is_source(f.path) and is_relevant(f.path)]
    differing = [path for path in differing if is_inside(snapshot.root, path)]
    if not differing:
        return snapshot
    return with_file_texts(snapshot, _texts(repository.contents(commit, differing)))


def _texts(contents: dict[str, bytes | None]) -> dict[str, str | None]:
    """The contents as text; a file that is not text (an image) is left out."""
    texts: dict[str, str | None] = {}
    for path, data in contents.items():
        try:
            texts[path] = decode(data) if data is not None else None
        except UnicodeDecodeError:
            continue
    return texts


def _read(path: str) -> str | None:
    try:
        return decode(Path(path).read_bytes())
    except (OSError, UnicodeDecodeError):
        return None
