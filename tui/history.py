"""Back and forward through the places the user has looked at (Frogmouth-style, capped)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    path: str
    line: int
    column: int


class History:
    def __init__(self, limit: int = 200) -> None:
        self._back: deque[Place] = deque(maxlen=limit)
        self._forward: deque[Place] = deque(maxlen=limit)
        self.current: Place | None = None

    def visit(self, place: Place) -> None:
        """A new place: the current one goes on the back stack and forward history is dropped."""
        if place == self.current:
            return
        if self.current is not None:
            self._back.append(self.current)
        self.current = place
        self._forward.clear()

    def move(self, place: Place) -> None:
        """The cursor moved within what is shown: the current place becomes where it is now, so that
        coming back returns exactly there."""
        if self.current is not None and self.current.path == place.path:
            self.current = place

    def back(self) -> Place | None:
        if not self._back:
            return None
        if self.current is not None:
            self._forward.append(self.current)
        self.current = self._back.pop()
        return self.current

    def forward(self) -> Place | None:
        if not self._forward:
            return None
        if self.current is not None:
            self._back.append(self.current)
        self.current = self._forward.pop()
        return self.current
