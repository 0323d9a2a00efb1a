"""Approving an assistant's write: the diff it previewed, accept or reject (with a reason it receives)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static, TextArea

from .edits import MODAL_CSS


class ApproveWriteScreen(ModalScreen[tuple[bool, str] | None]):
    """Dismissed with ``(accepted, reason)``; ``None`` when the engine decided first (another terminal
    app answered, or the time ran out)."""

    DEFAULT_CSS = (
        MODAL_CSS.format(name="ApproveWriteScreen")
        + """
    ApproveWriteScreen #approve-diff { height: 1fr; min-height: 8; }
    ApproveWriteScreen > Vertical { height: 90%; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+y", "accept", "Accept", priority=True),
        Binding("ctrl+n", "reject", "Reject", priority=True),
    ]

    def __init__(self, request: dict[str, Any]) -> None:
        super().__init__()
        self.request = request

    def compose(self) -> ComposeResult:
        files = self.request.get("files") or []
        tool = self.request.get("tool") or "a tool"
        head = (
            f"The assistant's {tool} wants to write {len(files)} file{'s' if len(files) != 1 else ''}. "
            f"ctrl+y writes it; ctrl+n rejects it with the reason typed below "
            f"(no answer within {self.request.get('timeout_s', 300):.0f} s rejects it)."
        )
        with Vertical(id="approve-write"):
            yield Static(head, id="approve-head", classes="title", markup=False)
            diff = TextArea(self.request.get("diff", ""), read_only=True, id="approve-diff", show_line_numbers=False)
            yield diff
            yield Input(placeholder="reason the assistant receives if you reject (optional)", id="approve-reason")

    def on_mount(self) -> None:
        self.query_one("#approve-reason", Input).focus()

    def action_accept(self) -> None:
        self.dismiss((True, ""))

    def action_reject(self) -> None:
        self.dismiss((False, self.query_one("#approve-reason", Input).value.strip()))

    def on_input_submitted(self, submitted: Input.Submitted) -> None:
        submitted.stop()
        self.action_reject()
