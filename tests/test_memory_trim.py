"""The idle trimmer: once the process has been quiet, it gives the memory of the last burst of queries
back, once per burst, and never while a query runs."""

from __future__ import annotations

import time

from engine import SymbolRef, load_solution, queries
from engine.host import memory_trim

from .conftest import copy_fixture


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_an_idle_process_trims_once_per_burst(tmp_path, monkeypatch):
    monkeypatch.setattr(memory_trim, "IDLE_SECONDS", 1.0)
    monkeypatch.setattr(memory_trim, "GROWTH_BYTES", 0)
    session = load_solution(copy_fixture("Shop", tmp_path) / "Shop.sln", watch=False)
    try:
        session.wait_warm()
        # A burst: queries back to back for three seconds, each allocating; no trim lands inside it.
        before = memory_trim.trims
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            session.run(queries.find_references, SymbolRef(name="Shop.Core.Customer"))
            session.run(queries.find_symbols, "Order", limit=None)
        assert memory_trim.trims == before
        # Quiet afterwards: a trim, and not one a second while idle (another session's background work may
        # allocate enough for one more).
        assert wait_for(lambda: memory_trim.trims == before + 1, 10)
        time.sleep(3)
        assert memory_trim.trims <= before + 2
    finally:
        session.close()
