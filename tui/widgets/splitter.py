"""A one-cell bar between two areas that a mouse drag moves: between the tree and the code (its width),
and between the source and the panels (their height). The app keeps the sizes, as its keys do."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widget import Widget


class Splitter(Widget):
    """Drag it to resize; ``vertical`` bars move left and right, the others up and down."""

    DEFAULT_CSS = """
    Splitter { background: $panel; }
    Splitter.vertical { width: 1; height: 1fr; }
    Splitter.horizontal { height: 1; width: 1fr; }
    Splitter:hover, Splitter.-dragging { background: $accent; }
    """

    class Dragged(Message):
        """The bar was dragged to ``x`` / ``y`` (screen cells); ``done`` when the button was released."""

        def __init__(self, splitter: Splitter, x: int, y: int, done: bool) -> None:
            super().__init__()
            self.splitter = splitter
            self.x = x
            self.y = y
            self.done = done

    def __init__(self, vertical: bool, **kwargs: object) -> None:
        super().__init__(classes="vertical" if vertical else "horizontal", **kwargs)  # type: ignore[arg-type]
        self.vertical = vertical

    def render(self) -> str:
        return ""  # the bar is its background

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.capture_mouse()
        self.add_class("-dragging")
        event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self.has_class("-dragging"):
            self.post_message(self.Dragged(self, event.screen_x, event.screen_y, done=False))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self.has_class("-dragging"):
            self.release_mouse()
            self.remove_class("-dragging")
            self.post_message(self.Dragged(self, event.screen_x, event.screen_y, done=True))
