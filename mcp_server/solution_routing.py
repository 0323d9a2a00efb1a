"""Which loaded solution answers a call: the one ``solution=`` names; else, of several, the one that holds
the file, symbol or project the call names (the current one when it does, or when several hold the
same thing); else the current one. A name that means different code in several is the caller's to
settle, with the places it means in each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver.exceptions import ToolError

from engine import EngineError, SymbolRef, queries
from shared_engine.session import Session


async def route(loaded: Sequence[Session], current: Session | None, arguments: dict[str, Any]) -> Session | None:
    """The session that answers a call with ``arguments``, of the ``loaded`` ones and the ``current``
    one (``None`` when no solution is open)."""
    named = arguments.get("solution")
    if named:
        return _named(loaded or ([current] if current is not None else []), str(named))
    if len(loaded) < 2:
        return current
    for key, probe in _PROBES:
        value = arguments.get(key)
        if value:
            return await _holding(loaded, current, key, str(value), probe)
    return current


def _named(loaded: Sequence[Session], name: str) -> Session:
    """The loaded solution called ``name``: its path, its file name, or its file name's stem."""
    wanted = name.strip()
    by_path = [s for s in loaded if _same_path(s, wanted)]
    found = by_path or [s for s in loaded if wanted.lower() in (s.target.path.name.lower(), s.target.path.stem.lower())]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(str(s.target.path) for s in (found or loaded)) or "none"
    if found:
        raise ToolError(f"Several loaded solutions are called {wanted}: {listed}.\nGive solution= as the full path.")
    raise ToolError(
        f"No loaded solution is called {wanted} (loaded: {listed}).\n"
        "Give one of them as solution=, or load it first with load_solution."
    )


def _same_path(session: Session, given: str) -> bool:
    try:
        return Path(given).expanduser().resolve() == Path(session.target.path).resolve()
    except (OSError, ValueError):
        return False


def _file(session: Session, file: str) -> Any:
    return session.run(queries.holds_file, file)


def _symbol(session: Session, name: str) -> Any:
    return session.run(queries.holds_symbol, name)


def _project(session: Session, name: str) -> Any:
    return session.run(queries.holds_project, name)


_PROBES: tuple[tuple[str, Callable[[Session, str], Any]], ...] = (
    ("file", _file),
    ("symbol", _symbol),
    ("project", _project),
)


async def _holding(
    loaded: Sequence[Session], current: Session | None, key: str, value: str, probe: Callable[[Session, str], Any]
) -> Session | None:
    if key == "symbol":
        try:
            SymbolRef(name=value)
        except EngineError:
            return current  # not a name: the tool says what is wrong with it
    holdings = {}
    for session in loaded:
        try:
            holding = await anyio.to_thread.run_sync(probe, session, value)
        except EngineError:
            continue
        if holding:
            holdings[id(session)] = (session, holding)
    if not holdings:
        return current  # nowhere: the current solution's answer says so, with near names
    same = len({tuple(h.places) for _, h in holdings.values()}) == 1
    if current is not None and id(current) in holdings and (same or key != "symbol"):
        return current  # the same file, project or declaration, seen from several solutions
    if same:
        return next(iter(holdings.values()))[0]
    lines = [f"{value} means different code in {len(holdings)} loaded solutions:"]
    for session, holding in holdings.values():
        lines.append(f"  {session.target.path.name}: {', '.join(holding.places[:3])}")
    raise ToolError("\n".join(lines) + "\nGive solution= with one of those names.")
