"""The app's review action: the Changes screen (the change since HEAD by symbols)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import Location

from ..screens.changes import ChangesScreen
from .base import AppMixin


class ChangesActions(AppMixin):
    """Mixed into ``RoslynTui``: the action behind ctrl+l."""

    session: Any

    if TYPE_CHECKING:

        def open_location(self, location: Location, remember: bool = True, reload: bool = False) -> None: ...

    def action_changes(self) -> None:
        if self.session is None:
            self.notify("The solution is still loading.", severity="warning")
            return
        if self.session.restricted:
            self.notify("Reviewing a change needs a trusted solution: it compiles both sides.", severity="warning")
            return

        def chosen(location: Location | None) -> None:
            if location is not None:
                self.open_location(location)

        self.push_screen(ChangesScreen(self.session), chosen)
