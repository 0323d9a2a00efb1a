"""The app's web action: the App screen (routes, services, data model)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import Location

from ..screens.app_map import AppMapScreen
from .base import AppMixin


class AppMapActions(AppMixin):
    """Mixed into ``RoslynTui``: the action behind ctrl+e."""

    session: Any

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_app_map(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        if self.session.restricted:
            self.notify("The app's map needs a trusted solution: it reads the compilation.", severity="warning")
            return

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(AppMapScreen(self.session), chosen)
