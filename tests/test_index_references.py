"""A type's references from the on-disk index: written after the warm-up, they answer find references on
the next start before its compilations are built, exactly as the live solution does, and never once a
file changed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import SymbolRef, load_solution, queries
from engine.index import NOTE
from engine.index.store import project_states
from engine.queries.search import TYPE_KINDS
from engine.workspace.session import SolutionSession
from engine.workspace.solution_file import resolve_target

from .conftest import copy_fixture
from .index_rows import written_rows


@pytest.fixture(scope="module", params=[("Shop", "Shop.sln"), ("Health", "Health.slnx")], ids=["Shop", "Health"])
def indexed(request, tmp_path_factory):
    """A fixture's copy loaded once and warmed (which writes its index with the references), and its path."""
    name, solution = request.param
    root = copy_fixture(name, tmp_path_factory.mktemp("index-references"))
    live = load_solution(root / solution, watch=False)
    live.wait_warm()
    yield root / solution, live
    live.close()


def second_start(solution) -> SolutionSession:
    """A new session on the same solution that has not loaded (as after a restart)."""
    return SolutionSession(resolve_target(solution), watch=False)


def source_types(solution) -> list[str]:
    assert all(refs for _, refs in project_states(resolve_target(solution).path).values())
    written = written_rows(resolve_target(solution).path)
    return sorted({row["documentation_id"] for row in written if row["kind"] in TYPE_KINDS and not row["generated"]})


def test_every_type_s_references_before_the_load_are_the_live_ones(indexed):
    """Every type of the fixture's source files (partial, generic, nested, records, attributes, types
    named through aliases, target-typed new, explicit and implicit constructor initializers, crefs,
    nameof, references in generated code), with and without its declarations."""
    solution, live = indexed
    early = second_start(solution)
    types = source_types(solution)
    assert len(types) >= 8
    for type_id in types:
        for include_declarations in (False, True):
            answer = early.run(queries.find_references, SymbolRef(name=type_id), include_declarations)
            assert not early.is_loaded
            assert answer.note == NOTE, type_id
            expected = live.run(queries.find_references, SymbolRef(name=type_id), include_declarations)
            assert replace(answer, note="") == expected, (type_id, include_declarations)
    # Named as a user names it: the same answer.
    by_id = early.run(queries.find_references, SymbolRef(name=types[0]))
    name = by_id.symbol.split("<")[0]
    if early.run(queries.find_symbols, name).total == 1:
        assert early.run(queries.find_references, SymbolRef(name=name)) == by_id


def test_what_the_index_cannot_answer_waits_for_the_live_solution(indexed):
    """A member, a type named by a position, a generated type (each target may generate its own):
    answered live (after the load), never from the index."""
    solution, live = indexed
    written = written_rows(resolve_target(solution).path)
    member = next(row for row in written if row["kind"] in ("method", "property") and row["location"])
    place = next(row for row in written if row["kind"] in TYPE_KINDS and row["location"])["location"]
    refs = [
        SymbolRef(name=member["documentation_id"]),
        SymbolRef(file=place["path"], line=place["line"], column=place["column"]),
    ]
    refs += [
        SymbolRef(name=row["documentation_id"]) for row in written if row["kind"] in TYPE_KINDS and row["generated"]
    ]
    session = second_start(solution)
    session.load()
    try:
        for ref in refs:
            answer = session.run(queries.find_references, ref)
            assert answer.note == "" and answer == live.run(queries.find_references, ref)
    finally:
        session.wait_warm()
        session.close()


def test_a_changed_file_anywhere_is_never_answered_from(tmp_path):
    """Any file may gain a reference: one edited since the index was written makes every type's
    references wait for the live solution."""
    root = copy_fixture("Shop", tmp_path)
    first = load_solution(root / "Shop.sln", watch=False)
    first.wait_warm()
    first.close()
    app = root / "src" / "Shop.App" / "Program.cs"
    app.write_text(
        app.read_text(encoding="utf-8") + "\nclass UsesCustomer { Shop.Core.Customer? c; }\n", encoding="utf-8"
    )
    session = second_start(root / "Shop.sln")
    session.load()
    try:
        answer = session.run(queries.find_references, SymbolRef(name="T:Shop.Core.Customer"))
        assert answer.note == ""
        assert any(item.location.path == str(app) for item in answer.items)
    finally:
        session.wait_warm()
        session.close()


def test_a_type_seen_differently_by_two_targets_waits_for_the_live_solution(indexed):
    """A place whose member is declared differently in two targets (an #if) is shown as whichever target
    Roslyn finds it in first: the index marks its type and never answers it."""
    import sqlite3

    from engine.index.store import index_path, write_references

    solution, _ = indexed
    path = resolve_target(solution).path
    db = sqlite3.connect(index_path(path))
    try:
        known = set(source_types(solution))
        type_id, project = next(
            row for row in db.execute("select type, project from refs order by type") if row[0] in known
        )
        rows = [
            [kind, *json.loads(data)]
            for kind, data in db.execute("select type, data from refs where project = ?", (project,))
        ]
    finally:
        db.close()
    ref = SymbolRef(name=type_id)
    try:
        write_references(path, project, rows, {type_id})
        assert second_start(solution).early_answer(queries.find_references, ref) is None
    finally:
        write_references(path, project, rows, set())
    assert second_start(solution).early_answer(queries.find_references, ref).note == NOTE
