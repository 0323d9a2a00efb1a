"""Following an assistant that works on the same solution: the app watches the solution's shared engine
(``shared_engine.watch``) and lists each request the assistant makes in the Activity tab; ``f`` follows
it (the source view opens what each request was about, the Info tab shows the answer), and with approval
on (``alt+a``, or ``ROSLYN_APPROVE_WRITES=1``) the assistant's writes wait for the person here."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.widgets import Static, TabbedContent

from engine import Location, SymbolRef, resolve_target
from shared_engine import protocol
from shared_engine.session import Session
from shared_engine.watch import EngineWatch

from ..screens.approve_write import ApproveWriteScreen
from ..widgets.activity_panel import ActivityAnswer, ActivityChosen, ActivityPanel
from ..widgets.panels import InfoPanel
from .base import AppMixin, on_app_thread


class ActivityActions(AppMixin):
    """Mixed into ``RoslynTui``: the engine watch, the Activity tab, follow and approval."""

    path: Path
    session: Session | None

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

        go_to: Callable[[SymbolRef], Any]

    engine_watch: EngineWatch | None = None
    following = False
    approving = False
    _asking: ApproveWriteScreen | None = None

    def watch_shared_engine(self) -> None:
        """Attach to the solution's shared engine whenever one runs (never start one: the app loads its own)."""
        if not protocol.enabled() or self.engine_watch is not None:
            return
        self.approving = protocol.approval_asked()
        try:
            solution = str(resolve_target(self.path).path)
        except Exception:  # the load reports a bad path; there is nothing to watch
            return
        self.engine_watch = EngineWatch(
            solution,
            on_event=lambda event: self._from_watch(self._engine_event, event),
            on_attached=lambda pid: self._from_watch(self._engine_attached, pid),
            approves=self.approving,
        )
        self.engine_watch.start()

    def stop_watching_engine(self) -> None:
        if self.engine_watch is not None:
            self.engine_watch.stop()

    def _from_watch(self, handler: Any, value: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the app has closed; the watch thread stops on its own
            on_app_thread(self, handler, value)

    def _engine_attached(self, pid: int | None) -> None:
        panel = self.query_one("#activity-panel", ActivityPanel)
        if pid is None:
            panel.border_title = "Activity: the shared engine stopped; waiting for the next one"
        elif not panel.events:
            panel.border_title = f"Activity: watching the shared engine (pid {pid}); no request yet"

    def _engine_event(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "activity":
            self.query_one("#activity-panel", ActivityPanel).add_event(event)
            if self.following:
                self.follow(event)
        elif kind == "approve":
            self._ask_approval(event)
        elif kind == "decided" and self._asking is not None and self._asking.request.get("id") == event.get("id"):
            self._asking.dismiss(None)
            verdict = "accepted" if event.get("accepted") else "rejected (or its time ran out)"
            self.notify(f"The assistant's write was {verdict} elsewhere.", severity="warning")

    def follow(self, event: dict[str, Any]) -> None:
        """Open what ``event`` was about and show its answer in the Info tab."""
        self.query_one("#info-panel", InfoPanel).show(ActivityAnswer(event))
        where = event.get("where") or {}
        if isinstance(where.get("file"), str) and self.session is not None:
            path = Path(where["file"])
            if not path.is_absolute():
                path = Path(where.get("root") or self.session.root) / path
            line = max(where.get("line") or 1, 1)
            column = max(where.get("column") or 1, 1)
            self.open_location(Location(str(path), line, column, line, column))
        elif isinstance(where.get("symbol"), str) and self.session is not None:
            self.go_to(SymbolRef(name=where["symbol"]))

    def on_activity_chosen(self, chosen: ActivityChosen) -> None:
        self.follow(chosen.event)
        self.query_one("#panels", TabbedContent).active = "info"

    def action_toggle_follow(self) -> None:
        self.following = not self.following
        panel = self.query_one("#activity-panel", ActivityPanel)
        if self.following:
            self.query_one("#panels", TabbedContent).active = "activity"
            if panel.events:
                self.follow(panel.events[-1])
        state = "on: the source view opens what the assistant looks at" if self.following else "off"
        self.notify(f"Following the assistant {state}.")

    def action_toggle_approval(self) -> None:
        self.approving = not self.approving
        if self.engine_watch is not None:
            self.engine_watch.set_approval(self.approving)
        attached = self.engine_watch is not None and self.engine_watch.attached
        where = "" if attached else " (no shared engine is attached yet: it applies once one is)"
        state = "on: its writes wait for you here" if self.approving else "off"
        self.notify(f"Approving the assistant's writes {state}{where}.")
        self.query_one("#status", Static).refresh()

    def _ask_approval(self, request: dict[str, Any]) -> None:
        screen = ApproveWriteScreen(request)

        def decided(answer: tuple[bool, str] | None) -> None:
            self._asking = None
            if answer is not None and self.engine_watch is not None:
                accepted, reason = answer
                self.engine_watch.decide(int(request["id"]), accepted, reason)

        self._asking = screen
        self.push_screen(screen, decided)
