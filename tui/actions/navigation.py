"""Moving through the code by symbol: the status line's member at the cursor, the symbol at the cursor,
search, go to definition, the panels' queries (references, implementations, hierarchies, calls) and
their trees' expansion, the next diagnostic, back and forward."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import Static, TabbedContent, Tree

from engine import EngineError, Location, SymbolRef, SymbolSummary, incomplete, is_library_file, queries, relative_path
from shared_engine.session import Session

from ..history import History, Place
from ..screens.search import SymbolSearchScreen
from ..widgets.panels import ListPanel, MoreCallers, TreePanel
from ..widgets.source_view import SourceView
from .base import AppMixin

CALLERS_PAGE = 200
"""Callers shown at once in the call hierarchy; a last node stands for the rest and loads them when expanded."""


class NavigationActions(AppMixin):
    """Mixed into ``RoslynTui``: f12, shift+f12, ctrl+f12, f6, f7, f8, ctrl+t, back and forward."""

    session: Session | None
    history: History
    find_note: Any
    _file_header: str
    _diagnostic_index: int
    _panel_queries: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]]

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

        def open_symbol(self, symbol: SymbolSummary) -> None: ...

        def action_code_lens(self) -> None: ...

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
