"""A flame graph of a profile drawn as an icicle: the outermost calls on the top row, each member a block
as wide as its share of the time, what it called under it; the solution's members only (a library's time
is its caller's). A click on a block opens the member's source."""

from __future__ import annotations

import zlib

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.widget import Widget

from engine import FlameNode, Location

from .panels import LocationChosen

_COLOURS = ("#d9733b", "#e0a03a", "#c9543a", "#dd8a4d", "#b8663a", "#e3b05a")
"""Warm colours, one chosen per member by its name, so a member keeps its colour where it recurs."""


class FlameGraph(Widget, can_focus=True):
    DEFAULT_CSS = "FlameGraph { height: auto; min-height: 3; }"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.nodes: tuple[FlameNode, ...] = ()
        self._blocks: list[tuple[int, int, int, FlameNode]] = []
        """(row, first column, last column, node) of each block drawn."""

    def show(self, nodes: tuple[FlameNode, ...]) -> None:
        self.nodes = nodes
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(self._depth(self.nodes), 1)

    def _depth(self, nodes: tuple[FlameNode, ...]) -> int:
        return 1 + max((self._depth(n.children) for n in nodes), default=0) if nodes else 0

    def render(self) -> Text:
        width = max(self.size.width, 1)
        total = sum(n.ms for n in self.nodes) or 1.0
        rows: list[list[tuple[int, int, FlameNode]]] = []
        self._lay_out(self.nodes, 0, 0.0, width / total, rows)
        self._blocks = [(row, start, end, node) for row, blocks in enumerate(rows) for start, end, node in blocks]
        text = Text()
        for row, blocks in enumerate(rows):
            line = Text(" " * width)
            for start, end, node in blocks:
                span = end - start
                label = f" {node.display} {node.ms:.0f} ms"[:span].ljust(span)
                colour = _COLOURS[zlib.crc32(node.display.encode()) % len(_COLOURS)]
                line = line[:start] + Text(label, Style(color="black", bgcolor=colour)) + line[end:]
            text.append(line)
            if row < len(rows) - 1:
                text.append("\n")
        return text if rows else Text("No time was spent in the solution's code.")

    def _lay_out(
        self,
        nodes: tuple[FlameNode, ...],
        row: int,
        left: float,
        scale: float,
        rows: list[list[tuple[int, int, FlameNode]]],
    ) -> None:
        for node in nodes:
            start, end = round(left), round(left + node.ms * scale)
            if end > start:
                while len(rows) <= row:
                    rows.append([])
                rows[row].append((start, end, node))
                self._lay_out(node.children, row + 1, left, scale, rows)
            left += node.ms * scale

    def node_at(self, x: int, y: int) -> FlameNode | None:
        return next((node for row, start, end, node in self._blocks if row == y and start <= x < end), None)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        node = self.node_at(offset.x, offset.y) if offset is not None else None
        if node is not None and node.location is not None:
            location: Location = node.location
            self.post_message(LocationChosen(location))
