"""The C# helpers (engine/native/) build, load, and do what the queries built on them rely on: Roslyn's
internal syntax index builder found, search keys equal to the summaries, declarations walked together
equal to one by one, the SDK's generators loaded once. (What the queries answer is held to the
fixtures' known answers and to Roslyn's own finders in the queries' tests.)"""

from __future__ import annotations

import pytest

from engine.native import built_at, helpers


def test_the_helpers_build_and_load():
    assert helpers().SymbolAt is not None
    assert (built_at() / "RoslynTuiNative.dll").is_file()


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

    def loaded() -> list[str]:
        return [str(a.GetName().Name) for a in AppDomain.CurrentDomain.GetAssemblies()]

    runtime = shop.runtime
    earlier = loaded()  # other tests of this process may have loaded generators through loaders of their own
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
    now = loaded()
    assert "System.Text.RegularExpressions.Generator" in used
    assert all(now.count(name) == max(earlier.count(name), 1) for name in used), sorted(n for n in now if n in used)


def test_helpers_that_cannot_be_built_say_why_and_the_speed_only_work_goes_on(tmp_path, monkeypatch):
    """A build that fails (here a copy of the helpers with a line that is not C#) is an error naming the
    build and what to do, for every query that needs them; the work that only speeds later answers
    (``helpers_for_speed``) goes on without them."""
    import shutil

    import engine.native as native
    from engine.errors import NativeHelpersUnavailable

    broken = tmp_path / "native"
    shutil.copytree(native.SOURCE, broken, ignore=shutil.ignore_patterns("*.py", "__pycache__", "bin", "obj"))
    (broken / "References.cs").write_text((broken / "References.cs").read_text() + "\nthis is not C#\n")
    monkeypatch.setattr(native, "SOURCE", broken)
    monkeypatch.setattr(native, "_loaded", {})
    with pytest.raises(NativeHelpersUnavailable, match="could not be built") as raised:
        native.helpers()
    assert "python -m engine doctor" in raised.value.hint
    assert native.helpers_for_speed() is None
