"""Several solutions in one app (``roslyn-tui Store.slnx Tools.slnx``): each in the tree under a node
of its own, each on its own shared engine, and the app answering about the solution the tree's cursor
is in (a file opened from there, a search, the Project view)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work

from engine import EngineError, LoadSummary, queries
from shared_engine.session import Session

from ..widgets.panels import InfoPanel
from ..widgets.solution_tree import SolutionChosen, SolutionTree
from .base import AppMixin


class SolutionsActions(AppMixin):
    """Mixed into ``RoslynTui``: the solutions beside the app's own."""

    session: Session | None
    path: Path
    more_paths: tuple[Path, ...]
    """The other solutions named on the command line, opened once the app's own has loaded."""
    sessions: dict[str, Session]
    """Every solution open, by its path: the app's own and the others."""

    if TYPE_CHECKING:

        def _open_session(self, path: Path | None = None) -> Session: ...

    @work(thread=True, group="more-solutions")
    def load_more_solutions(self) -> None:
        own = self.session
        if own is not None:
            self.sessions[str(own.target.path)] = own
        for path in self.more_paths:
            try:
                session = self._open_session(path)
                session.load()
                structure = session.run(queries.project_structure, True, include_generated=False)
            except EngineError as error:
                self.call_from_thread(self.notify, f"{path.name} did not load: {error}", severity="error", timeout=15)
                continue
            self.call_from_thread(self._solution_added, session, structure)

    def _solution_added(self, session: Session, structure: Any) -> None:
        self.sessions[str(session.target.path)] = session
        self.query_one(SolutionTree).add_solution(structure)
        self.notify(f"{session.target.path.name} loaded: {len(structure.items)} projects.", timeout=4)

    def on_solution_chosen(self, event: SolutionChosen) -> None:
        chosen = self.sessions.get(event.path)
        if chosen is None or chosen is self.session:
            return
        self.session = chosen
        self.sub_title = f"{chosen.target.path.name} ({len(self.sessions)} solutions open)"
        if chosen.report is not None:
            self.query_one("#info-panel", InfoPanel).show(LoadSummary(str(chosen.root), chosen.report, show_time=False))
        self.notify(f"Answering about {chosen.target.path.name}.", timeout=3)
