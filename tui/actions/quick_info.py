"""The app's quick info action: ``K`` in the source view shows the symbol under the cursor in a popup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work

from engine import EngineError, SymbolInfo, SymbolRef, queries
from shared_engine.session import Session

from ..screens.quick_info import QuickInfoScreen
from .base import AppMixin


class QuickInfoActions(AppMixin):
    """Mixed into ``RoslynTui``: the action behind ``K``."""

    session: Session | None

    if TYPE_CHECKING:

        def cursor_symbol(self) -> SymbolRef | None: ...

        go_to: Callable[[SymbolRef], Any]
        show_query: Callable[..., Any]

    def action_quick_info(self) -> None:
        ref = self.cursor_symbol()
        if ref is not None and self.session is not None:
            self.read_quick_info(ref)

    @work(thread=True, exclusive=True, group="quick-info")
    def read_quick_info(self, ref: SymbolRef) -> None:
        session = self.session
        if session is None:
            return
        try:
            info = session.run(queries.symbol_info, ref)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        self.call_from_thread(self._show_quick_info, info)

    def _show_quick_info(self, info: SymbolInfo) -> None:
        def chosen(action: str | None) -> None:
            ref = SymbolRef(name=info.symbol.documentation_id)
            if action == "definition":
                self.go_to(ref)
            elif action == "references":
                self.show_query("references", queries.find_references, ref)

        self.push_screen(QuickInfoScreen(info), chosen)
