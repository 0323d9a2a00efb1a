"""Room for the code: the tree's width and the panels' height, changed with keys or by dragging the bars
between the areas, remembered in the config, and a key that gives the whole screen to the source or to
the panels and back."""

from __future__ import annotations

from textual.widgets import Footer, TabbedContent

from .. import config
from ..widgets.source_view import SourceView
from ..widgets.splitter import Splitter
from .base import AppMixin

NARROW = 130
"""Columns below which the tree starts narrower and the footer is compact."""
TREE_WIDTHS = (20, 80)
"""The narrowest and widest tree, in columns."""
PANEL_HEIGHTS = (15, 80)
DEFAULT_PANEL_HEIGHT = 33
"""Percent of the middle the panels take at first: the source view has the larger share."""
"""The lowest and highest share of the centre the panels take, in percent."""
_STEP = 4


class LayoutActions(AppMixin):
    """Mixed into ``RoslynTui``: alt+, / alt+. (tree), alt+- / alt+= (panels), f10 (maximise)."""

    def apply_layout(self) -> None:
        """The sizes the user chose last time (or, on a narrow terminal, a narrower tree)."""
        chosen = config.load()
        narrow = self.size.width < NARROW
        self._set_tree_width(_number(chosen.get("tree_width"), 24 if narrow else 32, TREE_WIDTHS))
        self._set_panel_height(_number(chosen.get("panels_height"), DEFAULT_PANEL_HEIGHT, PANEL_HEIGHTS))
        self.fit_footer()

    def fit_footer(self) -> None:
        """A compact footer on a narrow terminal: more of the keys fit (the help lists them all)."""
        for footer in self.query(Footer):  # none before the app has composed its screen
            footer.compact = self.size.width < NARROW

    def on_resize(self) -> None:
        self.fit_footer()

    def action_tree_narrower(self) -> None:
        self._set_tree_width(self.tree_width - _STEP, remember=True)

    def action_tree_wider(self) -> None:
        self._set_tree_width(self.tree_width + _STEP, remember=True)

    def action_panels_shorter(self) -> None:
        self._set_panel_height(self.panel_height - _STEP, remember=True)

    def action_panels_taller(self) -> None:
        self._set_panel_height(self.panel_height + _STEP, remember=True)

    def action_toggle_maximize(self) -> None:
        """The source view, or the panels when one of them has the focus, on the whole screen; again: back."""
        if self.screen.maximized is not None:
            self.screen.minimize()
            return
        panels = self.query_one("#panels", TabbedContent)
        focused = self.focused
        inside_panels = focused is not None and panels in focused.ancestors_with_self
        target = panels if inside_panels else self.query_one(SourceView)
        self.screen.maximize(target, container=False)

    def on_splitter_dragged(self, event: Splitter.Dragged) -> None:
        """A splitter dragged with the mouse: the tree's right edge, or the panels' top edge, follows it."""
        if event.splitter.vertical:
            self._set_tree_width(event.x, remember=event.done)
        else:
            center = self.query_one("#center").region
            below = center.y + center.height - event.y
            self._set_panel_height(round(100 * below / max(center.height, 1)), remember=event.done)

    def _set_tree_width(self, width: int, remember: bool = False) -> None:
        self.tree_width = max(TREE_WIDTHS[0], min(TREE_WIDTHS[1], width))
        self.query_one("#left").styles.width = self.tree_width
        if remember:
            config.save(tree_width=str(self.tree_width))

    def _set_panel_height(self, percent: int, remember: bool = False) -> None:
        self.panel_height = max(PANEL_HEIGHTS[0], min(PANEL_HEIGHTS[1], percent))
        self.query_one("#panels").styles.height = f"{self.panel_height}%"
        if remember:
            config.save(panels_height=str(self.panel_height))

    tree_width = 32
    panel_height = DEFAULT_PANEL_HEIGHT


def _number(text: str | None, default: int, bounds: tuple[int, int]) -> int:
    try:
        value = int(text) if text is not None else default
    except ValueError:
        value = default
    return max(bounds[0], min(bounds[1], value))
