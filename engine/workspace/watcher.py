"""Keep a session's snapshot in step with the files on disk.

A changed ``.cs`` file becomes a document text change; an added or deleted one is added to or
removed from the projects whose directory holds it. A changed ``.csproj`` reloads that project
only, a ``Directory.Build.*`` file the projects beneath it; a solution file, ``global.json`` or any
other imported ``.props``/``.targets`` reloads the whole solution in a new workspace. Every update
is built aside and published in one step.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ..errors import EngineError
from ..host.digest import file_digest
from ..host.runtime import RuntimeInfo
from .boundary import is_inside
from .file_apps.virtual_project import project_file, write_project
from .snapshot import Snapshot
from .solution_file import SolutionTarget
from .text_files import decode

log = logging.getLogger("roslyn_tui.engine.watcher")

_IGNORED_DIRECTORIES = {"bin", "obj", ".git", ".vs", ".idea", "node_modules"}
_RELOAD_NAMES = {"directory.build.props", "directory.build.targets", "directory.packages.props", "global.json"}
_RELOAD_SUFFIXES = {".csproj", ".sln", ".slnx", ".props", ".targets"}


_SOURCE_SUFFIXES = (".cs", ".razor", ".cshtml")
"""Files whose text the compilation reads: C#, and the Razor files the Razor generator turns into C#."""


def is_source(path: str) -> bool:
    return path.lower().endswith(_SOURCE_SUFFIXES)


def is_relevant(path: str) -> bool:
    parts = Path(path).parts
    if any(part in _IGNORED_DIRECTORIES for part in parts):
        return False
    name = parts[-1].lower() if parts else ""
    return is_source(name) or name in _RELOAD_NAMES or Path(name).suffix in _RELOAD_SUFFIXES


def needs_reload(path: str) -> bool:
    name = Path(path).name.lower()
    return name in _RELOAD_NAMES or Path(name).suffix in _RELOAD_SUFFIXES


class ExpectedWrites:
    """Files the engine itself is about to write and will reload itself (a project edit): the watcher
    that hears them leaves them alone while each still holds what was written, instead of reloading
    the same projects a second time."""

    def __init__(self) -> None:
        self._digests: dict[str, str | None] = {}
        self._lock = threading.Lock()

    def expect(self, digests: dict[str, str | None]) -> None:
        with self._lock:
            self._digests.update(digests)

    def consume(self, path: str) -> bool:
        """Whether ``path`` was expected and still holds what was written (then it is expected no more)."""
        with self._lock:
            if path not in self._digests:
                return False
            expected = self._digests.pop(path)
        return file_digest(path) == expected


class Watched(Protocol):
    """What the watcher needs of a session: where to watch, and how to publish or reload."""

    @property
    def root(self) -> Path: ...

    def snapshot(self) -> Snapshot: ...

    def publish(self, change: Callable[[Snapshot], Snapshot | None]) -> Snapshot: ...

    def reload(self) -> Any: ...

    def reload_projects(self, project_files: list[Path]) -> None: ...

    def record_failed_update(self, paths: list[str], error: Exception) -> None: ...

    def part(self, kind: type[ExpectedWrites]) -> ExpectedWrites: ...

    @property
    def target(self) -> SolutionTarget: ...

    @property
    def runtime(self) -> RuntimeInfo | None: ...


class SolutionWatcher:
    """A daemon thread that turns file events under the solution's directory into snapshot updates."""

    def __init__(self, session: Watched) -> None:
        self.session = session
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="roslyn-tui-watcher", daemon=True)
        self._idle = threading.Event()
        """Clear while a batch of changes heard is being applied (a branch switch's reloads among them)."""
        self._idle.set()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def join(self, timeout: float) -> None:
        if self._thread.is_alive():
            self._thread.join(timeout)

    def caught_up(self, timeout: float) -> bool:
        """Wait until the changes heard are applied (at most ``timeout`` seconds); whether they are. Asked
        from the watcher's own thread (a listener of what it publishes), it does not wait for itself."""
        if threading.current_thread() is self._thread:
            return True
        return self._idle.wait(timeout)

    def _run(self) -> None:
        import watchfiles

        try:
            for changes in watchfiles.watch(
                self.session.root,
                watch_filter=lambda _change, path: is_relevant(path),
                stop_event=self._stop,
                debounce=50,  # a saved edit shows in the next query within 0.5 s (measured in bench/perf.py)
                step=25,
                rust_timeout=1000,
                yield_on_timeout=False,
            ):
                self._idle.clear()
                try:
                    self.apply({path for _, path in changes})
                finally:
                    self._idle.set()
        except Exception:
            log.exception("file watcher stopped")

    def apply(self, paths: set[str]) -> None:
        """Apply a batch of changed paths (public so callers can force a refresh)."""
        expected = self.session.part(ExpectedWrites)
        paths = {path for path in paths if not expected.consume(path)}
        if not paths:
            return
        try:
            projects = projects_to_reload(self.session.snapshot(), paths)
            if projects is not None:
                projects = sorted({*projects, *self._apps_with_new_directives(paths)})
            if projects is None:
                log.info("solution-wide files changed: reloading the solution")
                self.session.reload()
                return
            if projects:
                log.info("reloading %s", ", ".join(p.name for p in projects))
                self.session.reload_projects(projects)
            sources = sorted(p for p in paths if is_source(p))
            if sources:
                self.session.publish(lambda snapshot: apply_source_changes(snapshot, sources))
        except Exception as error:
            if isinstance(error, EngineError):
                log.warning("applying file changes failed; keeping the previous snapshot: %s", error)
            else:
                log.exception("applying file changes failed; keeping the previous snapshot")
            self.session.record_failed_update(sorted(paths), error)

    def _apps_with_new_directives(self, paths: set[str]) -> list[Path]:
        """The virtual projects of the changed apps whose ``#:`` directives changed (made again here)."""
        target = self.session.target
        runtime = self.session.runtime
        if not target.apps or runtime is None:
            return []
        changed = [app for app in target.apps if str(app) in paths and app.is_file()]
        return [project_file(app) for app in changed if write_project(app, runtime.dotnet)]


def projects_to_reload(snapshot: Snapshot, paths: set[str]) -> list[Path] | None:
    """The project files a batch of changes affects; ``None`` when the whole solution must reload."""
    loaded = {Path(p.FilePath) for p in snapshot.all_projects if p.FilePath}
    affected: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        name = path.name.lower()
        if _razor_file_came_or_went(snapshot, raw):
            # The Razor generator reads the properties MSBuild gives each file: its project loads again.
            affected.update(Path(p.FilePath) for p in _owning_projects(snapshot, raw) if p.FilePath)
            continue
        if not needs_reload(raw):
            continue
        if path.suffix.lower() == ".csproj":
            if path in loaded:
                affected.add(path)
        elif name in ("directory.build.props", "directory.build.targets", "directory.packages.props"):
            affected.update(p for p in loaded if path.parent in p.parents)
        else:
            return None
    return sorted(affected)


def _razor_file_came_or_went(snapshot: Snapshot, path: str) -> bool:
    if not path.lower().endswith((".razor", ".cshtml")):
        return False
    return os.path.isfile(path) != bool(snapshot.additional_documents_for_path(path))


def apply_source_changes(snapshot: Snapshot, paths: list[str]) -> Snapshot:
    """A new snapshot with the current content of each ``.cs`` path (changed, added or deleted), and of
    each additional document's (a changed ``.razor`` file; one added or deleted reloads its project:
    ``projects_to_reload``)."""
    texts: dict[str, str | None] = {}
    for path in paths:
        if not is_inside(snapshot.root, path):  # a symlink to a file outside: never read
            continue
        if not os.path.isfile(path):
            texts[path] = None
            continue
        try:
            texts[path] = decode(Path(path).read_bytes())
        except (OSError, UnicodeDecodeError):
            log.warning("could not read %s; skipped", path)
    return with_file_texts(snapshot, texts)


def with_file_texts(snapshot: Snapshot, texts: dict[str, str | None]) -> Snapshot:
    """A new snapshot whose files have the given texts: a document's text replaced, a ``.cs`` file with no
    document added to the project whose directory holds it, one whose text is None removed; an additional
    document (a ``.razor`` file) gets its new text. The rest of the solution, compilations included, is
    shared with ``snapshot``: what the watcher publishes, and what a review compiles a revision as."""
    from Microsoft.CodeAnalysis import DocumentId  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.Text import SourceText  # type: ignore[import-not-found]
    from System.Text import Encoding  # type: ignore[import-not-found]

    solution = snapshot.solution
    for path, content in texts.items():
        documents = snapshot.documents_for_path(path)
        if not documents and not path.lower().endswith(".cs"):
            for document in snapshot.additional_documents_for_path(path) if content is not None else ():
                solution = solution.WithAdditionalDocumentText(document.Id, SourceText.From(content, Encoding.UTF8))
            continue
        if content is None:
            for document in documents:
                solution = solution.RemoveDocument(document.Id)
            continue
        text = SourceText.From(content, Encoding.UTF8)
        if documents:
            for document in documents:
                solution = solution.WithDocumentText(document.Id, text)
        else:
            for project in _owning_projects(snapshot, path):
                folders = _folders(project, path)
                solution = solution.AddDocument(
                    DocumentId.CreateNewId(project.Id), Path(path).name, text, folders, path
                )
    return snapshot.with_solution(solution)


def _owning_projects(snapshot: Snapshot, path: str) -> list[Any]:
    """The projects (every target) whose directory is the deepest one holding ``path``."""
    candidates = [
        p for p in snapshot.all_projects if p.FilePath and path.startswith(str(Path(p.FilePath).parent) + os.sep)
    ]
    if not candidates:
        return []
    deepest = max(len(str(Path(p.FilePath).parent)) for p in candidates)
    return [p for p in candidates if len(str(Path(p.FilePath).parent)) == deepest]


def _folders(project: Any, path: str) -> Any:
    from System import String  # type: ignore[import-not-found]
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    folders = List[String]()
    for part in Path(path).parent.relative_to(Path(project.FilePath).parent).parts:
        folders.Add(part)
    return folders
