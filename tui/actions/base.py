"""The base of the app's action mixins: ``App`` for the type checker (so ``self.notify``, ``query_one``...
are known), nothing at run time (``RoslynTui`` itself derives from ``App``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    AppMixin = App[None]
else:
    AppMixin = object


def on_app_thread(app: Any, handler: Callable[..., Any], *args: Any) -> Any:
    """``handler(*args)`` on the app's thread, from a worker or a watch thread; dropped once the app is
    closing. Its screens' widgets go before its workers and watches stop: a reload after the engine
    died, or an engine event, can arrive after the user quit."""
    return app.call_from_thread(lambda: handler(*args) if app.is_running else None)
