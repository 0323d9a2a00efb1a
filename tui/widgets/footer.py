"""The footer: Textual's, keeping only the keys that fit its width (the help screen lists every key)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class FittingFooter(Footer):
    """Keys that do not fit are left out whole, from the end, rather than cut mid-word at the edge; the help
    key stays, since it is where the others are."""

    _composed_for = -1

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        if self.size.width == 0:  # not laid out yet: a resize composes again
            yield from widgets
            return
        keys = [w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        room = self.size.width - sum(self._width(w) for w in widgets if w not in keys)
        kept = list(keys)
        while kept and sum(self._width(key) for key in kept) > room:
            dropped = next((key for key in reversed(kept) if key.action != "help"), None)
            if dropped is None:
                break
            kept.remove(dropped)
        yield from (w for w in widgets if w not in keys or w in kept)

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._composed_for:
            self._composed_for = event.size.width
            self.refresh(recompose=True)

    def _width(self, widget: Widget) -> int:
        """Cells a key takes, from the footer's own styles: a compact key is ``key description`` and a
        margin; a full one pads the key on both sides."""
        if not isinstance(widget, FooterKey):
            return 0
        text = len(widget.key_display) + (1 + len(widget.description) if widget.description else 0)
        if widget.has_class("-command-palette"):
            return text + 3
        return text + (1 if self.compact else 2)
