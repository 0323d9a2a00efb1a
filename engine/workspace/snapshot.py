"""An immutable view of a loaded solution: what one query sees from start to end.

Roslyn's ``Solution`` is immutable, so a query that holds a snapshot can never see a half-applied
update: updates build a new snapshot and publish it with one assignment.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from ..errors import FileNotInSolution, InvalidArgument
from ..models import relative_path
from .boundary import check_inside
from .source_texts import SourceTexts
from .targets import choose, split_project_name, target_from_symbols

T = TypeVar("T")


_DOCUMENTS_NAMED = 4096
"""How many paths, as queries gave them, a snapshot keeps the document of."""

DECLARATIONS_MEMO = "source_declarations"
"""The memo of every source declaration (``engine.symbols.declarations``): once a snapshot has it, the
live solution answers searches as fast as any record of the last load could."""


class Snapshot:
    """A Roslyn ``Solution`` plus the choices that go with it (navigation targets, root).

    Args:
        solution: the Roslyn ``Solution``.
        root: the solution's directory; text output prints paths relative to it.
        version: increases by one with every published update.
        opened_as: the path the session opened (a solution, a project, a filter): what its on-disk index
            is kept under.
    """

    def __init__(self, solution: Any, root: Path, version: int, opened_as: Path | None = None) -> None:
        self.solution = solution
        self.root = root
        self.version = version
        self.opened_as = opened_as
        self._memo: dict[str, Any] = {}
        self._memo_lock = threading.RLock()  # memo tables are built from other memo tables
        self._compilations: dict[int, tuple[Any, Any]] = {}
        self.source_texts: SourceTexts | None = None
        """The files' texts, in a syntax-only view: a search reads them before it parses."""
        self._documents_named: dict[str, Any] = {}
        self._project_names: dict[str, str] = {}

    def compilation(self, project: Any, operation: Any) -> Any:
        """The project's compilation: built lazily by Roslyn, then kept here, as asking Roslyn again costs
        a task and a wait on every use (a query naming a symbol by ID asks every project's)."""
        kept = self._kept(project)
        if kept is not None:
            return kept
        return self._keep(project, operation.wait(project.GetCompilationAsync(operation.token)))

    def compile_all(self, projects: list[Any], operation: Any) -> None:
        """Build the compilations of ``projects`` together (Roslyn spreads them over the cores) and keep
        them: a query that needs many should not build them one by one."""
        started = [(p, p.GetCompilationAsync(operation.token)) for p in projects if self._kept(p) is None]
        for project, compiling in started:
            self._keep(project, operation.wait(compiling))

    def keep(self, project: Any, compiled: Any) -> Any:
        """Keep ``compiled``, built elsewhere, as the project's compilation (returned)."""
        kept = self._kept(project)
        return kept if kept is not None else self._keep(project, compiled)

    def _kept(self, project: Any) -> Any | None:
        # Keyed by the wrapper's identity, which ``projects`` keeps stable; the entry holds the wrapper
        # so its id is not reused while the entry lives. Other wrappers of a project just ask Roslyn.
        entry = self._compilations.get(id(project))
        return entry[1] if entry is not None and entry[0] is project else None

    def _keep(self, project: Any, compiled: Any) -> Any:
        if len(self._compilations) < 4 * len(self.all_projects):
            self._compilations[id(project)] = (project, compiled)
        return compiled

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` once per snapshot: tables that stay true until the next update."""
        with self._memo_lock:
            if key not in self._memo:
                self._memo[key] = compute()
            return self._memo[key]  # type: ignore[no-any-return]

    def has_memo(self, key: str) -> bool:
        """Whether ``memo(key, ...)`` has been computed for this snapshot (without waiting for one being
        computed: the lock is held while it is)."""
        return key in self._memo

    def with_solution(self, solution: Any) -> Snapshot:
        return Snapshot(solution, self.root, self.version + 1, self.opened_as)

    @cached_property
    def all_projects(self) -> list[Any]:
        return [p for p in self.solution.Projects if p.Language == "C#"]

    @cached_property
    def project_targets(self) -> dict[str, str]:
        """Roslyn project name -> its target framework."""
        targets = {}
        for project in self.all_projects:
            _, tfm = split_project_name(project.Name)
            if tfm is None:
                symbols = list(project.ParseOptions.PreprocessorSymbolNames) if project.ParseOptions else []
                tfm = target_from_symbols(symbols)
            targets[project.Name] = tfm
        return targets

    @cached_property
    def projects(self) -> list[Any]:
        """One Roslyn project per project file: the target chosen for navigation."""
        by_file: dict[str, list[Any]] = {}
        for project in self.all_projects:
            by_file.setdefault(project.FilePath or project.Name, []).append(project)
        chosen = []
        for group in by_file.values():
            if len(group) == 1:
                chosen.append(group[0])
                continue
            best = choose([self.project_targets[p.Name] for p in group])
            chosen.append(next(p for p in group if self.project_targets[p.Name] == best))
        return sorted(chosen, key=lambda p: display_name(p))

    @cached_property
    def project_ids(self) -> set[Any]:
        return {p.Id for p in self.projects}

    def targets_of(self, project: Any) -> list[str]:
        return [self.project_targets[p.Name] for p in self.all_projects if p.FilePath == project.FilePath]

    @cached_property
    def _documents_by_path(self) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {}
        for project in self.all_projects:
            for document in project.Documents:
                if document.FilePath:
                    found.setdefault(os.path.normcase(document.FilePath), []).append(document)
        return found

    @cached_property
    def _additional_by_path(self) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {}
        for project in self.all_projects:
            for document in project.AdditionalDocuments:
                if document.FilePath:
                    found.setdefault(os.path.normcase(document.FilePath), []).append(document)
        return found

    def additional_document(self, path: str) -> Any | None:
        """The additional document (a ``.razor`` file, say: no C# of its own, but text the compiler's
        generators read) at ``path`` in the navigated target, or ``None``."""
        documents = self._additional_by_path.get(os.path.normcase(str(self.absolute(path))), [])
        return self._navigated(documents) if documents else None

    def additional_documents_for_path(self, path: str) -> list[Any]:
        """Every additional document with this file path, one per target of its project."""
        return self._additional_by_path.get(os.path.normcase(str(self.absolute(path))), [])

    def documents_for_path(self, path: str) -> list[Any]:
        """Every document with this file path, one per target of its project."""
        return self._documents_by_path.get(os.path.normcase(str(self.absolute(path))), [])

    def project_of(self, path: str) -> str:
        """The name of the project whose (navigated) document ``path`` is, or whose folder holds it (a
        generated document); empty when none is."""
        # Kept: a list of references asks it of each of their files (1,500 of them, 7 ms each time).
        name = self._project_names.get(path)
        if name is None:
            name = self._project_names[path] = self._project_of(path)
        return name

    def _project_of(self, path: str) -> str:
        documents = self._documents_by_path.get(os.path.normcase(path), [])
        if documents:
            return display_name(self._navigated(documents).Project)
        # A generated document lies in its project's obj folder, on no disk: the nearest project folder.
        holders = [
            p for p in self.projects if p.FilePath and path.startswith(os.path.dirname(str(p.FilePath)) + os.sep)
        ]
        return display_name(max(holders, key=lambda p: len(str(p.FilePath)))) if holders else ""

    def projects_of(self, paths: list[str]) -> list[str]:
        """``project_of`` each of ``paths`` (a long list of references names few files: each looked up once)."""
        known = {path: self.project_of(path) for path in set(paths)}
        return [known[path] for path in paths]

    def document(self, path: str) -> Any:
        """The document to navigate for ``path`` (in the chosen target), or a named error."""
        # Kept by the path as given: resolving it on disk is most of the time of a go to definition.
        found = self._documents_named.get(path)
        if found is None:
            found = self._document(path)
            if len(self._documents_named) < _DOCUMENTS_NAMED:
                self._documents_named[path] = found
        return found

    def _document(self, path: str) -> Any:
        if not str(path).strip():
            raise InvalidArgument("The file path is empty.", "Give a .cs file of the solution.")
        documents = self.documents_for_path(path)
        if not documents:
            # Outside the solution directory only the package files the load kept are documents.
            check_inside(self.root, self.absolute(path))
            absolute = self.absolute(path)
            try:
                reason = "does not exist" if not absolute.exists() else "is not part of any loaded project"
            except OSError:
                reason = "cannot be read"
            raise FileNotInSolution(
                f"{_shown(path)} {reason}.",
                "Give a .cs file of the solution, absolute or relative to " + str(self.root) + ".",
            )
        return self._navigated(documents)

    def _navigated(self, documents: list[Any]) -> Any:
        """Of a file's documents (one per target), the one in the target navigated."""
        preferred = [d for d in documents if d.Project.Id in self.project_ids]
        return (preferred or documents)[0]

    def absolute(self, path: str) -> Path:
        try:
            given = Path(path).expanduser()
            return (given if given.is_absolute() else self.root / given).resolve()
        except (OSError, ValueError, RuntimeError) as error:  # too long, an embedded NUL, a symlink loop
            reason = getattr(error, "strerror", None) or str(error)
            raise InvalidArgument(
                f"'{_shown(path)}' is not a usable file path ({reason}).",
                "Give a .cs file of the solution, absolute or relative to " + str(self.root) + ".",
            ) from error

    def relative(self, path: str) -> str:
        return relative_path(path, self.root)

    def chosen_projects(self, name: str | None) -> list[Any]:
        """The project called ``name`` (a list of one), or every project when no name is given; an
        unknown name is a named error listing the projects."""
        if name is None or not name.strip():
            return list(self.projects)
        found = self.project_named(name.strip())
        if found is None:
            names = ", ".join(display_name(p) for p in self.projects)
            raise InvalidArgument(f"No project is named '{name}'.", f"Give one of: {names}.")
        return [found]

    def project_named(self, name: str) -> Any | None:
        wanted = name.lower()
        for project in self.projects:
            if display_name(project).lower() == wanted or project.Name.lower() == wanted:
                return project
        return None


def _shown(path: str) -> str:
    """A path as an error message echoes it: long ones are cut (an answer must stay small)."""
    return path if len(path) <= 120 else f"{path[:120]}... ({len(path)} characters)"


def display_name(project: Any) -> str:
    """The project's name without the ``(tfm)`` suffix Roslyn adds to multi-targeted projects."""
    return split_project_name(project.Name)[0]
