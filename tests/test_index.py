"""The on-disk index: written after a load, it answers search, go to definition by name and file
outlines on the next start before the solution has loaded, exactly as the live solution does, and
never from an entry whose file changed."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import replace

import pytest

from engine import SymbolRef, load_solution, queries
from engine.index import NOTE, WARMING_NOTE
from engine.index.early import EarlyIndex, NotInIndex
from engine.index.store import index_path, read
from engine.workspace.session import SolutionSession
from engine.workspace.solution_file import resolve_target

from .conftest import copy_fixture
from .index_rows import written_rows


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """A Shop copy loaded once (which writes its index), and its live answers."""
    root = copy_fixture("Shop", tmp_path_factory.mktemp("index"))
    live = load_solution(root / "Shop.sln", watch=False)
    live.wait_warm()
    yield root, live
    live.close()


def second_start(root) -> SolutionSession:
    """A new session on the same solution that has not loaded (as after a restart)."""
    return SolutionSession(resolve_target(root / "Shop.sln"), watch=False)


def test_the_index_is_written_after_the_warm_up(indexed):
    root, _ = indexed
    solution = resolve_target(root / "Shop.sln").path
    stored = read(solution)
    assert stored is not None
    assert any(row["documentation_id"] == "T:Shop.Core.Customer" for row in written_rows(solution))
    assert str(root / "src" / "Shop.Core" / "Customer.cs") in stored.files


def test_rows_written_again_after_the_index_was_opened_are_left_to_the_live_solution(indexed):
    """Another run may write a project's rows again while this one answers from the index it opened:
    a row that is no longer the one ranked is never answered from."""
    root, _ = indexed
    solution = resolve_target(root / "Shop.sln").path
    early = EarlyIndex.open(solution, root)
    assert early is not None
    assert early.find_symbols("Customer", kind="class").items[0].documentation_id == "T:Shop.Core.Customer"
    assert early.go_to_definition("Shop.Core.Customer").symbol.documentation_id == "T:Shop.Core.Customer"
    db = sqlite3.connect(index_path(solution))
    try:
        with db:
            db.execute("update declarations set name = 'Client' where name = 'Customer'")
        with pytest.raises(NotInIndex):
            early.find_symbols("Customer")
        with pytest.raises(NotInIndex):
            early.go_to_definition("Shop.Core.Customer")
    finally:
        with db:
            db.execute("update declarations set name = 'Customer' where name = 'Client'")
        db.close()


def test_ties_are_ordered_as_live_whatever_order_the_projects_were_written_in(indexed):
    """A run writes again only the projects that changed (each at the end of the table): ties in a
    search still come in the live walk's order, project by project."""
    root, live = indexed
    solution = resolve_target(root / "Shop.sln").path
    db = sqlite3.connect(index_path(solution))
    try:
        with db:
            (first,) = db.execute("select name from projects order by rowid limit 1").fetchone()
            # Its rows written again, after every other project's.
            db.execute("create temp table again as select * from declarations where project = ?", (first,))
            db.execute("delete from declarations where project = ?", (first,))
            db.execute("insert into declarations select * from again")
    finally:
        db.close()
    early = second_start(root)
    answer = early.run(queries.find_symbols, "*", limit=None)
    assert answer.title.endswith(NOTE)
    assert answer.items == live.run(queries.find_symbols, "*", limit=None).items


@pytest.mark.parametrize(
    "query",
    ["Customer", "GBI", "I*Repository", "Add", "Id", "GeneratedInfo", "Journal.Add", "Core.I*Repository", "Customer.B"],
)
def test_search_before_the_load_answers_as_the_live_solution(indexed, query):
    root, live = indexed
    early = second_start(root)
    answer = early.run(queries.find_symbols, query)
    assert not early.is_loaded
    assert answer.title.endswith(NOTE)
    expected = live.run(queries.find_symbols, query)
    assert expected.total > 0
    assert (answer.items, answer.total) == (expected.items, expected.total)


def test_definition_and_outline_before_the_load(indexed):
    root, live = indexed
    early = second_start(root)
    for name in ("Shop.Core.Customer", "Customer.Balance", "M:Shop.Core.Journal.Add(System.String)"):
        definition = early.run(queries.go_to_definition, SymbolRef(name=name))
        assert definition.note == NOTE
        assert replace(definition, note="") == live.run(queries.go_to_definition, SymbolRef(name=name))
    outline = early.run(queries.file_outline, "src/Shop.Core/Customer.cs")
    assert NOTE in outline.render().splitlines()[0]
    assert replace(outline, note="") == live.run(queries.file_outline, "src/Shop.Core/Customer.cs")
    assert not early.is_loaded
    # What only the compiler can say is not answered from the index.
    assert early.early_answer(queries.go_to_definition, SymbolRef(name="Journal.Add")) is None  # ambiguous
    assert early.early_answer(queries.find_references, SymbolRef(name="Customer")) is None


def test_after_the_load_the_index_answers_until_the_compiler_has_caught_up(tmp_path, monkeypatch):
    root = copy_fixture("Shop", tmp_path)
    first = load_solution(root / "Shop.sln", watch=False)
    first.wait_warm()
    expected = first.run(queries.find_symbols, "Customer")
    first.close()
    # Without the background warm-up, the declarations are built only when a query needs them.
    monkeypatch.setattr(SolutionSession, "_warm", lambda self: None)
    session = load_solution(root / "Shop.sln", watch=True)
    try:
        answer = session.run(queries.find_symbols, "Customer")
        assert answer.title.endswith(WARMING_NOTE)
        assert (answer.items, answer.total) == (expected.items, expected.total)
        outline = session.run(queries.file_outline, "src/Shop.Core/Customer.cs")
        assert WARMING_NOTE in outline.render().splitlines()[0]
        # A saved edit makes a new snapshot: the index, which does not know the new class, answers no more.
        time.sleep(1)  # the watcher's first scan of the tree, which began with the load
        orders = root / "src" / "Shop.Core" / "Customer.Orders.cs"
        orders.write_text(orders.read_text(encoding="utf-8") + "\nclass FreshAfterLoad { }\n", encoding="utf-8")
        deadline = time.monotonic() + 30
        while session.run(queries.find_symbols, "FreshAfterLoad").total == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        fresh = session.run(queries.find_symbols, "FreshAfterLoad")
        assert fresh.total == 1 and not fresh.title.endswith(WARMING_NOTE)
        assert not session.run(queries.find_symbols, "Customer").title.endswith(WARMING_NOTE)
    finally:
        session.close()


def test_the_index_steps_aside_once_the_declarations_are_built(indexed):
    root, live = indexed
    session = SolutionSession(resolve_target(root / "Shop.sln"), watch=False)
    # Asked before the load: once loaded, the warm-up may already have let it go.
    assert session.early_index() is not None
    session.load()
    try:
        # A search the index cannot answer (with metadata) builds the declarations: every answer is live after.
        session.run(queries.find_symbols, "Customer", include_metadata=True)
        answer = session.run(queries.find_symbols, "Customer")
        assert not answer.title.endswith(WARMING_NOTE)
        assert answer == live.run(queries.find_symbols, "Customer")
        assert session.early_index() is None  # its rows are let go: it may never answer again
    finally:
        session.wait_warm()
        session.close()


def test_a_changed_file_is_never_answered_from(tmp_path):
    root = copy_fixture("Shop", tmp_path)
    live = load_solution(root / "Shop.sln", watch=False)
    live.wait_warm()
    live.close()
    orders = root / "src" / "Shop.Core" / "Customer.Orders.cs"
    early = second_start(root)
    assert early.early_answer(queries.find_symbols, "AddOrder").total == 1
    # Changed after the index was opened: the next answer checks the files it would name.
    orders.write_text(orders.read_text(encoding="utf-8") + "\n// edited\n", encoding="utf-8")
    after = early.early_answer(queries.find_symbols, "AddOrder")
    assert after.total == 0
    # Customer is declared in that file too (a partial class): not answered, nor its outline.
    assert all(
        s.documentation_id != "T:Shop.Core.Customer" for s in early.early_answer(queries.find_symbols, "Customer").items
    )
    assert early.early_answer(queries.go_to_definition, SymbolRef(name="Shop.Core.Customer")) is None
    assert early.early_answer(queries.file_outline, "src/Shop.Core/Customer.Orders.cs") is None
    # A new start sees the same.
    assert second_start(root).early_answer(queries.find_symbols, "AddOrder").total == 0
    # A source generator's output may depend on any file: not answered once one changed.
    assert early.early_answer(queries.find_symbols, "GeneratedInfo").total == 0


def test_a_restricted_solution_never_uses_the_index(indexed):
    from engine.trust import Trust

    root, _ = indexed
    restricted = SolutionSession(resolve_target(root / "Shop.sln"), trust=Trust(False, "not trusted"), watch=False)
    assert restricted.early_index() is None


def test_a_new_file_or_a_changed_project_file_retires_the_index(tmp_path):
    root = copy_fixture("Shop", tmp_path)
    live = load_solution(root / "Shop.sln", watch=False)
    live.wait_warm()
    live.close()
    assert second_start(root).early_index() is not None
    added = root / "src" / "Shop.Core" / "Added.cs"
    added.write_text("namespace Shop.Core;\npublic class Added { }\n", encoding="utf-8")
    # Its declarations are not in the index: nothing is answered from it (the live solution will).
    assert second_start(root).early_index() is None
    added.unlink()
    assert second_start(root).early_index() is not None
    project = root / "src" / "Shop.Core" / "Shop.Core.csproj"
    project.write_text(project.read_text(encoding="utf-8").replace("</Project>", "<!-- x -->\n</Project>"), "utf-8")
    assert second_start(root).early_index() is None


def test_an_index_of_an_older_layout_is_replaced(tmp_path):
    import sqlite3

    from engine.index.store import Stored, StoredFile, begin, index_path, write_project

    solution = tmp_path / "Old.sln"
    db = sqlite3.connect(index_path(solution))
    with db:  # the layout of format 3
        db.execute("create table declarations (path text not null, data text not null)")
        db.execute("create table meta (key text primary key, value text)")
        db.execute("insert into meta values ('format', '3')")
    db.close()
    row = {"name": "A", "project": "P", "files": ["/x/A.cs"], "qualified_name": "N.A", "documentation_id": "T:N.A",
           "generated": False}  # fmt: skip
    begin(solution, Stored({}, {}, [], [], {"P": ("/x", False)}), read(solution))
    write_project(solution, "P", {"/x/A.cs": StoredFile("d", "[]")}, [row])
    stored = read(solution)
    assert stored is not None and stored.complete
    assert [(row["documentation_id"], row["files"]) for row in written_rows(solution)] == [("T:N.A", ["/x/A.cs"])]
    assert stored.files["/x/A.cs"].outline == "[]"


def test_a_run_that_ended_early_leaves_a_partial_index_that_says_so(tmp_path):
    """The index as a run that ended after two of Shop's projects leaves it: answers from those two,
    each saying that the others are not indexed yet; a name only the others declare waits for the load."""
    import sqlite3

    from engine.index.early import PARTIAL_NOTE
    from engine.index.store import index_path

    root = copy_fixture("Shop", tmp_path)
    first = load_solution(root / "Shop.sln", watch=False)
    first.wait_warm()
    first.close()
    solution = resolve_target(root / "Shop.sln").path
    with sqlite3.connect(index_path(solution)) as db:
        names = [name for (name,) in db.execute("select name from projects order by name")]
        kept = ["Shop.Core", "Shop.Data"]
        db.execute("update projects set done = 0 where name not in (?, ?)", kept)
        db.execute("delete from declarations where project not in (?, ?)", kept)
        db.execute("delete from files where project not in (?, ?)", kept)
    db.close()
    stored = read(solution)
    assert stored is not None and not stored.complete
    early = second_start(root)
    answer = early.run(queries.find_symbols, "Customer")
    assert answer.title.endswith(PARTIAL_NOTE.format(done=2, total=len(names)))
    assert {item.location.path.split("/src/")[1].split("/")[0] for item in answer.items} <= set(kept)
    assert early.early_answer(queries.go_to_definition, SymbolRef(name="Shop.App.Program")) is None


def test_the_indexes_of_solutions_that_are_gone_are_pruned(tmp_path, monkeypatch):
    """Each solution path ever opened has an index in the user cache: once the solution is gone (a
    temporary copy, a deleted checkout) the next warm-up removes it, and keeps the others."""
    from engine.index import store

    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(tmp_path / "cache"))
    kept, gone = tmp_path / "kept" / "K.sln", tmp_path / "gone" / "G.sln"
    for solution in (kept, gone):
        solution.parent.mkdir()
        solution.write_text("", encoding="utf-8")
        store.begin(solution, store.Stored({}, {}, [], [], {"P": (str(solution.parent), False)}), None)
    gone.unlink()
    assert store.prune() == [store.index_path(gone)]
    assert store.index_path(kept).exists() and not store.index_path(gone).exists()
    assert store.prune() == []
