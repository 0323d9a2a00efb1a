"""Shared fixtures: real Roslyn on the real fixture solutions under tests/fixtures/."""

from __future__ import annotations

import contextlib
import faulthandler
import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# Every load evaluates with MSBuild, in this process and in the servers the tests start: the answers
# are the same from the project cache, but its load note (with its time) and its background evaluation
# would depend on what an earlier process left. tests/test_project_cache.py turns it on.
os.environ.setdefault("ROSLYN_TUI_NO_PROJECT_CACHE", "1")
# Each server a test starts is its own process (its shutdown, signals and stdout are what many tests
# hold), and the terminal apps watch no engine: tests/test_shared_engine.py turns the shared engine on.
os.environ.setdefault("ROSLYN_SHARED_ENGINE", "0")
# Every .NET process of the suite (the engines, this process's own runtime, the builds and test hosts)
# lives for seconds, not a person's day: re-compiling its hot methods with dynamic PGO and at 30 calls
# never pays back. The SDK's Roslyn workspace assemblies are IL only, and an engine spent about 45% of
# its CPU in the runtime's tiered compilation thread (perf). With these two, two samples of the suite
# (tui_editing + mcp_solutions; tui_daily, shared_engine, runtime_coverage, faults, mcp_limits) ran in
# 135 s against 175 s and 197 s against 258 s; without PGO alone 158 s, with tiering off 169 s. The
# product keeps the runtime's defaults for the engine (engine.host.runtime).
os.environ.setdefault("DOTNET_TieredPGO", "0")
os.environ.setdefault("DOTNET_TC_CallCountThreshold", "1000")

FIXTURES = Path(__file__).parent / "fixtures"
_REAL_STDERR = pytest.StashKey[int]()
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


@pytest.fixture
def private_config(tmp_path, monkeypatch):
    """A configuration directory of the test's own: the app's settings, trust and history start empty
    (a module asks for it with ``pytestmark = pytest.mark.usefixtures("private_config")``)."""
    monkeypatch.setenv("ROSLYN_TUI_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def wait_for_every_worker(monkeypatch):
    """``app.workers.wait_for_complete()`` in the TUI tests waits for the workers started meanwhile too:
    the app computes the diagnostics in a worker the load starts as it ends."""
    from textual.worker import WorkerCancelled
    from textual.worker_manager import WorkerManager

    original = WorkerManager.wait_for_complete

    async def every(self, workers=None):
        try:
            await original(self, workers)
        except WorkerCancelled:
            if workers is not None:
                raise
        # A worker replaced by a newer one of its group (the status line's, a lens reader's) is cancelled:
        # it is done, as far as waiting goes.
        while workers is None and any(worker.is_running for worker in self):
            with contextlib.suppress(WorkerCancelled):
                await original(self, [worker for worker in self if worker.is_running])

    monkeypatch.setattr(WorkerManager, "wait_for_complete", every)


@pytest.fixture(scope="session")
def engine_directory(tmp_path_factory) -> Iterator[Path]:
    """The runtime directory of the shared engines the terminal-app tests start; they are ended at the end."""
    import signal

    directory = Path(tempfile.mkdtemp(prefix="roslyn-test-engines-"))
    yield directory
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ProcessLookupError):
            if str(directory).encode() in (entry / "environ").read_bytes():
                os.kill(int(entry.name), signal.SIGKILL)
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(autouse=True)
def apps_on_a_shared_engine(request, monkeypatch):
    """The terminal app as users run it: on the solution's shared engine (``RemoteSession``), so a member
    the remote session lacks or a function it cannot carry fails a test. A test marked ``in_process``
    (it replaces an engine function in this process, which an engine elsewhere would not see) keeps the
    app's own session."""
    if not request.module.__name__.split(".")[-1].startswith("test_tui_") or request.node.get_closest_marker(
        "in_process"
    ):
        yield
        return
    # One engine per solution and test file, as a person's day with the app; a test marked ``own_engine``
    # (its snapshot would show what an earlier test left in the engine: REPL variables, an applied edit)
    # starts one of its own.
    directory = request.getfixturevalue("engine_directory") / request.module.__name__.split(".")[-1]
    if request.node.get_closest_marker("own_engine"):
        directory = directory / hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:8]  # a socket's path is short
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    monkeypatch.setenv("ROSLYN_SHARED_ENGINE", "1")
    monkeypatch.setenv("ROSLYN_ENGINE_DIR", str(directory))
    monkeypatch.setenv("ROSLYN_ENGINE_IDLE_SECONDS", "20")
    yield


@pytest.fixture(autouse=True)
def diagnostics_at_once(monkeypatch):
    """The app's diagnostics start as soon as it has loaded: the grace a person gets to open a file
    first would only make each test wait (``test_the_diagnostics_wait_for_the_first_files_marks`` sets it)."""
    import tui.actions.loading

    monkeypatch.setattr(tui.actions.loading, "DIAGNOSTICS_GRACE_SECONDS", 0.0)


@pytest.fixture(autouse=True)
def steady_cursors(monkeypatch):
    """Text cursors that never blink: a snapshot taken more than half a second after the last key (a
    busy machine, a parallel run) would otherwise catch the cursor hidden."""
    from textual.widgets import Input, TextArea

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


WATCHDOG_LEAD = 5
"""Seconds before pytest-timeout's limit that the watchdog ends the process: its stacks go to the real
stderr, where pytest-timeout's go to the worker's capture, lost with the worker."""


def pytest_configure(config: pytest.Config) -> None:
    # The real stderr (the terminal, or CI's log), which fd capture keeps aside while fd 2 goes to the
    # capture file; fd 2 itself where capture is off (-s).
    capturing = getattr(config.pluginmanager.getplugin("capturemanager"), "_global_capturing", None)
    saved = getattr(getattr(capturing, "err", None), "targetfd_save", None)
    config.stash[_REAL_STDERR] = os.dup(saved if isinstance(saved, int) else 2)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """A stuck test ends with every thread's stack on the real stderr. pytest-timeout's thread needs the
    GIL, which a process deadlocked on it (pythonnet making a type on one thread while another holds the
    GIL) never gives; faulthandler's own C thread does not: it ends the process, xdist reports the test
    as crashed and the run ends (``--max-worker-restart 0``). pytest-timeout stays as the fallback."""
    limit = item.config.getini("timeout")
    if limit:
        faulthandler.dump_traceback_later(
            max(1.0, float(limit) - WATCHDOG_LEAD), exit=True, file=item.config.stash[_REAL_STDERR]
        )
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
