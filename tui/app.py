"""The roslyn-tui app: its layout (solution tree, source view, panels that mirror the MCP tools) and what
the widgets say, passed to the actions. The actions are mixins in ``tui/actions/``, one concern each:
the file shown (``files``), navigation by symbol (``navigation``), the palette (``commands``), loading,
editing, tests, going to places, the layout and the rest."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widgets import Header, Input, Label, ProgressBar, Static, TabbedContent, TabPane

from engine import (
    Location,
)
from shared_engine.session import Session
from themes import DEFAULT_THEME, THEMES

from . import config
from .actions.activity import ActivityActions
from .actions.code_view import CodeViewActions
from .actions.commands import CommandActions
from .actions.coverage import CoverageActions
from .actions.editing import EditingActions
from .actions.files import FileActions
from .actions.goto import GoToActions
from .actions.layout import LayoutActions
from .actions.loading import LoadingActions
from .actions.navigation import NavigationActions
from .actions.place_screens import PlaceScreenActions
from .actions.projects import ProjectActions
from .actions.quick_info import QuickInfoActions
from .actions.solutions import SolutionsActions
from .actions.testing import TestingActions
from .bindings import APP_BINDINGS
from .history import History
from .palette import SymbolProvider
from .priority import EventLoopFirst
from .screens.help import HelpScreen
from .screens.repl import ReplHistory, ReplScreen
from .widgets.activity_panel import ActivityPanel
from .widgets.footer import FittingFooter
from .widgets.panels import InfoPanel, ListPanel, LocationChosen, TreeExpansionRequested, TreePanel
from .widgets.solution_tree import OutlineRequested, SolutionTree
from .widgets.source_view import SourceView
from .widgets.splitter import Splitter
from .widgets.tests_panel import TestsPanel
from .widgets.welcome import Welcome

PANELS = ("info", "references", "implementations", "hierarchy", "calls", "diagnostics", "problems", "tests", "activity")


class RoslynTui(
    LoadingActions,
    FileActions,
    NavigationActions,
    CommandActions,
    ActivityActions,
    CodeViewActions,
    CoverageActions,
    EditingActions,
    TestingActions,
    PlaceScreenActions,
    ProjectActions,
    SolutionsActions,
    QuickInfoActions,
    GoToActions,
    LayoutActions,
    App[None],
):
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [*APP_BINDINGS]
    COMMANDS = App.COMMANDS | {SymbolProvider}

    def __init__(
        self,
        path: str | Path,
        theme: str | None = None,
        sample: bool = False,
        restricted: bool = False,
        more: tuple[str | Path, ...] = (),
    ) -> None:
        super().__init__()
        for each in THEMES:
            self.register_theme(each)
        chosen = theme or config.load().get("theme") or DEFAULT_THEME
        self.theme = chosen if chosen in self.available_themes else DEFAULT_THEME
        self.path = Path(path)
        self.sample = sample
        self.restricted = restricted
        """Opened with --restricted: trusted only if the user trusted it before (then it runs MSBuild)."""
        self.projects: list[str] | None = None
        """The focus (project globs); ``None``: ``--projects`` / ``ROSLYN_PROJECTS``, ``[]``: the whole solution."""
        self.session: Session | None = None
        self.more_paths = tuple(Path(p) for p in more)
        self.sessions: dict[str, Session] = {}
        self.history = History()
        self._file_header = ""
        """The header above the source: the file, its project and target (breadcrumbs are added to it)."""
        self.recent_files: list[str] = []
        """Files opened, the latest first (go to file lists them first)."""
        self._find_text = ""
        self.find_note: Any = None
        """(selection, words) of the last find, shown while that match stays selected."""
        self.repl_history = ReplHistory()
        self._diagnostic_index = -1
        self._panel_queries: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = {}
        """The last query each panel showed, so an applied edit can refresh it."""
        self.title = "roslyn-tui"
        self.sub_title = f"{self.path.name} (sample solution)" if sample else self.path.name

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Input(placeholder="filter files", id="tree-filter")
                yield SolutionTree(id="tree")
            yield Splitter(vertical=True, id="tree-splitter")
            with Vertical(id="center"):
                yield Static("", id="file-header", markup=False)
                yield Welcome(self.path, id="welcome")
                yield SourceView(id="source")
                yield Static("", id="status", markup=False)
                yield Splitter(vertical=False, id="panels-splitter")
                yield from self.compose_panels()
        with Horizontal(id="loading"):
            yield Label("Loading", id="loading-label")
            yield ProgressBar(id="loading-bar", show_eta=False)
        yield FittingFooter()

    def compose_panels(self) -> ComposeResult:
        """The tabbed panels under the source view: full width, so result lines rarely need cutting."""
        with TabbedContent(id="panels", initial="info"):
            with TabPane("Info", id="info"):
                yield InfoPanel("Put the cursor on a symbol and press f12, or search with ctrl+t.", id="info-panel")
            with TabPane("References", id="references"):
                yield ListPanel("References: shift+f12", id="references-panel")
            with TabPane("Implementations", id="implementations"):
                yield ListPanel("Implementations: ctrl+f12", id="implementations-panel")
            with TabPane("Hierarchy", id="hierarchy"):
                yield TreePanel("Type hierarchy: f6", id="hierarchy-panel")
            with TabPane("Calls", id="calls"):
                yield TreePanel("Call hierarchy: f7", id="calls-panel")
            with TabPane("Diagnostics", id="diagnostics"):
                yield ListPanel("Diagnostics: loading", id="diagnostics-panel")
            with TabPane("Problems", id="problems"):
                yield InfoPanel("Restore, load and compile problems appear here.", id="problems-panel")
            with TabPane("Tests", id="tests"):
                yield TestsPanel("Tests reaching the symbol at the cursor: f9; run them: f5", id="tests-panel")
            with TabPane("Activity", id="activity"):
                yield ActivityPanel(
                    "Activity: an assistant's requests on this solution's shared engine (f follows, alt+a approves "
                    "its writes)",
                    id="activity-panel",
                )

    def on_mount(self) -> None:
        self.apply_layout()
        self.apply_code_view_config()
        self.apply_coverage_config()
        priority = EventLoopFirst()
        priority.again()
        self.set_interval(1.0, priority.again)
        # Start in the tree, not the filter box, so single-key bindings such as ? work at once.
        self.query_one(SolutionTree).focus()
        self.load()
        self.watch_shared_engine()

    def on_unmount(self) -> None:
        with contextlib.suppress(NoMatches):  # the screen may be gone already
            self._leave_file(self.query_one(SourceView))
        # The shared engine counts this app as attached until its connections close (a test's app
        # ends long before its process).
        self.stop_watching_engine()
        self._forget_session()

    # -- what the widgets say, to the actions -----------------------------------------------------

    @on(Welcome.RecentChosen)
    def recent_chosen(self, event: Welcome.RecentChosen) -> None:
        self.open_location(Location(event.path, event.line, 1, event.line, 1))

    @on(LocationChosen)
    def location_chosen(self, event: LocationChosen) -> None:
        self.open_location(event.location)

    @on(OutlineRequested)
    def outline_requested(self, event: OutlineRequested) -> None:
        self.load_outline(event.node)

    @on(Input.Changed, "#tree-filter")
    def filter_tree(self, event: Input.Changed) -> None:
        tree = self.query_one(SolutionTree)
        if tree.structures:
            tree.refilter(event.value)

    @on(SourceView.SelectionChanged)
    def cursor_moved(self) -> None:
        self.update_status()

    @on(TreeExpansionRequested)
    def expand_tree_node(self, event: TreeExpansionRequested) -> None:
        self.expand_node(event.panel, event.node)

    def action_repl(self) -> None:
        if not isinstance(self.screen, ReplScreen):
            self.push_screen(ReplScreen(self.session, self.repl_history))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def watch_theme(self, theme: str) -> None:
        if theme in {t.name for t in THEMES}:
            config.save(theme=theme)

    async def run_in_thread(self, work_function: Callable[[], Any]) -> Any:
        return await asyncio.to_thread(work_function)
