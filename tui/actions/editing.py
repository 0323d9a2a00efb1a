"""The app's edits: code actions, rename, organize usings and format, each a diff first and written
only on Apply; undo; and the source and panels computed again after a write."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work

from engine import CodeActionItem, EngineError, Location, SymbolRef, editing, queries
from shared_engine.session import Session

from ..screens.edits import CodeActionsScreen, DiffScreen, PromptScreen, RenameScreen
from ..widgets.panels import ListPanel
from ..widgets.source_view import SourceView
from .base import AppMixin


class EditingActions(AppMixin):
    """Mixed into ``RoslynTui``: ctrl+. / f4, f2, the palette's edits and undo."""

    session: Session | None

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

        def cursor_symbol(self) -> SymbolRef | None: ...

        def _show_panel(self, panel: str, view: Any) -> None: ...

        _panel_queries: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]]

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
            actions = session.call(editing.code_actions, path, line, column, end_line, end_column, diagnostic)
        except EngineError as error:
            self.call_from_thread(self.notify, error.describe(), severity="warning")
            return
        asked = self._refactorings_asking(path, line, column) if diagnostic is None else {}
        if asked:
            extra = tuple(CodeActionItem(key, title, "refactoring") for key, (title, _) in asked.items())
            actions = dataclasses.replace(actions, items=actions.items + extra, total=actions.total + len(extra))
        if not actions.items:
            self.call_from_thread(self.notify, "No code actions here.", timeout=3)
            return

        def chosen(item: Any) -> None:
            if item is None:
                return
            if item.id in asked:
                asked[item.id][1]()
                return
            self.preview_edit(
                lambda: session.call(editing.apply_code_action, item.id),
                lambda token: session.call(editing.apply_code_action, apply=True, preview_token=token),
            )

        self.call_from_thread(self.push_screen, CodeActionsScreen(actions), chosen)

    def _refactorings_asking(self, path: str, line: int, column: int) -> dict[str, tuple[str, Callable[[], None]]]:
        """Change signature (on a method) and extract interface (on a class or struct): the refactorings
        whose answers Roslyn's IDE asks in a dialog, asked here in a prompt. Id -> title, what to do."""
        assert self.session is not None
        session = self.session
        ref = SymbolRef(file=path, line=line, column=column)
        try:
            info = session.run(queries.symbol_info, ref)
        except EngineError:
            return {}
        if not info.symbol.in_source:
            return {}
        target = SymbolRef(name=info.symbol.documentation_id)
        if info.symbol.kind in ("method", "constructor"):
            current = ", ".join(parameter.name for parameter in info.parameters)

            def change() -> None:
                def answered(text: str | None) -> None:
                    if text is not None:
                        parts = [part.strip() for part in text.split(",") if part.strip()]
                        self.preview_edit(
                            lambda: session.call(editing.change_signature, target, parts),
                            lambda token: session.call(
                                editing.change_signature, target, parts, apply=True, preview_token=token
                            ),
                        )

                self.push_screen(
                    PromptScreen(
                        f"Change the signature of {info.symbol.display}",
                        current,
                        "the parameters in their new order: name (keep), name as new (rename), "
                        "Type name = default, Type name: value (add); left out: removed",
                    ),
                    answered,
                )

            return {"tui:change_signature": ("Change signature…", change)}
        if info.symbol.kind in ("class", "struct", "record", "record struct"):

            def extract() -> None:
                def answered(name: str | None) -> None:
                    if name is not None:
                        self.preview_edit(
                            lambda: session.call(editing.extract_interface, target, None, name),
                            lambda token: session.call(
                                editing.extract_interface, target, None, name, apply=True, preview_token=token
                            ),
                        )

                self.push_screen(
                    PromptScreen(
                        f"Extract an interface from {info.symbol.display}",
                        f"I{info.symbol.name}",
                        "the interface's name: every public member goes in it, into <name>.cs beside the type",
                    ),
                    answered,
                )

            return {"tui:extract_interface": ("Extract interface…", extract)}
        return {}

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
                    lambda: session.call(editing.rename_symbol, ref, new_name),
                    lambda token: session.call(editing.rename_symbol, ref, new_name, apply=True, preview_token=token),
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
            lambda: session.call(edit, path),
            lambda token: session.call(edit, path, apply=True, preview_token=token),
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
        # A project edit's notes say what it changed (restore, versions, errors added and gone).
        said = "\n".join([applied.render().splitlines()[0], *applied.notes[:4]])
        self.call_from_thread(self.notify, said, title="Applied", timeout=10 if applied.notes else 5)
        self.call_from_thread(self._reload_source)
        self.refresh_panels()

    def action_undo_edit(self) -> None:
        if self.session is not None:
            self.undo_edit()

    @work(thread=True, exclusive=True, group="edit")
    def undo_edit(self) -> None:
        """Put back the files of the last applied edit (any tool's), as ``undo_edit`` does over MCP."""
        assert self.session is not None
        try:
            undone = self.session.call(editing.undo_edit)
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
