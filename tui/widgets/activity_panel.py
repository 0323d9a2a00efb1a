"""The Activity panel: each request an assistant makes of the shared engine, as it happens."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine import plural

MOST_SHOWN = 500
"""Rows kept; the oldest go first (the engine keeps its own backlog for a panel that attaches late)."""
_ARGUMENT_CHARACTERS = 60


@dataclass(frozen=True)
class ActivityAnswer:
    """An event's answer as the Info tab shows it (``render()``, as every view)."""

    event: dict[str, Any]

    def render(self) -> str:
        head = f"{self.event.get('tool', '?')}({arguments_text(self.event)})  {self.event.get('ms', 0):.0f} ms"
        return f"{head}\n\n{self.event.get('text') or self.event.get('summary', '')}"


def arguments_text(event: dict[str, Any]) -> str:
    parts = []
    for name, value in (event.get("arguments") or {}).items():
        shown = value if isinstance(value, str) else repr(value)
        if len(shown) > _ARGUMENT_CHARACTERS:
            shown = shown[: _ARGUMENT_CHARACTERS - 1] + "…"
        parts.append(f"{name}={shown}")
    return ", ".join(parts)


def row_text(event: dict[str, Any]) -> str:
    at = time.strftime("%H:%M:%S", time.localtime(float(event.get("at", 0))))
    mark = "✗" if event.get("error") else "→"
    return f"{at}  {event.get('tool', '?')}({arguments_text(event)})  {mark} {event.get('summary', '')}  ({event.get('ms', 0):.0f} ms)"


class ActivityChosen(Message):
    def __init__(self, event: dict[str, Any]) -> None:
        super().__init__()
        self.event = event


class ActivityPanel(OptionList):
    """One row per request, the latest last; enter opens what it was about and shows its answer."""

    def __init__(self, empty: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.empty = empty
        self.border_title = empty
        self.events: list[dict[str, Any]] = []

    def add_event(self, event: dict[str, Any]) -> None:
        following = self.highlighted is None or self.highlighted == len(self.events) - 1
        self.events.append(event)
        self.add_option(Option(row_text(event)))
        if len(self.events) > MOST_SHOWN:
            self.events.pop(0)
            self.remove_option_at_index(0)
        self.border_title = f"Activity: {plural(len(self.events), 'request')} from the assistant (f follows)"
        if following:  # stay on the latest unless the person moved up to read
            self.highlighted = len(self.events) - 1

    def plain_text(self) -> str:
        return "\n".join([str(self.border_title), *(row_text(event) for event in self.events)])

    def on_option_list_option_selected(self, selected: OptionList.OptionSelected) -> None:
        selected.stop()
        self.post_message(ActivityChosen(self.events[selected.option_index]))
