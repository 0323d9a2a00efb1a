"""The C# helpers (engine/native/) answer exactly as the Python walks they replace, on the Shop
fixture's hardest cases: constructors through target-typed new, extension calls, overrides and
interface implementations, reads and writes, nameof and doc-comment references, partial types."""

from __future__ import annotations

import pytest

from engine import SymbolRef, queries
from engine.native import DISABLE_VARIABLE, helpers

REFERENCE_CASES = [
    "Customer",
    "Customer.Balance",
    "Customer.OrderCount",
    "IEntity.Id",
    "Entity.Validate",
    "Journal.Add(string, decimal)",
    "CustomerExtensions.DisplayName",
    "Customer.AddOrder",
    "Customer.MaxOrders",
    "Entity.IsActive",
    "IRepository",
    "Money",
    "Order",
]


def test_the_helpers_build_and_load():
    assert helpers() is not None


@pytest.mark.parametrize("name", REFERENCE_CASES)
def test_references_agree_with_the_python_walk(shop, monkeypatch, name):
    for include_declarations in (False, True):
        native = shop.run(queries.find_references, SymbolRef(name=name), include_declarations)
        monkeypatch.setenv(DISABLE_VARIABLE, "1")
        walked = shop.run(queries.find_references, SymbolRef(name=name), include_declarations)
        monkeypatch.delenv(DISABLE_VARIABLE)
        assert native.total > 0
        assert native == walked


def test_symbol_summaries_agree_with_the_python_walk(shop):
    # Searches keep summaries with the declaration tables, so compare the two ways of making them directly.
    from engine.symbols.declarations import metadata_types, source_declarations
    from engine.symbols.describe import walked_summary
    from engine.symbols.summaries import described, summarize_all

    def compare(snapshot, operation):
        symbols = [d.symbol for d in source_declarations(snapshot, operation).all(operation)]
        symbols += [d.symbol for d in metadata_types(snapshot, operation)[:300]]
        walked = [walked_summary(symbol) for symbol in symbols]
        bulk = [summary for summary, _, _ in described(symbols, with_signature=False)]
        # Kept summaries: some seen before (every third), the rest described, then all from the store.
        some = summarize_all(symbols[::3])
        kept, again = summarize_all(symbols), summarize_all(symbols)
        return len(symbols), [bulk, some, kept, again] == [walked, walked[::3], walked, walked]

    count, same = shop.run(compare)
    assert count > 300 and same


@pytest.mark.parametrize(
    "name", ["IRepository", "IRepository.Add", "ILog.Write", "IEntity.Id", "Entity", "Entity.Describe"]
)
def test_implementations_agree_with_the_python_walk(shop, monkeypatch, name):
    native = shop.run(queries.find_implementations, SymbolRef(name=name))
    monkeypatch.setenv(DISABLE_VARIABLE, "1")
    walked = shop.run(queries.find_implementations, SymbolRef(name=name))
    monkeypatch.delenv(DISABLE_VARIABLE)
    assert native.items and native == walked


def test_overrides_agree_with_the_python_walk(shop, monkeypatch):
    for name in ("Entity.Validate", "Customer.Describe", "Entity.Describe"):
        native = shop.run(queries.find_overrides, SymbolRef(name=name))
        monkeypatch.setenv(DISABLE_VARIABLE, "1")
        walked = shop.run(queries.find_overrides, SymbolRef(name=name))
        monkeypatch.delenv(DISABLE_VARIABLE)
        assert native == walked, name


def test_the_declaration_walk_agrees_with_the_python_walk(shop):
    from engine.symbols.declarations import _walk
    from engine.symbols.describe import compilation, documentation_id

    native = helpers()

    def compare(snapshot, operation):
        for project in snapshot.projects:
            compiled = compilation(snapshot, project, operation)
            table = native.DeclarationTable.Walk(compiled, operation.token)
            walked = list(_walk(compiled, operation))
            assert str(table.Names).split("\n") == [name for name, _ in walked], project.Name
            assert [documentation_id(s) for s in table.Symbols] == [documentation_id(s) for _, s in walked]
            assert str(table.Containers).split("\n") == [str(s.ContainingSymbol.Name) for _, s in walked]

    shop.run(compare)


@pytest.mark.parametrize(
    "name", ["Entity.Validate", "IEntity.Id", "Customer.AddOrder", "Workflow.Middle", "Journal.Add(string, decimal)"]
)
def test_callers_agree_with_the_python_walk(shop, monkeypatch, name):
    native = shop.run(queries.call_hierarchy, SymbolRef(name=name), "incoming", 2)
    monkeypatch.setenv(DISABLE_VARIABLE, "1")
    walked = shop.run(queries.call_hierarchy, SymbolRef(name=name), "incoming", 2)
    monkeypatch.delenv(DISABLE_VARIABLE)
    assert native.incoming and native == walked


@pytest.mark.parametrize("name", ["IEntity", "IRepository", "Entity", "CustomerRepository", "AuditLog"])
def test_type_hierarchies_agree_with_the_python_walk(shop, monkeypatch, name):
    # At depth 1 every derived type's "expandable" comes from the helper's finder calls; unlimited, the tree.
    for depth in (1, None):
        native = shop.run(queries.type_hierarchy, SymbolRef(name=name), "both", depth)
        monkeypatch.setenv(DISABLE_VARIABLE, "1")
        walked = shop.run(queries.type_hierarchy, SymbolRef(name=name), "both", depth)
        monkeypatch.delenv(DISABLE_VARIABLE)
        assert native == walked, (name, depth)
    assert native.bases or native.interfaces or native.derived


def test_roslyns_syntax_indexes_are_built_ahead_for_every_document(shop):
    # Roslyn's index builder is internal and found by reflection: a Roslyn without it must be noticed.
    from engine.host.interop import Operation
    from engine.workspace.warmup.syntax_indexes import build_syntax_indexes

    assert helpers().SyntaxIndexes.Available
    snapshot = shop.snapshot()
    pauses = []

    built = build_syntax_indexes(snapshot, Operation("test", 120), lambda: pauses.append(1))

    assert built == sum(len(list(p.Documents)) for p in snapshot.projects)
    assert len(pauses) == len(snapshot.projects)


def test_search_keys_agree_with_the_summaries(shop):
    # A search counts every match by these and describes only the ones it shows.
    import json

    from engine.symbols.declarations import source_declarations
    from engine.symbols.describe import kind_word, symbol_array
    from engine.symbols.summaries import described

    def compare(snapshot, operation):
        symbols = symbol_array([d.symbol for d in source_declarations(snapshot, operation).all(operation)])
        keys = [(kind_word(*row[:7]), row[7]) for row in json.loads(str(helpers().Summaries.Keys(symbols)))]
        summaries = [summary for summary, _, _ in described(symbols, with_signature=False)]
        assert keys == [(s.kind, s.documentation_id) for s in summaries]
        assert {"record", "interface", "method", "property", "constructor", "enum member"} <= {k for k, _ in keys}

    shop.run(compare)


def test_declarations_walked_together_are_the_ones_walked_one_by_one(shop):
    from Microsoft.CodeAnalysis import Project
    from System import Array, Object

    from engine.symbols.describe import compilation
    from engine.workspace.warmup.compile_order import warm_order

    native = helpers()

    def compare(snapshot, operation):
        ordered = warm_order(snapshot, ())
        together = native.DeclarationTable.WalkInOrder(Array[Project](ordered), 2, operation.token)
        for project, task in zip(ordered, together, strict=True):
            table = operation.wait(task)
            compiled = compilation(snapshot, project, operation)
            assert Object.ReferenceEquals(table.Compilation, compiled), project.Name
            assert str(table.Names) == str(native.DeclarationTable.Walk(compiled, operation.token).Names)

    shop.run(compare)


def test_the_load_warm_up_loads_the_sdk_generators_the_projects_use(shop):
    # Through the workspace's own analyzer loader: the projects then find the same assemblies
    # (another loader would load a second copy of each, and its compiled code would not be shared).
    from Microsoft.CodeAnalysis import GeneratorExtensions
    from Microsoft.CodeAnalysis.MSBuild import MSBuildWorkspace
    from System import AppDomain, String
    from System.Collections.Generic import Dictionary

    from engine.workspace.warmup import during_load

    runtime = shop.runtime
    pack = during_load.reference_pack(runtime)
    assert pack is not None, "the SDK's reference pack has no source generators"
    workspace = MSBuildWorkspace.Create(Dictionary[String, String]())
    try:
        assert during_load.run(workspace, *pack) >= 5
    finally:
        workspace.Dispose()
    project = shop.snapshot().projects[0]
    used = {
        str(GeneratorExtensions.GetGeneratorType(generator).Assembly.GetName().Name)
        for reference in project.AnalyzerReferences
        for generator in reference.GetGenerators("C#")
    }
    loaded = [str(a.GetName().Name) for a in AppDomain.CurrentDomain.GetAssemblies()]
    assert "System.Text.RegularExpressions.Generator" in used
    assert all(loaded.count(name) == 1 for name in used), sorted(n for n in loaded if n in used)


def test_the_call_graph_scan_agrees_with_the_python_walk(shop):
    # Every Shop document: constructors through target-typed new and base(...), extension calls,
    # properties, lambdas and local functions, overrides and interface implementations as aliases.
    from engine.testing.call_graph import scan, scan_in_python

    def compare(snapshot, operation):
        compared = 0
        for project in snapshot.projects:
            for document in project.Documents:
                native, walked = scan(document, operation), scan_in_python(document, operation)
                assert native.edges == walked.edges, document.FilePath
                assert dict(native.members) == dict(walked.members), document.FilePath
                compared += len(native.edges)
        return compared

    assert shop.run(compare) > 100
