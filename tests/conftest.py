"""Shared fixtures: real Roslyn on the real fixture solutions under tests/fixtures/."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

# Every load evaluates with MSBuild, in this process and in the servers the tests start: the answers
# are the same from the project cache, but its load note (with its time) and its background evaluation
# would depend on what an earlier process left. tests/test_project_cache.py turns it on.
os.environ.setdefault("ROSLYN_TUI_NO_PROJECT_CACHE", "1")

FIXTURES = Path(__file__).parent / "fixtures"
SHOP = FIXTURES / "Shop"
SHOP_SLN = SHOP / "Shop.sln"
HEALTH = FIXTURES / "Health" / "Health.slnx"


@pytest.fixture(scope="session")
def shop():
    """The Shop solution, loaded once per test process and never watched (tests must not race it)."""
    from engine import load_solution

    return load_solution(SHOP_SLN, watch=False)


@pytest.fixture(scope="session")
def health():
    """The Health solution (code health with known answers), loaded once per test process, never watched."""
    from engine import load_solution

    return load_solution(HEALTH, watch=False)


@pytest.fixture(scope="session")
def shop_snapshot(shop):
    return shop.snapshot()


def copy_fixture(name: str, destination: Path) -> Path:
    """A private copy of a fixture (without build outputs), for tests that edit files."""
    target = destination / name
    shutil.copytree(FIXTURES / name, target, ignore=shutil.ignore_patterns("bin", "obj"))
    return target


@pytest.fixture
def shop_copy(tmp_path: Path) -> Iterator[Path]:
    yield copy_fixture("Shop", tmp_path)


@pytest.fixture(autouse=True)
def wait_for_every_worker(monkeypatch):
    """``app.workers.wait_for_complete()`` in the TUI tests waits for the workers started meanwhile too:
    the app computes the diagnostics in a worker the load starts as it ends."""
    from textual.worker_manager import WorkerManager

    original = WorkerManager.wait_for_complete

    async def every(self, workers=None):
        await original(self, workers)
        while workers is None and any(worker.is_running for worker in self):
            await original(self)

    monkeypatch.setattr(WorkerManager, "wait_for_complete", every)
