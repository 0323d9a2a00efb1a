"""A type's references from the on-disk index: written after the warm-up, they answer find references on
the next start before its compilations are built, exactly as the live solution does, and never once a
file changed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import SymbolRef, code_view, load_solution, queries
from engine.index import NOTE, member_counts
from engine.index.store import project_states
from engine.queries.search import TYPE_KINDS
from engine.symbols.describe import typed
from engine.symbols.naming import resolve
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
        uses = {
            (m, p): n for m, p, n in db.execute("select member, path, places from uses where project = ?", (project,))
        }
        links = set(db.execute("select member, above from links where project = ?", (project,)))
    finally:
        db.close()
    ref = SymbolRef(name=type_id)
    try:
        write_references(path, project, rows, {type_id}, uses, links)
        assert second_start(solution).early_answer(queries.find_references, ref) is None
    finally:
        write_references(path, project, rows, set(), uses, links)
    assert second_start(solution).early_answer(queries.find_references, ref).note == NOTE


def test_every_declaration_s_estimated_count_is_its_exact_lens_count(indexed):
    """The index's count of each declaration's uses (a lens's estimate on the next start, before the
    exact count) equals the exact lens count, for every type and member of every source file: overrides
    and implementations cascaded as find references cascades them (``Supplier.Describe`` counts
    ``Customer.Describe``'s calls), a positional record's documented parameter, a using's Dispose,
    extension calls, generic members, constructors and attributes."""
    _, live = indexed
    snapshot = live.snapshot()
    files = sorted({str(d.FilePath) for p in snapshot.projects for d in p.Documents if str(d.FilePath).endswith(".cs")})
    compared = 0
    for file in files:
        if "/obj/" in file:
            continue
        exact = live.run(code_view.code_lens, file, 1, 100_000, tests=False)
        estimated = member_counts.estimates(snapshot, [lens.documentation_id for lens in exact.items])
        for lens in exact.items:
            if live.run(_overrides_a_library_member, lens.documentation_id):
                # Find references counts every use of the library's member: no estimate, the lens waits.
                assert lens.documentation_id not in estimated, (file, lens.name)
                continue
            assert estimated.get(lens.documentation_id) == lens.references, (file, lens.name, lens.documentation_id)
            compared += 1
    assert compared >= 30


def _overrides_a_library_member(snapshot, operation, documentation_id: str) -> bool:
    """Whether it overrides or implements a library's member (``ToString``, ``IDisposable.Dispose``)."""
    symbol = typed(resolve(snapshot, operation, SymbolRef(name=documentation_id)))
    above = [getattr(symbol, "OverriddenMethod", None) or getattr(symbol, "OverriddenProperty", None)]
    kind = symbol.ContainingType
    if kind is not None and not symbol.IsStatic:
        for contract in kind.AllInterfaces:
            above += [c for c in contract.GetMembers(symbol.Name) if kind.FindImplementationForInterfaceMember(c) == symbol]
    return any(up is not None and not any(p.IsInSource for p in up.OriginalDefinition.Locations) for up in above)


def test_a_next_start_s_first_lenses_are_the_index_s_estimates(indexed):
    """On the next start, lenses asked without time (what the app draws first) show the index's counts
    at once, marked as estimates (``~7 refs``), and say to ask again; the exact counts replace them and
    equal them here."""
    solution, live = indexed
    snapshot = live.snapshot()
    files = sorted({str(d.FilePath) for p in snapshot.projects for d in p.Documents if str(d.FilePath).endswith(".cs")})
    again = SolutionSession(resolve_target(solution), watch=False)
    try:
        again.load()
        estimated = 0
        for file in (f for f in files if "/obj/" not in f):
            first = again.run(code_view.code_lens, file, 1, 100_000, tests=False, seconds=0.0)
            exact = live.run(code_view.code_lens, file, 1, 100_000, tests=False)
            for quick, settled in zip(first.items, exact.items, strict=True):
                if live.run(_overrides_a_library_member, settled.documentation_id):
                    continue
                if quick.estimated:
                    estimated += 1
                    assert quick.label().startswith(f"~{settled.references:,} ref"), (file, quick)
                    assert first.counting
                else:
                    assert settled.references == 0 or quick.label().startswith(f"{settled.references:,} ref"), quick
            settled_again = again.run(code_view.code_lens, file, 1, 100_000, tests=False)
            assert [lens.label() for lens in settled_again.items] == [lens.label() for lens in exact.items]
        assert estimated >= 10
    finally:
        again.close()
