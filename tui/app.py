"""The roslyn-tui app: solution tree, source view, and panels that mirror the MCP tools."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, ProgressBar, Static, TabbedContent, TabPane, Tree

from engine import EngineError, LoadProgress, SolutionSession, SymbolRef, editing, open_session, queries
from engine.errors import FileNotInSolution
from engine.models import Location, relative_path
from engine.queries.problems import compile_problems
from engine.symbols.describe import SymbolSummary
from engine.trust import NAMED_BY_USER, decide, grant
from engine.views.load import LoadSummary
from engine.views.problems import ProblemList, headline
from engine.workspace.boundary import check_inside
from engine.workspace.text_files import decode
from themes import DEFAULT_THEME, THEMES

from . import config
from .bindings import APP_BINDINGS
from .goto_actions import GoToActions
from .history import History, Place
from .layout_actions import LayoutActions
from .palette import SymbolProvider
from .screens.edits import CodeActionsScreen, DiffScreen, RenameScreen
from .screens.help import HelpScreen
from .screens.repl import ReplHistory, ReplScreen
from .screens.search import SymbolSearchScreen
from .testing import TestingActions
from .widgets.panels import InfoPanel, ListPanel, LocationChosen, MoreCallers, TreeExpansionRequested, TreePanel
from .widgets.solution_tree import OutlineRequested, SolutionTree
from .widgets.source_view import SourceView
from .widgets.splitter import Splitter
from .widgets.tests_panel import TestsPanel

CALLERS_PAGE = 200
"""Callers shown at once in the call hierarchy; a last node stands for the rest and loads them when expanded."""
_UNBOUND_HELP = {"Undo the last applied edit": "Put back the files the last applied edit changed (any editing tool)"}
"""What the palette says of a command without a key, when not the default (an edit of the open file)."""
PANELS = ("info", "references", "implementations", "hierarchy", "calls", "diagnostics", "problems", "tests")


class RoslynTui(TestingActions, GoToActions, LayoutActions, App[None]):
    CSS_PATH = "app.tcss"
    BINDINGS = APP_BINDINGS
    COMMANDS = App.COMMANDS | {SymbolProvider}

    def __init__(
        self, path: str | Path, theme: str | None = None, sample: bool = False, restricted: bool = False
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
        self.session: SolutionSession | None = None
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
                yield SourceView(id="source")
                yield Static("", id="status", markup=False)
                yield Splitter(vertical=False, id="panels-splitter")
                yield from self.compose_panels()
        with Horizontal(id="loading"):
            yield Label("Loading", id="loading-label")
            yield ProgressBar(id="loading-bar", show_eta=False)
        yield Footer()

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

    def on_mount(self) -> None:
        self.apply_layout()
        # Start in the tree, not the filter box, so single-key bindings such as ? work at once.
        self.query_one(SolutionTree).focus()
        self.load()

    # -- loading ----------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load")
    def load(self) -> None:
        """Open the solution; search as soon as the last load's index can answer, everything once MSBuild
        is done. The diagnostics come after, in the background (``load_diagnostics``)."""
        try:
            from engine.workspace.solution_file import resolve_target

            trust = decide(resolve_target(self.path).path) if self.restricted else NAMED_BY_USER
            session = open_session(self.path, trust=trust)
            if not session.restricted and session.early_index() is not None:
                self.call_from_thread(self._searchable, session)
            session.load(lambda p: self.call_from_thread(self._progress, p))
        except EngineError as error:
            self.call_from_thread(self._load_failed, error)
            return
        structure = session.run(queries.project_structure, True)
        self.call_from_thread(self._loaded, session, structure)
        if not session.restricted:
            self.call_from_thread(self.load_diagnostics)

    def _searchable(self, session: SolutionSession) -> None:
        """The solution still loads, but its last load's index answers symbol search (and opens files)."""
        if self.session is None:
            self.session = session
            self.query_one("#status", Static).update("Loading…  ctrl+t searches already (from the last load's index)")

    @work(thread=True, exclusive=True, group="diagnostics")
    def load_diagnostics(self) -> None:
        """The solution's diagnostics, with a spinner on their tab meanwhile: everything else works."""
        assert self.session is not None
        spinner = self.call_from_thread(self._spin, "diagnostics", "Diagnostics")
        try:
            view = self.session.run(queries.diagnostics, timeout=900)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Diagnostics", severity="warning")
            return
        finally:
            self.call_from_thread(self._stop_spinning, spinner, "diagnostics", "Diagnostics")
        self.call_from_thread(self.query_one("#diagnostics-panel", ListPanel).show, view)
        assert self.session.report is not None
        # The projects that do not compile, from the diagnostics just computed: the same list as
        # workspace_problems, without compiling it all again.
        load = self.session.report.diagnostics
        found = sorted(
            [*load, *compile_problems(str(self.session.root), view.items)], key=lambda p: p.severity != "error"
        )
        problems = ProblemList(str(self.session.root), tuple(found), compile_checked=True)
        self.call_from_thread(self.query_one("#problems-panel", InfoPanel).show, problems)

    def _spin(self, tab: str, label: str) -> Any:
        frames = iter(itertools.cycle("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"))
        content = self.query_one(TabbedContent)

        def tick() -> None:
            content.get_tab(tab).label = f"{label} {next(frames)}"

        tick()
        return self.set_interval(0.1, tick)

    def _stop_spinning(self, timer: Any, tab: str, label: str) -> None:
        timer.stop()
        self.query_one(TabbedContent).get_tab(tab).label = label

    def _progress(self, progress: LoadProgress) -> None:
        bar = self.query_one("#loading-bar", ProgressBar)
        bar.update(total=max(progress.total, 1), progress=progress.index)
        self.query_one("#loading-label", Label).update(
            f"{progress.phase} {progress.project} ({progress.index} of {progress.total})"
        )

    def _load_failed(self, error: EngineError) -> None:
        self.query_one("#loading").display = False
        source = self.query_one(SourceView)
        source.load_text(f"Could not open {self.path.name}.\n\n{error.message}\n{error.hint}")
        self.query_one("#status", Static).update(f"load failed: {error.message}")
        self.notify(error.describe(), title="Load failed", severity="error", timeout=30)

    def _loaded(self, session: SolutionSession, structure: Any) -> None:
        self.session = session
        self.query_one("#loading").display = False
        self.query_one(SolutionTree).show(structure)
        panel = self.query_one("#diagnostics-panel", ListPanel)
        panel.border_title = "Diagnostics need a trusted solution." if session.restricted else "Diagnostics: computing…"
        if session.restricted:
            self.sub_title = f"{self.path.name} (restricted: syntax only)"
            self.notify(
                "Opened restricted: nothing from this solution runs. ctrl+p 'Trust this solution' to load it fully.",
                severity="warning",
                timeout=15,
            )
        assert session.report is not None
        summary = LoadSummary(str(session.root), session.report, show_time=False)
        self.query_one("#info-panel", InfoPanel).show(summary)
        self.query_one("#status", Static).update(
            f"{len(structure.items)} projects loaded.  ctrl+t search a symbol   ? help"
        )
        problems = ProblemList(str(session.root), session.report.diagnostics, compile_checked=False)
        self.query_one("#problems-panel", InfoPanel).show(problems)
        if session.report.diagnostics:
            self.notify(
                f"{headline(session.report.diagnostics)} while loading: see the Problems tab.",
                severity="warning",
                timeout=10,
            )

    # -- navigation -------------------------------------------------------------------------------

    def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None:
        if self.session is None:
            return
        self.session.prefer(location.path)
        try:
            text = self._file_lines(location.path)
        except EngineError as error:
            self.notify(error.describe(), severity="error")
            return
        source = self.query_one(SourceView)
        if remember and source.path is not None:
            # Back returns to where the cursor was when the user left, not where the file was opened.
            self.history.move(Place(source.path, *source.position))
        fresh = reload or source.path != location.path
        source.show(location.path, "\n".join(text), location.line, location.column, reload=reload)
        source.focus()
        if fresh and self.session.is_loaded:
            self.classify(location.path)
        if remember:
            self.history.visit(Place(location.path, location.line, location.column))
        self.recent_files = [location.path, *(p for p in self.recent_files if p != location.path)][:50]
        self.query_one(SolutionTree).reveal(location.path)
        self._file_header = self._header_of(location.path)
        self.query_one("#file-header", Static).update(self._file_header)
        self.update_status()

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
        if tree.structure is not None:
            tree.show(tree.structure, event.value)

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
            text = f"{self.session.snapshot().relative(path)}:{line}:{column}"
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
        self.query_one(f"#{panel}-panel").show(view)  # type: ignore[attr-defined]
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
                view = self.session.run(queries.call_hierarchy, ref, direction=direction, depth=1)
                nodes = view.incoming if direction == "incoming" else view.outgoing
                self.call_from_thread(panel.add_calls, node, nodes)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")

    # -- editing ----------------------------------------------------------------------------------

    def action_code_actions(self) -> None:
        """The actions at the chosen diagnostic (when the Diagnostics panel has focus), else at the cursor."""
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        focused = self.focused
        if isinstance(focused, ListPanel) and focused.id == "diagnostics-panel" and focused.highlighted is not None:
            item = focused.item_at(focused.highlighted)
            if item is not None and item.location is not None:
                at = item.location
                self.list_code_actions(at.path, at.line, at.column, at.end_line, at.end_column, item.id)
                return
        source = self.query_one(SourceView)
        if source.path is None:
            self.notify("Open a file first (solution tree, ctrl+t or a panel item).", severity="warning")
            return
        span = source.selected_span
        if span is not None:
            self.list_code_actions(source.path, *span, None)
        else:
            self.list_code_actions(source.path, *source.position, None, None, None)

    @work(thread=True, exclusive=True, group="edit")
    def list_code_actions(
        self, path: str, line: int, column: int, end_line: int | None, end_column: int | None, diagnostic: str | None
    ) -> None:
        assert self.session is not None
        session = self.session
        try:
            actions = editing.code_actions(session, path, line, column, end_line, end_column, diagnostic)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        if not actions.items:
            self.call_from_thread(self.notify, "No code actions here.", timeout=3)
            return

        def chosen(item: Any) -> None:
            if item is not None:
                self.preview_edit(
                    lambda: editing.apply_code_action(session, item.id),
                    lambda token: editing.apply_code_action(session, apply=True, preview_token=token),
                )

        self.call_from_thread(self.push_screen, CodeActionsScreen(actions), chosen)

    def action_rename(self) -> None:
        """Ask for the new name at once (keys typed next go to the prompt); the engine resolves the
        symbol at the cursor when the rename is previewed."""
        ref = self.cursor_symbol()
        if ref is None or self.session is None:
            return
        name = self.query_one(SourceView).word_at_cursor()
        if not name:
            self.notify("Put the cursor on a name to rename.", severity="warning", timeout=4)
            return
        session = self.session

        def named(new_name: str | None) -> None:
            if new_name:
                self.preview_edit(
                    lambda: editing.rename_symbol(session, ref, new_name),
                    lambda token: editing.rename_symbol(session, ref, new_name, apply=True, preview_token=token),
                )

        prompt = RenameScreen(f"'{name}'", name)
        self.push_screen(prompt, named)
        self.name_rename_target(ref, prompt)

    @work(thread=True, group="rename-target")
    def name_rename_target(self, ref: SymbolRef, prompt: RenameScreen) -> None:
        """The prompt names the symbol as the engine resolves it: its kind and signature (the overload)."""
        assert self.session is not None
        try:
            symbol = self.session.run(queries.go_to_definition, ref).symbol
        except EngineError:
            return
        if prompt.is_attached:
            self.call_from_thread(prompt.name_symbol, f"{symbol.kind} {symbol.display}")

    def action_organize_usings(self) -> None:
        self._file_edit(editing.organize_usings)

    def action_format_document(self) -> None:
        self._file_edit(editing.format_document)

    def _file_edit(self, edit: Callable[..., Any]) -> None:
        """Preview ``edit`` (organize usings, format) on the file in the source view."""
        source = self.query_one(SourceView)
        if self.session is None or source.path is None:
            self.notify("Open a file first (solution tree, ctrl+t or a panel item).", severity="warning")
            return
        session, path = self.session, source.path
        self.preview_edit(
            lambda: edit(session, path),
            lambda token: edit(session, path, apply=True, preview_token=token),
        )

    @work(thread=True, exclusive=True, group="edit")
    def preview_edit(self, make: Callable[[], Any], write: Callable[[str], Any]) -> None:
        """Show an edit's diff; write it if the user applies it."""
        try:
            preview = make()
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning", timeout=10)
            return
        if not preview.files and not preview.problems:
            self.call_from_thread(self.notify, f"{preview.title}: nothing to change.", timeout=4)
            return

        def decided(apply: bool | None) -> None:
            if apply:
                self.write_edit(write, preview.preview_token)

        self.call_from_thread(self.push_screen, DiffScreen(preview), decided)

    @work(thread=True, exclusive=True, group="edit")
    def write_edit(self, write: Callable[[str], Any], token: str) -> None:
        try:
            applied = write(token)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Not applied", severity="error", timeout=15)
            return
        self.call_from_thread(self.notify, applied.render().splitlines()[0], title="Applied", timeout=5)
        self.call_from_thread(self._reload_source)
        self.refresh_panels()

    def action_undo_edit(self) -> None:
        if self.session is not None:
            self.undo_edit()

    @work(thread=True, exclusive=True, group="edit")
    def undo_edit(self) -> None:
        """Put back the files of the last applied edit (any tool's), as ``undo_edit`` does over MCP."""
        try:
            undone = editing.undo_edit(self.session)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), title="Not undone", severity="warning", timeout=10)
            return
        self.call_from_thread(self.notify, undone.render().splitlines()[0], title="Undone", timeout=5)
        self.call_from_thread(self._reload_source)
        self.refresh_panels()

    def _reload_source(self) -> None:
        source = self.query_one(SourceView)
        if source.path is None:
            return
        line, column = source.position
        if Path(source.path).exists():
            self.open_location(Location(source.path, line, column, line, column), remember=False, reload=True)

    @work(thread=True, exclusive=True, group="refresh")
    def refresh_panels(self) -> None:
        """Run every panel's last query again (and the diagnostics) on the snapshot that has the edit."""
        assert self.session is not None
        queries_to_run = {**self._panel_queries, "diagnostics": (queries.diagnostics, (), {})}
        for panel, (query, args, kwargs) in queries_to_run.items():
            try:
                view = self.session.run(query, *args, **kwargs)
            except EngineError:  # the symbol a panel showed may be gone (renamed): keep the old answer
                continue
            self.call_from_thread(self._show_panel, panel, view)

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

    def action_back(self) -> None:
        self._remember_cursor()
        self._go(self.history.back())

    def action_forward(self) -> None:
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

    def action_trust_solution(self) -> None:
        """Remember that the user trusts this solution, and load it fully (MSBuild, analyzers, generators)."""
        if self.session is None or not self.session.restricted:
            self.notify("This solution is already trusted.", timeout=3)
            return
        grant(self.session.target.path)
        self.session = None
        self.sub_title = self.path.name
        self.query_one("#loading").display = True
        self.load()

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
        for key, title, action in (
            ("ctrl+t", "Search symbols", self.action_search_symbols),
            ("f12", "Go to definition", self.action_go_to_definition),
            ("shift+f12", "Find references", self.action_find_references),
            ("ctrl+f12", "Find implementations", self.action_find_implementations),
            ("f6", "Type hierarchy", self.action_type_hierarchy),
            ("f7", "Call hierarchy", self.action_call_hierarchy),
            ("ctrl+. / f4", "Code actions", self.action_code_actions),
            ("f2", "Rename symbol", self.action_rename),
            ("", "Organize usings", self.action_organize_usings),
            ("", "Format document", self.action_format_document),
            ("", "Undo the last applied edit", self.action_undo_edit),
            ("f8", "Next diagnostic", self.action_next_diagnostic),
            ("f9", "Tests reaching the symbol", self.action_find_tests),
            ("f5", "Run tests", self.action_run_tests),
            ("ctrl+b", "Build the solution", self.action_build),
            ("ctrl+k", "Stack trace", self.action_stack_trace),
            ("ctrl+r", "C# REPL", self.action_repl),
            ("ctrl+o", "Go to file", self.action_go_to_file),
            ("ctrl+g", "Go to line", self.action_go_to_line),
            ("ctrl+f", "Find in file", self.action_find_in_file),
            ("f10", "Maximise the source or the panels (again: back)", self.action_toggle_maximize),
            ("alt+left", "Back", self.action_back),
            ("alt+right", "Forward", self.action_forward),
            ("?", "Help: every key", self.action_help),
        ):
            unbound = _UNBOUND_HELP.get(title, f"{title} (in the open file, with a diff first)")
            yield SystemCommand(title, f"{title} ({key})" if key else unbound, action)
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

    async def run_in_thread(self, work_function: Callable[[], Any]) -> Any:
        return await asyncio.to_thread(work_function)
