"""The roslyn-tui app: the layout (solution tree, source view, panels that mirror the MCP tools), navigation
and the panels' queries; loading, editing, tests, going to places and layout are mixins in ``tui/actions/``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Header, Input, Label, ProgressBar, Static, TabbedContent, TabPane, Tree

from engine import (
    EngineError,
    FileNotInSolution,
    Location,
    SymbolRef,
    SymbolSummary,
    check_inside,
    decode,
    incomplete,
    is_library_file,
    queries,
    relative_path,
)
from shared_engine.session import Session
from themes import DEFAULT_THEME, THEMES

from . import config
from .actions.activity import ActivityActions
from .actions.code_view import CodeViewActions
from .actions.coverage import CoverageActions
from .actions.editing import EditingActions
from .actions.goto import GoToActions
from .actions.layout import LayoutActions
from .actions.loading import LoadingActions
from .actions.place_screens import PlaceScreenActions
from .actions.projects import ProjectActions
from .actions.quick_info import QuickInfoActions
from .actions.solutions import SolutionsActions
from .actions.testing import TestingActions
from .bindings import APP_BINDINGS, key_text
from .history import History, Place
from .palette import SymbolProvider
from .priority import EventLoopFirst
from .screens.help import HelpScreen
from .screens.repl import ReplHistory, ReplScreen
from .screens.search import SymbolSearchScreen
from .widgets.activity_panel import ActivityPanel
from .widgets.footer import FittingFooter
from .widgets.panels import InfoPanel, ListPanel, LocationChosen, MoreCallers, TreeExpansionRequested, TreePanel
from .widgets.solution_tree import OutlineRequested, SolutionTree
from .widgets.source_view import SourceView
from .widgets.splitter import Splitter
from .widgets.tests_panel import TestsPanel
from .widgets.welcome import Welcome

CALLERS_PAGE = 200
"""Callers shown at once in the call hierarchy; a last node stands for the rest and loads them when expanded."""
_UNBOUND_HELP = {
    "Undo the last applied edit": "Put back the files the last applied edit changed (any editing tool)",
    "Run tests with coverage": "Run the listed tests (else those reaching the cursor, else all) collecting coverage",
    "Coverage: the least covered members": "The last run with coverage by member, least covered first",
    "Toggle coverage marks": "Covered and uncovered lines in the gutter, each member's share in its lens",
    "Profile tests: a flame graph": "Run the listed tests (else those reaching the cursor) under the CPU profiler",
    "Project: packages, references, frameworks, properties": "The Project view of the open file's project (p in the tree)",
}
"""What the palette says of a command without a key, when not the default (an edit of the open file)."""
PANELS = ("info", "references", "implementations", "hierarchy", "calls", "diagnostics", "problems", "tests", "activity")


class RoslynTui(
    LoadingActions,
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

    # -- navigation -------------------------------------------------------------------------------

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

    @on(Welcome.RecentChosen)
    def recent_chosen(self, event: Welcome.RecentChosen) -> None:
        self.open_location(Location(event.path, event.line, 1, event.line, 1))

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

    @on(LocationChosen)
    def location_chosen(self, event: LocationChosen) -> None:
        self.open_location(event.location)

    @on(OutlineRequested)
    def outline_requested(self, event: OutlineRequested) -> None:
        self.load_outline(event.node)

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

    @on(Input.Changed, "#tree-filter")
    def filter_tree(self, event: Input.Changed) -> None:
        tree = self.query_one(SolutionTree)
        if tree.structures:
            tree.refilter(event.value)

    @on(SourceView.SelectionChanged)
    def cursor_moved(self) -> None:
        self.update_status()

    def update_status(self) -> None:
        source = self.query_one(SourceView)
        if self.session is None or source.path is None:
            return
        line, column = source.position
        self.containing(source.path, line, column)

    @work(thread=True, exclusive=True, group="status")
    def containing(self, path: str, line: int, column: int) -> None:
        assert self.session is not None
        crumbs = ""
        try:
            around = self.session.run(queries.containing_member, path, line, column)
            text = around.render()
            innermost = around.member or around.type
            crumbs = innermost.display if innermost is not None else ""
        except EngineError:
            text = f"{relative_path(path, self.session.root)}:{line}:{column}"
        self.call_from_thread(self._show_status, text)
        header = self._file_header + (f"  ›  {crumbs}" if crumbs else "")
        self.call_from_thread(self.query_one("#file-header", Static).update, header)

    def _show_status(self, text: str) -> None:
        """The member at the cursor, after what a find said while its match is still selected."""
        if self.find_note is not None and self.find_note[0] == self.query_one(SourceView).selection:
            text = f"{self.find_note[1]}   |   {text}"
        self.query_one("#status", Static).update(text)

    # -- actions ----------------------------------------------------------------------------------

    def cursor_symbol(self) -> SymbolRef | None:
        source = self.query_one(SourceView)
        if source.path is None:
            self.notify("Open a file first (solution tree, ctrl+t or a panel item).", severity="warning")
            return None
        if is_library_file(source.path):
            # A library's source is in no compilation: its names are looked up as names, in the
            # solution and its references (an ambiguous one lists the candidates).
            word = source.word_at_cursor()
            return SymbolRef(name=word) if word else None
        line, column = source.position
        return SymbolRef(file=source.path, line=line, column=column)

    def action_search_symbols(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return

        def chosen(symbol: SymbolSummary | None) -> None:
            if symbol is not None:
                self.open_symbol(symbol)

        self.push_screen(SymbolSearchScreen(self.session), chosen)

    def action_go_to_definition(self) -> None:
        focused = self.focused
        if isinstance(focused, ListPanel) and focused.highlighted is not None:
            location = focused.location_at(focused.highlighted)
            if location is not None:
                self.open_location(location)
            return
        if isinstance(focused, Tree):
            # A hierarchy node or an outline entry: f12 opens it, as enter and a click do.
            node = focused.cursor_node
            if node is not None:
                focused.select_node(node)
            return
        if isinstance(focused, SourceView) and focused.lens_at_cursor() is not None:
            row, column = focused.cursor_location
            if column >= len(focused.document.get_line(row)):
                self.action_code_lens()  # enter after the line's end is enter on its lens
                return
        ref = self.cursor_symbol()
        if ref is not None:
            self.go_to(ref)

    @work(thread=True, exclusive=True, group="query")
    def go_to(self, ref: SymbolRef) -> None:
        assert self.session is not None
        try:
            definition = self.session.run(queries.go_to_definition, ref)
            info = (
                self.session.run(queries.symbol_info, SymbolRef(name=definition.symbol.documentation_id))
                if definition.symbol.documentation_id
                else None
            )
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        if definition.locations:
            self.call_from_thread(self.open_location, definition.locations[0])
        elif definition.library is not None:
            self.call_from_thread(self.open_location, definition.library.location)
        self.call_from_thread(self._show_panel, "info", info or definition)

    def action_find_references(self) -> None:
        self._panel_query("references", queries.find_references)

    def action_find_implementations(self) -> None:
        self._panel_query("implementations", queries.find_implementations)

    def action_type_hierarchy(self) -> None:
        self._panel_query("hierarchy", queries.type_hierarchy, max_depth=2)

    def action_call_hierarchy(self) -> None:
        self._panel_query("calls", queries.call_hierarchy, direction="both", depth=1, limit=CALLERS_PAGE)

    def _panel_query(self, panel: str, query: Callable[..., Any], **kwargs: Any) -> None:
        ref = self.cursor_symbol()
        if ref is not None and self.session is not None:
            self.show_query(panel, query, ref, **kwargs)

    @work(thread=True, exclusive=True, group="query")
    def show_query(self, panel: str, query: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        assert self.session is not None
        self._panel_queries[panel] = (query, args, kwargs)
        try:
            view = self.session.run(query, *args, **kwargs)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        self.call_from_thread(self._show_panel, panel, view)

    def _show_panel(self, panel: str, view: Any) -> None:
        shown = self.query_one(f"#{panel}-panel")
        shown.show(view)  # type: ignore[attr-defined]
        # Under a focus, a list that searches every project says what it cannot see.
        query = self._panel_queries.get(panel, (None,))[0]
        missing = incomplete(self.session.target, query) if self.session and query else None
        shown.border_subtitle = f"{missing} w in the tree widens it." if missing else ""
        self.query_one(TabbedContent).active = panel

    @on(TreeExpansionRequested)
    def expand_tree_node(self, event: TreeExpansionRequested) -> None:
        self.expand_node(event.panel, event.node)

    @work(thread=True, group="expand")
    def expand_node(self, panel: TreePanel, node: Any) -> None:
        assert self.session is not None
        ref = SymbolRef(name=node.data.documentation_id)
        try:
            if isinstance(node.data, MoreCallers):
                callers = self.session.run(queries.call_hierarchy, ref, "incoming", 1, node.data.offset, CALLERS_PAGE)
                self.call_from_thread(panel.add_caller_page, node, callers)
            elif panel.id == "hierarchy-panel":
                view = self.session.run(queries.type_hierarchy, ref, direction="descendants", max_depth=1)
                self.call_from_thread(panel.add_hierarchy, node, view.derived)
            else:
                direction = "incoming" if str(node.label).startswith("called by") else "outgoing"
                calls = self.session.run(queries.call_hierarchy, ref, direction=direction, depth=1)
                nodes = calls.incoming if direction == "incoming" else calls.outgoing
                self.call_from_thread(panel.add_calls, node, nodes)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")

    def action_next_diagnostic(self) -> None:
        panel = self.query_one("#diagnostics-panel", ListPanel)
        if panel.view is None or not panel.view.items:
            self.notify("No diagnostics.")
            return
        self._diagnostic_index = (self._diagnostic_index + 1) % len(panel.view.items)
        panel.highlighted = self._diagnostic_index
        self.query_one(TabbedContent).active = "diagnostics"
        location = panel.location_at(self._diagnostic_index)
        if location is not None:
            self.open_location(location)

    def action_history_back(self) -> None:
        self._remember_cursor()
        self._go(self.history.back())

    def action_history_forward(self) -> None:
        self._remember_cursor()
        self._go(self.history.forward())

    def _remember_cursor(self) -> None:
        source = self.query_one(SourceView)
        if source.path is not None:
            self.history.move(Place(source.path, *source.position))

    def _go(self, place: Place | None) -> None:
        if place is None:
            self.notify("No more history.", timeout=2)
            return
        self.open_location(Location(place.path, place.line, place.column, place.line, place.column), remember=False)

    def action_repl(self) -> None:
        if not isinstance(self.screen, ReplScreen):
            self.push_screen(ReplScreen(self.session, self.repl_history))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def watch_theme(self, theme: str) -> None:
        if theme in {t.name for t in THEMES}:
            config.save(theme=theme)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for title, action in (
            ("Search symbols", self.action_search_symbols),
            ("Go to definition", self.action_go_to_definition),
            ("Find references", self.action_find_references),
            ("Find implementations", self.action_find_implementations),
            ("Type hierarchy", self.action_type_hierarchy),
            ("Call hierarchy", self.action_call_hierarchy),
            ("Code actions", self.action_code_actions),
            ("Rename symbol", self.action_rename),
            ("Organize usings", self.action_organize_usings),
            ("Format document", self.action_format_document),
            ("Undo the last applied edit", self.action_undo_edit),
            ("Next diagnostic", self.action_next_diagnostic),
            ("Tests reaching the symbol", self.action_find_tests),
            ("Run tests", self.action_run_tests),
            ("Run tests with coverage", self.action_run_tests_with_coverage),
            ("Coverage: the least covered members", self.action_coverage),
            ("Toggle coverage marks", self.action_toggle_coverage_marks),
            ("Profile tests: a flame graph", self.action_profile),
            ("Project: packages, references, frameworks, properties", self.action_project_view),
            ("Build the solution", self.action_build),
            ("Stack trace", self.action_stack_trace),
            ("Code health: unused, complexity, dependencies", self.action_health),
            ("App: routes, services, data model", self.action_app_map),
            ("Changes since HEAD: by symbol, breaks first", self.action_changes),
            ("C# REPL", self.action_repl),
            ("Go to file", self.action_go_to_file),
            ("Go to line", self.action_go_to_line),
            ("Find in file", self.action_find_in_file),
            ("Maximise the source or the panels (again: back)", self.action_toggle_maximize),
            ("Toggle code lenses", self.action_toggle_code_lens),
            ("Toggle inlay hints", self.action_toggle_inlay_hints),
            ("Back", self.action_history_back),
            ("Forward", self.action_history_forward),
            ("Help: every key", self.action_help),
        ):
            key = self._key_of(action.__name__.removeprefix("action_"))
            unbound = _UNBOUND_HELP.get(title, f"{title} (in the open file, with a diff first)")
            yield SystemCommand(title, f"{title} ({key})" if key else unbound, action)

        if self.session is not None and self.session.target.left_out:
            yield SystemCommand(
                "Widen to the whole solution",
                f"Load the {self.session.target.left_out} projects outside the focus too (w in the tree)",
                self.action_widen_focus,
            )
        if self.session is not None and self.session.restricted:
            yield SystemCommand(
                "Trust this solution",
                "Load it fully: runs its MSBuild targets, analyzers and source generators (remembered)",
                self.action_trust_solution,
            )
        for each in THEMES:
            yield SystemCommand(
                f"Theme: {each.name}",
                f"Switch to the {each.name} theme (remembered)",
                lambda name=each.name: setattr(self, "theme", name),
            )

    def _key_of(self, action: str) -> str:
        """The keys of ``action`` as the user's keymap binds them (``App.set_keymap`` remaps by binding id)."""
        binding = next((b for b in APP_BINDINGS if b.action == action), None)
        if binding is None:
            return ""
        remapped = self._keymap.get(binding.id or "")  # Textual keeps the keymap it applies here
        if remapped:
            return key_text(remapped)
        return binding.key_display or key_text(binding.key)

    async def run_in_thread(self, work_function: Callable[[], Any]) -> Any:
        return await asyncio.to_thread(work_function)
