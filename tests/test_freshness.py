"""Edits on disk reach the next query without a restart; updates are never seen half-applied."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import SymbolNotFound, load_solution
from engine.symbols.describe import compilation, source_locations
from engine.symbols.naming import SymbolRef, resolve

WAIT_SECONDS = 60


def _find(session, name: str):
    return session.run(lambda snapshot, op: resolve(snapshot, op, SymbolRef(name=name)))


def _eventually(check: Callable[[], bool]) -> float:
    """Seconds until ``check()`` holds (polled), or fail after WAIT_SECONDS."""
    started = time.monotonic()
    while time.monotonic() - started < WAIT_SECONDS:
        if check():
            return time.monotonic() - started
        time.sleep(0.05)
    pytest.fail("the change never reached a query")


def _exists(session, name: str) -> bool:
    try:
        _find(session, name)
        return True
    except SymbolNotFound:
        return False


@pytest.fixture
def live_shop(shop_copy: Path):
    session = load_solution(shop_copy / "Shop.sln", watch=True)
    yield session, shop_copy
    session.close()


def test_edit_add_delete_and_project_change_are_all_seen(live_shop):
    session, root = live_shop
    core = root / "src" / "Shop.Core"
    # Roslyn reads document text lazily: compile first, so the old text is really in the snapshot.
    assert _exists(session, "Journal.Add(string)")
    version = session.snapshot().version

    # A saved edit is a document text change: no reload, the next query sees it.
    journal = core / "Journal.cs"
    journal.write_text(journal.read_text().replace("public void Add(string text)", "public void Note(string text)"))
    _eventually(lambda: _exists(session, "Journal.Note"))
    assert session.snapshot().version > version
    assert session.report is not None and len(session.report.projects) == 6

    # A new file joins its project.
    (core / "Discount.cs").write_text("namespace Shop.Core;\n\npublic sealed class Discount { }\n")
    _eventually(lambda: _exists(session, "Discount"))
    found = _find(session, "Discount")
    assert [Path(loc.path).name for loc in source_locations(found)] == ["Discount.cs"]

    # A deleted file leaves it.
    (core / "Discount.cs").unlink()
    _eventually(lambda: not _exists(session, "Discount"))

    # A changed project file reloads that project only: here it stops compiling Cache.cs.
    assert _exists(session, "Cache")
    ids_before = _project_ids(session)
    project = core / "Shop.Core.csproj"
    project.write_text(
        project.read_text().replace("</Project>", '  <ItemGroup><Compile Remove="Cache.cs" /></ItemGroup>\n</Project>')
    )
    _eventually(lambda: not _exists(session, "Cache"))
    assert _exists(session, "Journal.Note")
    ids_after = _project_ids(session)
    assert ids_after["Shop.Core"] != ids_before["Shop.Core"]
    assert {name: ids_after[name] for name in ids_after if name != "Shop.Core"} == {
        name: ids_before[name] for name in ids_before if name != "Shop.Core"
    }
    # ...and projects that use it still compile against the reloaded one.
    data = session.snapshot().project_named("Shop.Data")
    errors = session.run(
        lambda snapshot, op: [d for d in compilation(snapshot, data, op).GetDiagnostics() if str(d.Severity) == "Error"]
    )
    assert errors == []


def _project_ids(session) -> dict[str, str]:
    return {str(p.Name): str(p.Id.Id) for p in session.snapshot().all_projects}


def test_queries_during_a_reload_see_the_old_or_the_new_solution(live_shop):
    session, _ = live_shop
    before = session.snapshot()
    counts: list[int] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def query_loop() -> None:
        while not stop.is_set():
            try:
                snapshot = session.snapshot()
                # Every project of one snapshot belongs to that snapshot's solution: never a mix.
                documents = sum(p.DocumentIds.Count for p in snapshot.projects)
                assert all(snapshot.solution.GetProject(p.Id) is not None for p in snapshot.projects)
                _find(session, "Customer")
                counts.append(documents)
            except BaseException as error:
                errors.append(error)
                return

    worker = threading.Thread(target=query_loop)
    worker.start()
    session.reload()
    time.sleep(0.2)
    stop.set()
    worker.join(30)
    assert not errors, errors
    assert counts and set(counts) == {sum(p.DocumentIds.Count for p in before.projects)}
    assert session.snapshot() is not before


def test_the_warm_heap_is_frozen_thawed_by_an_update_and_frozen_again(live_shop, monkeypatch):
    # Frozen objects are never freed as part of a cycle: an update must hand them back to the collector.
    import gc

    from engine.host import python_heap

    monkeypatch.setattr(python_heap, "QUIET_SECONDS", 0.5)
    session, root = live_shop
    session.wait_warm()
    assert gc.get_freeze_count() > 0
    journal = root / "src" / "Shop.Core" / "Journal.cs"
    version = session.snapshot().version
    journal.write_text(journal.read_text() + "\n// touched\n")
    _eventually(lambda: session.snapshot().version > version)
    thawed = gc.get_freeze_count()
    _eventually(lambda: gc.get_freeze_count() > 0)
    assert thawed == 0
