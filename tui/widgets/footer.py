"""The footer: Textual's, keeping only the keys that fit its width (the help screen lists every key)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class FittingFooter(Footer):
    """Keys that do not fit are left out whole, from the end, rather than cut mid-word at the edge; the help
    key stays, since it is where the others are."""

    _composed_for = -1
    _shown: tuple[object, ...] | None = None
    """What the keys shown were composed from: a change of focus or screen that keeps them composes nothing."""

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

    def bindings_changed(self, screen: Screen[object]) -> None:
        # Every focus change and every prompt opened or closed changes the bindings; composing a dozen keys
        # again costs the keypress tens of milliseconds, so only a change to what is shown does it.
        shown = self._keys_of(screen)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)

    def _keys_of(self, screen: Screen[object]) -> tuple[object, ...]:
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )

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
