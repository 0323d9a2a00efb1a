"""The C# REPL screen: an input with C# highlighting and history, the results of each submission
(value, output, diagnostics pointing into the input), a context picker and a reset. Code runs in the
engine's worker processes, never in this one; shift+f5 stops what runs (its context ends) before the
time limit would."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.syntax import Syntax
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, Label, RichLog, Select, TextArea

from engine import (
    EngineError,
    Evaluation,
    Location,
    cancel_thread,
    confinement,
    consent,
    diagnostic_lines,
    ensure_runtime,
    export_app,
    is_complete,
    repl,
    runtime,
)
from shared_engine.session import Session

from ..bindings import REPL_BINDINGS
from ..widgets.footer import FittingFooter
from ..widgets.source_view import HIGHLIGHTS, csharp_language
from .goto import AppPathScreen
from .profile import ProfileScreen


class ReplHistory:
    """What was submitted, oldest first, walked with up and down; kept by the app across visits."""

    def __init__(self) -> None:
        self.entries: list[str] = []
        self.position = 0

    def add(self, code: str) -> None:
        if not self.entries or self.entries[-1] != code:
            self.entries.append(code)
        self.position = len(self.entries)

    def older(self) -> str | None:
        if self.position == 0:
            return None
        self.position -= 1
        return self.entries[self.position]

    def newer(self) -> str:
        self.position = min(self.position + 1, len(self.entries))
        return self.entries[self.position] if self.position < len(self.entries) else ""


class ReplInput(TextArea):
    """Enter runs a complete submission (Roslyn decides) and adds a line otherwise; up on the first
    line and down on the last walk the history."""

    class Submitted(Message):
        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    def __init__(self, history: ReplHistory, complete: Callable[[str], bool], **kwargs: Any) -> None:
        super().__init__("", soft_wrap=True, show_line_numbers=False, **kwargs)
        self.submissions = history
        self.complete = complete
        """Whether code is a whole submission (Roslyn's answer, where the session lives)."""
        self.cursor_blink = False
        language = csharp_language()
        if language is not None:
            self.register_language("csharp", language, HIGHLIGHTS.read_text(encoding="utf-8"))
            self.language = "csharp"

    async def _on_key(self, event: events.Key) -> None:
        row = self.cursor_location[0]
        if event.key == "enter" and self.complete(self.text):
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self.text))
            return
        if event.key == "up" and row == 0:
            older = self.submissions.older()
            if older is not None:
                event.stop()
                event.prevent_default()
                self._replace(older)
            return
        if event.key == "down" and row == self.document.line_count - 1 and self.submissions.entries:
            event.stop()
            event.prevent_default()
            self._replace(self.submissions.newer())
            return
        await super()._on_key(event)

    def _replace(self, code: str) -> None:
        self.load_text(code)
        self.move_cursor(self.document.end)


class ReplScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [*REPL_BINDINGS]
    DEFAULT_CSS = """
    ReplScreen #repl-bar { height: 3; padding: 0 1; }
    ReplScreen #repl-bar Select { width: 30; }
    ReplScreen #repl-bar Label { padding: 1 1; color: $text-muted; }
    ReplScreen #repl-log { height: 1fr; border: round $primary; padding: 0 1; }
    ReplScreen #repl-input { height: 7; border: round $accent; }
    """

    def __init__(self, session: Session | None, history: ReplHistory, context: str = repl.DEFAULT_CONTEXT) -> None:
        super().__init__()
        self.session = session
        self.history = history
        self.context = context
        self.contexts = [context]
        self.reference_solution = session is not None and not session.restricted
        self._evaluating: set[int] = set()
        """The worker threads waiting for an evaluation (what shift+f5 stops)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="repl-bar"):
            yield Select([(c, c) for c in self.contexts], value=self.context, allow_blank=False, id="repl-context")
            yield Checkbox("Reference the solution", self.reference_solution, id="repl-solution")
            yield Label("enter: run   up/down: history", id="repl-hint")
        yield RichLog(id="repl-log", wrap=True, markup=False, highlight=False)
        yield ReplInput(self.history, self._complete, id="repl-input")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one(ReplInput).focus()
        self.introduce()

    def _complete(self, code: str) -> bool:
        if not code.strip():
            return False
        if self.session is None:
            ensure_runtime()  # Roslyn's parser, here: no session (and no engine) to ask yet
        return bool(self._engine(is_complete, code))

    def _engine(self, function: Any, *args: Any, **kwargs: Any) -> Any:
        """``function`` where the solution's session lives (the shared engine's contexts are its own)."""
        if self.session is not None:
            return self.session.call_plain(function, *args, **kwargs)
        return function(*args, **kwargs)

    @work(thread=True, group="repl-info")
    def introduce(self) -> None:
        allowed, why = self._engine(consent.decide, self.session)
        if allowed:
            self._engine(repl.prepare, self.session)  # a warm worker for the first submission
        limits = self._engine(repl.limits)
        intro = (
            "C# REPL: statements, or an expression without ';' to see its value. Each context is a separate "
            f"process ({limits.time_seconds:g} s, {limits.memory_mb} MB)."
        )
        lines = [Text(intro, style="bold")]
        confined = confinement()
        lines.append(
            Text(confined.describe(limits.network).capitalize() + ".", style="" if confined.active else "yellow")
        )
        if not allowed:
            refusal = f"Code does not run yet: {why}. Press ctrl+a to allow the REPL until you quit."
            lines.append(Text(refusal, style="bold yellow"))
        self.app.call_from_thread(self._write, lines)

    def _write(self, lines: list[Any]) -> None:
        log = self.query_one(RichLog)
        width = log.scrollable_content_region.width
        for line in lines:
            # The log's own measure uses the console's width (80 in some terminals): wrap at the panel's.
            log.write(line, width=width if width > 20 else None)

    # -- running ----------------------------------------------------------------------------------

    def on_repl_input_submitted(self, event: ReplInput.Submitted) -> None:
        self._submit(event.code)

    def action_run(self) -> None:
        self._submit(self.query_one(ReplInput).text)

    def _submit(self, code: str) -> None:
        if not code.strip():
            return
        self.history.add(code)
        self.query_one(ReplInput).load_text("")
        self._write([Text(f"[{self.context}]", style="dim"), Syntax(code, "csharp", theme="ansi_dark", word_wrap=True)])
        self.evaluate(code, self.context, self.reference_solution)

    def action_profile(self) -> None:
        """f6: the input run under the profiler, in this context, shown as the Profile screen."""
        code = self.query_one(ReplInput).text
        if not code.strip() or self.session is None:
            self.app.notify("Write code to profile, with a solution loaded.", title="Profile")
            return
        self.history.add(code)
        self.query_one(ReplInput).load_text("")
        self._write(
            [Text(f"[{self.context}] profiled", style="dim"), Syntax(code, "csharp", theme="ansi_dark", word_wrap=True)]
        )
        session, context = self.session, self.context
        screen = ProfileScreen(
            session,
            ask=lambda: session.call_plain(runtime.profile_repl, code, context, session, True),
            waiting="Running the code under the profiler…",
        )

        def chosen(location: Location | None) -> None:
            if screen.report is not None:
                self._write([Text(screen.report.render().splitlines()[0], style="dim")])
            if location is not None:
                self.dismiss()
                self.app.open_location(location)  # type: ignore[attr-defined]

        self.app.push_screen(screen, chosen)

    @work(thread=True, exclusive=False, group="repl")
    def evaluate(self, code: str, context: str, reference_solution: bool) -> None:
        self._evaluating.add(threading.get_ident())
        self.app.call_from_thread(self.refresh_bindings)
        try:
            reference = reference_solution and self.session is not None
            result = self._engine(repl.evaluate_csharp, code, context, self.session, reference)
        except EngineError as error:
            self.app.call_from_thread(self._write, [Text(error.describe(), style="bold red")])
            return
        finally:
            self._evaluating.discard(threading.get_ident())
            self.app.call_from_thread(self.refresh_bindings)
        self.app.call_from_thread(self._write, result_lines(result))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return bool(self._evaluating)  # Stop is in the footer only while code runs
        return True

    def action_stop(self) -> None:
        self._write([Text("stopping: the code's context ends", style="dim")])
        self.stop(tuple(self._evaluating))

    @work(thread=True, group="repl-stop")
    def stop(self, threads: tuple[int, ...]) -> None:
        for thread in threads:
            if self.session is None:
                cancel_thread(thread)  # evaluated in this process's engine (no solution)
            else:
                self.session.stop(thread)

    # -- contexts ---------------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "repl-context" and isinstance(event.value, str):
            self.context = event.value
            self.query_one(ReplInput).focus()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.reference_solution = event.value

    def action_toggle_solution(self) -> None:
        checkbox = self.query_one("#repl-solution", Checkbox)
        checkbox.value = not checkbox.value

    def action_new_context(self) -> None:
        number = len(self.contexts) + 1
        while f"ctx-{number}" in self.contexts:
            number += 1
        self.contexts.append(f"ctx-{number}")
        select = self.query_one("#repl-context", Select)
        select.set_options([(c, c) for c in self.contexts])
        select.value = self.contexts[-1]
        self._write([Text(f"context {self.contexts[-1]}: starts with the next submission", style="dim")])

    def action_reset(self) -> None:
        ended = self._engine(repl.reset_repl, self.context)
        self._write([Text(ended.render(), style="dim")])

    def action_export_app(self) -> None:
        """ctrl+e: the context's submissions as one runnable app.cs, built to check it."""
        root = Path(self.session.root) if self.session is not None else Path.cwd()
        initial = str(root / "apps" / f"{self.context}.cs")
        hint = f"enter: write context {self.context} as a file-based app and check it with dotnet build"
        self.app.push_screen(AppPathScreen(initial, hint), self._export)

    def _export(self, path: str | None) -> None:
        if path:
            self._write([Text(f"writing context {self.context} to {path} and building it...", style="dim")])
            self.export(path, self.context)

    @work(thread=True, exclusive=True, group="repl-export")
    def export(self, path: str, context: str) -> None:
        try:
            # The person typed the path: it may lie outside the solution's directory.
            result = self._engine(export_app, path, context, self.session, named_by_user=True)
        except EngineError as error:
            self.app.call_from_thread(self._write, [Text(error.describe(), style="bold red")])
            return
        style = "bold green" if result.builds else "bold yellow"
        self.app.call_from_thread(self._write, [Text(result.render(), style=style)])

    def action_allow(self) -> None:
        self._engine(consent.allow_for_this_process)
        self._engine(repl.prepare, self.session)
        self._write([Text("The REPL may run code until you quit.", style="bold")])


def result_lines(result: Evaluation) -> list[Text]:
    """An evaluation as the log shows it: notes, diagnostics with carets, output, exception, value."""
    lines = [Text(f"note: {notice}", style="dim") for notice in result.notices]
    for line in diagnostic_lines(result.diagnostics):
        lines.append(Text(line, style="red" if "^" in line or line.startswith("error") else "yellow"))
    if result.stdout:
        lines.append(Text(result.stdout.rstrip("\n")))
    if result.stderr:
        lines.append(Text(result.stderr.rstrip("\n"), style="red"))
    if result.exception is not None:
        lines.append(Text(f"{result.exception.type}: {result.exception.message}", style="bold red"))
    if result.value is not None:
        lines.append(Text(f"= {result.value}  ({result.type})", style="bold green"))
    elif result.ran and result.exception is None and not result.stdout:
        lines.append(Text("ok", style="green"))
    return lines
