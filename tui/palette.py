"""Command palette providers: symbols by name (from the engine's search)."""

from __future__ import annotations

from functools import partial

from textual.command import Hit, Hits, Provider

from engine import EngineError, find_symbols


class SymbolProvider(Provider):
    """Symbols of the loaded solution, ranked by the engine (camel humps, wildcards, substrings)."""

    async def search(self, query: str) -> Hits:
        app = self.app
        session = getattr(app, "session", None)
        if session is None or not session.is_loaded or len(query.strip()) < 2:
            return
        try:
            view = await app.run_in_thread(lambda: session.run(find_symbols, query, limit=20))  # type: ignore[attr-defined]
        except EngineError:
            return
        matcher = self.matcher(query)
        for rank, item in enumerate(view.items):
            score = max(matcher.match(item.name), 1.0 - rank / 40)
            yield Hit(
                score,
                matcher.highlight(item.display),
                partial(app.open_symbol, item),  # type: ignore[attr-defined]
                help=f"{item.kind} in {item.container}",
            )
