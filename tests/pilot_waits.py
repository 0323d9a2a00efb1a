"""Waiting in a Pilot test for the app to get somewhere: bounded by the clock, so a hang fails as a named
assertion rather than ending the worker at pytest-timeout's limit."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


async def settled(pilot: Any, until: Callable[[], bool], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if until() and screen_is_up(pilot.app):
            return
        await pilot.pause(0.2)
    raise AssertionError("the app did not get there")


def screen_is_up(app: Any) -> bool:
    """A pushed screen is `app.screen` at once, but its widgets exist only once it has mounted: a wait for
    "the diff is showing" that ends before that fails to find them on a slow machine."""
    return bool(app.screen.is_mounted)
