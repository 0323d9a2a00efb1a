"""What a query may do, declared on the query itself.

A query (or an edit, a test run: anything a front end runs on a session) carries its declaration,
set by ``@query(...)`` where it is defined. The session reads it to decide whether an untrusted
solution may run it, whether the on-disk index or the syntax view may answer it before the load, and
what a focus leaves out of its answer. Nothing is decided by a list of names: renaming a query keeps
what it may do, and ``declared_queries()`` lists every declaration, so a test shows each change to
what an untrusted solution may run as a diff.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

Scope = Literal["target", "every_project"]


@dataclass(frozen=True)
class Declaration:
    """What one query may do."""

    name: str
    """The query's name, the one front ends show (``find_references``)."""
    restricted: bool = False
    """An untrusted solution, opened restricted (syntax and declarations only), may run it."""
    early: bool = False
    """The on-disk index of the last load may answer it before the solution has loaded."""
    syntax: bool = False
    """A first start's syntax view may answer it while MSBuild loads (by name, never by position)."""
    scope: Scope = "target"
    """``every_project``: its answer searches every project, so a focus leaves something out of it."""
    updates_every_use: bool = False
    """An edit that updates or checks every use of a symbol: under a focus, uses outside it are not."""


_declared: dict[str, Declaration] = {}
_lock = threading.Lock()


def query(
    *,
    restricted: bool = False,
    early: bool = False,
    syntax: bool = False,
    scope: Scope = "target",
    updates_every_use: bool = False,
    name: str | None = None,
) -> Callable[[F], F]:
    """Declare what the decorated query may do (see ``Declaration``); its name is the function's."""

    def declare(function: F) -> F:
        declaration = Declaration(name or function.__name__, restricted, early, syntax, scope, updates_every_use)
        with _lock:
            known = _declared.setdefault(declaration.name, declaration)
        if known != declaration:
            raise ValueError(f"{declaration.name} is declared twice, differently: {known} and {declaration}")
        function.__query__ = declaration  # type: ignore[attr-defined]
        return function

    return declare


def declaration(function: Callable[..., Any]) -> Declaration:
    """``function``'s declaration; one never declared may do nothing beyond a trusted, loaded solution."""
    declared = getattr(function, "__query__", None)
    if isinstance(declared, Declaration):
        return declared
    return Declaration(getattr(function, "__name__", "query"))


def declared_queries() -> tuple[Declaration, ...]:
    """Every declaration made so far (each feature declares its queries when imported), by name."""
    with _lock:
        return tuple(sorted(_declared.values(), key=lambda d: d.name))
