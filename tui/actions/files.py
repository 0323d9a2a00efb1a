"""The file shown in the source view: opening it at a place (read as the engine sees it, its names
classified, its header, the recent files), closing it back to the welcome, and a file's outline in
the solution tree."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import Static

from engine import (
    EngineError,
    FileNotInSolution,
    Location,
    SymbolRef,
    SymbolSummary,
    check_inside,
    decode,
    is_library_file,
    queries,
    relative_path,
)
from shared_engine.session import Session

from .. import config
from ..history import History, Place
from ..widgets.solution_tree import SolutionTree
from ..widgets.source_view import SourceView
from ..widgets.welcome import Welcome
from .base import AppMixin


class FileActions(AppMixin):
    """Mixed into ``RoslynTui``: the file shown, and the outlines of the tree's files."""

    session: Session | None
    path: Path
    history: History
    recent_files: list[str]
    _file_header: str

    if TYPE_CHECKING:

        def update_status(self) -> None: ...

        def _remember_cursor(self) -> None: ...

        def show_query(self, panel: str, query: Any, *args: Any, **kwargs: Any) -> Any: ...

    def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None:
        if self.session is None:
            return
        source = self.query_one(SourceView)
        fresh = reload or source.path != location.path
        text = ""
        if fresh:
            # Moving within the file shown (go to line, find, back) reads nothing: the key acts at once.
            self.session.prefer(location.path)
            try:
                text = "\n".join(self._file_lines(location.path))
            except EngineError as error:
                self.notify(error.describe(), severity="error")
                return
        if remember and source.path is not None:
            # Back returns to where the cursor was when the user left, not where the file was opened.
            self.history.move(Place(source.path, *source.position))
        if fresh:
            self._leave_file(source)
        self.show_welcome(False)
        source.show(location.path, text, location.line, location.column, reload=reload)
        source.focus()
        if remember:
            self.history.visit(Place(location.path, location.line, location.column))
        if fresh:
            if self.session.is_loaded:
                self.classify(location.path)
            self.recent_files = [location.path, *(p for p in self.recent_files if p != location.path)][:50]
            if not is_library_file(location.path):
                config.remember_file(str(self.path.resolve()), location.path, location.line)
            self.query_one(SolutionTree).reveal(location.path)
            self._file_header = self._header_of(location.path)
            self.query_one("#file-header", Static).update(self._file_header)
        self.update_status()

    def _leave_file(self, source: SourceView) -> None:
        """The recent files reopen a file where its cursor was left (switching files, or quitting)."""
        if source.path is not None and not is_library_file(source.path):
            config.left_at(str(self.path.resolve()), source.path, source.position[0])

    def show_welcome(self, shown: bool) -> None:
        """The welcome in place of the source view (before any file, and after the file shown is closed)."""
        self.query_one(Welcome).display = shown
        self.query_one(SourceView).display = not shown

    def action_close_file(self) -> None:
        source = self.query_one(SourceView)
        if source.path is None:
            return
        self._remember_cursor()
        if not is_library_file(source.path):
            config.remember_file(str(self.path.resolve()), source.path, source.position[0])  # reopens there
        source.close()
        self._file_header = ""
        self.query_one("#file-header", Static).update("")
        self.show_welcome(True)
        if self.session is not None:
            self.query_one(Welcome).show_recent(config.recent_files(str(self.path.resolve())), self.session.root)
        self.query_one("#welcome-recent").focus()

    @work(thread=True, exclusive=True, group="classify")
    def classify(self, path: str) -> None:
        """Roslyn's classes of the names in the file shown (the syntax colours stay meanwhile)."""
        assert self.session is not None
        try:
            classes = self.session.run(queries.semantic_classes, path)
        except EngineError:
            return  # the syntax colours are enough
        self.call_from_thread(self.query_one(SourceView).show_semantic, classes)

    def _header_of(self, path: str) -> str:
        """``src/Core/Cart.cs  Loop.Core (net10.0)``: the file, its project and the target navigated."""
        assert self.session is not None
        shown = relative_path(path, self.session.root)
        if is_library_file(path):
            return f"{Path(path).name}  ·  read-only: {Path(path).read_text(encoding='utf-8').splitlines()[0][3:]}"
        structure = self.query_one(SolutionTree).structure
        for project in structure.items if structure is not None else ():
            if path in project.documents:
                return f"{shown}  ·  {project.name} ({project.target_framework})"
        return shown

    def _file_lines(self, path: str) -> list[str]:
        """A file's lines as the engine sees them; while the solution loads (a hit from the index), as on disk."""
        assert self.session is not None
        if self.session.is_loaded:
            return list(self.session.run(queries.read_file, path).lines)
        check_inside(self.session.root, path)
        try:
            return decode(Path(path).read_bytes()).splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise FileNotInSolution(
                f"{path} cannot be read ({error}).", "Open it once the solution has loaded."
            ) from error

    def open_symbol(self, symbol: SymbolSummary) -> None:
        if symbol.location is not None:
            self.open_location(symbol.location)
        self.show_query("info", queries.symbol_info, SymbolRef(name=symbol.documentation_id))

    @work(thread=True, group="outline")
    def load_outline(self, node: Any) -> None:
        if self.session is None or node.data.loaded:
            return
        try:
            outline = self.session.run(queries.file_outline, node.data.path)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="error")
            return
        self.call_from_thread(self.query_one(SolutionTree).show_outline, node, outline)
