"""The app's code-health action: the Health screen (unused symbols, complexity, dependencies)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import Location

from ..screens.health import HealthScreen
from .base import AppMixin


class HealthActions(AppMixin):
    """Mixed into ``RoslynTui``: the action behind ctrl+u."""

    session: Any

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_health(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        if self.session.restricted:
            self.notify("Code health needs a trusted solution: it reads the compilation.", severity="warning")
            return

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(HealthScreen(self.session), chosen)
