"""The base of the app's action mixins: ``App`` for the type checker (so ``self.notify``, ``query_one``...
are known), nothing at run time (``RoslynTui`` itself derives from ``App``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

    AppMixin = App[None]
else:
    AppMixin = object
