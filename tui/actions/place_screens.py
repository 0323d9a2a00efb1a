"""The app's screens of places read from the compilation: the Health screen (``ctrl+u``: unused symbols,
complexity, dependencies), the App screen (``ctrl+e``: a web app's routes, services, data model) and the
Changes screen (``ctrl+l``: the change since HEAD by symbol). Each needs the loaded, trusted solution;
a place chosen there opens in the source view."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from engine import Location
from shared_engine.session import Session

from ..screens.app_map import AppMapScreen
from ..screens.changes import ChangesScreen
from ..screens.health import HealthScreen
from .base import AppMixin


class PlaceScreenActions(AppMixin):
    """Mixed into ``RoslynTui``: the actions behind ctrl+u, ctrl+e and ctrl+l."""

    session: Session | None

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_health(self) -> None:
        self._open_places(HealthScreen, "Code health needs a trusted solution: it reads the compilation.")

    def action_app_map(self) -> None:
        self._open_places(AppMapScreen, "The app's map needs a trusted solution: it reads the compilation.")

    def action_changes(self) -> None:
        self._open_places(ChangesScreen, "Reviewing a change needs a trusted solution: it compiles both sides.")

    def _open_places(self, screen: Callable[[Any], Screen[Location | None]], untrusted: str) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        if self.session.restricted:
            self.notify(untrusted, severity="warning")
            return

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(screen(self.session), chosen)
