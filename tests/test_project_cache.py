"""The project cache: a solution made from it is the one MSBuild evaluated, a warm start opens from it
and MSBuild's evaluation after agrees or swaps in only what changed, and every kind of change to a
project's inputs makes the next start evaluate again."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine import SymbolRef, load_solution, queries
from engine.host.interop import Operation
from engine.native import helpers
from engine.workspace.project_cache import AGREED_NOTE, DISABLE_VARIABLE, STALE_NOTE, read
from engine.workspace.project_cache.store import cache_file
from engine.workspace.sessions import close_session

from .conftest import copy_fixture
from .mcp_client import McpClient

PROJECT_NOTE = "Opened from the project cache of the last load in"


ON = {DISABLE_VARIABLE: "0"}


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """A private Shop evaluated by MSBuild (a path never opened before), its cache written."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DISABLE_VARIABLE, "0")  # the suite runs without the cache (conftest)
        root = copy_fixture("Shop", tmp_path_factory.mktemp("cache"))
        session = load_solution(root / "Shop.sln", watch=False, warm_up=False)
        session.wait_warm()  # the cache is written as the warm-up starts
        yield session
        close_session(session)


def diagnostics(project):
    operation = Operation("compiling", 120)
    compilation = operation.wait(project.GetCompilationAsync(operation.token))
    return sorted(
        f"{d.Id} {d.Location.GetLineSpan()}"
        for d in compilation.GetDiagnostics()
        if str(d.Severity) in ("Warning", "Error")
    )


def signing(project, key_file):
    """What the compiler says of signing ``project`` with ``key_file``."""
    options = project.CompilationOptions.WithCryptoKeyFile(key_file)
    signed = project.Solution.WithProjectCompilationOptions(project.Id, options).GetProject(project.Id)
    operation = Operation("compiling", 120)
    compilation = operation.wait(signed.GetCompilationAsync(operation.token))
    return [str(d.GetMessage(None)) for d in compilation.GetDiagnostics() if str(d.Id) == "CS7027"]


def generated(project):
    operation = Operation("generating", 120)
    return sorted(
        str(d.HintName) for d in operation.wait(project.GetSourceGeneratedDocumentsAsync(operation.token).AsTask())
    )


def test_a_solution_made_from_the_cache_is_the_evaluated_one(first):
    native = helpers()
    evaluated = first.snapshot().solution
    records = native.ProjectCache.Describe(evaluated)
    made = native.ProjectCache.Build(first._workspace, records, str(evaluated.FilePath))
    assert native.ProjectCache.Describe(made) == records and made.FilePath == evaluated.FilePath
    pairs = [(p, made.GetProject(next(m.Id for m in made.Projects if m.Name == p.Name))) for p in evaluated.Projects]
    assert len(pairs) == evaluated.ProjectIds.Count >= 5
    for old, new in pairs:
        assert diagnostics(new) == diagnostics(old), old.Name
        assert generated(new) == generated(old), old.Name
    # A relative key file is looked for where MSBuild's compiler looks (serilog's TestDummies signs so):
    # the same complaint of the same file (not a key), never "File not found".
    core = next(pair for pair in pairs if pair[0].Name == "Shop.Core")
    (Path(str(core[0].FilePath)).parent / "relative.snk").write_bytes(b"not a key")
    complaints = [signing(project, "relative.snk") for project in core]
    assert complaints[0] == complaints[1] and complaints[0] and "not found" not in complaints[0][0]
    # Shop.App runs the solution's own generator through the cached analyzer reference.
    app = next(new for old, new in pairs if old.Name == "Shop.App")
    assert generated(app)


def test_a_warm_start_opens_from_the_cache_and_msbuild_then_agrees(first):
    root = first.target.directory
    expected = first.run(queries.find_references, SymbolRef(name="Shop.Core.Customer"))
    close_session(first)
    session = load_solution(root / "Shop.sln", watch=False, warm_up=False)
    try:
        assert any(note.startswith(PROJECT_NOTE) for note in session.report.notes)
        assert [p.name for p in session.report.projects] == [p.name for p in first.report.projects]
        answer = session.run(queries.find_references, SymbolRef(name="Shop.Core.Customer"))
        assert answer.items == expected.items and answer.total == expected.total > 0
        session._refresher.join(120)
        assert AGREED_NOTE in session.report.notes
        assert session.snapshot().version == 1  # nothing was swapped
    finally:
        close_session(session)


def test_only_what_msbuild_evaluates_differently_is_swapped_in(first):
    root = first.target.directory
    file = cache_file(first.target)
    saved = json.loads(file.read_text())
    records = json.loads(saved["records"])
    data = next(r for r in records if r["name"] == "Shop.Data")
    dropped = data["documents"].pop()[1]
    records = [r for r in records if r["name"] != "Shop.Broken"]  # a project MSBuild adds back
    saved["records"] = json.dumps(records)
    file.write_text(json.dumps(saved))  # a cache that differs from what MSBuild says, its inputs unchanged

    session = load_solution(root / "Shop.sln", watch=False, warm_up=False)
    try:
        before = session.snapshot()
        assert not before.documents_for_path(dropped) and before.project_named("Shop.Broken") is None
        core = before.project_named("Shop.Core")
        operation = Operation("compiling", 120)
        compiled = operation.wait(core.GetCompilationAsync(operation.token))
        session._refresher.join(120)
        after = session.snapshot()
        assert "differs for Shop.Broken, Shop.Data, swapped in" in session.report.notes[-1]
        assert after.documents_for_path(dropped) and after.project_named("Shop.Broken") is not None
        assert {p.Id.Id for p in before.projects} < {p.Id.Id for p in after.projects}
        assert [p.name for p in session.report.projects] == [p.name for p in first.report.projects]
        kept = after.solution.GetProject(core.Id)
        found, same = kept.TryGetCompilation()
        assert found and same.Equals(compiled)  # an unchanged project keeps its compilation
        assert json.loads(json.loads(file.read_text())["records"]) != records  # the cache was written anew
    finally:
        close_session(session)


def test_a_warm_start_over_mcp_answers_from_the_cache(first):
    answer = first.run(queries.find_references, SymbolRef(name="Shop.Core.Order"))
    solution = first.target.path
    with McpClient({"DOTNET_SOLUTION_PATH": str(solution), **ON}) as mcp:
        loaded = mcp.text("load_solution", path=str(solution))
        references = mcp.text("find_references", symbol="Shop.Core.Order")
    assert PROJECT_NOTE in loaded
    assert answer.total > 0 and answer.render() in references


def _edit(path: Path, text: str) -> None:
    path.write_text(path.read_text() + text)


DATA, CORE = "src/Shop.Data/Shop.Data.csproj", "src/Shop.Core/Shop.Core.csproj"
CHANGES = {  # what changes, and the project it makes stale (None: the whole cache)
    "project file": (lambda root: _edit(root / DATA, "<!-- edited -->\n"), DATA),
    "source file added": (lambda root: (root / "src/Shop.Core/Added.cs").write_text("class Added {}\n"), CORE),
    "source file removed": (lambda root: next((root / "src/Shop.Core").glob("*.cs")).unlink(), CORE),
    "restore output": (lambda root: _edit(root / "src/Shop.Core/obj/project.assets.json", " "), CORE),
    "Directory.Build.props": (lambda root: _edit(root / "Directory.Build.props", "<!-- edited -->\n"), None),
    "new Directory.Build.targets": (
        lambda root: (root / "src/Directory.Build.targets").write_text("<Project />\n"),
        None,
    ),
    "solution file": (lambda root: _edit(root / "Shop.sln", "\n"), None),
    "generator output gone": (
        lambda root: next((root / "src/Shop.Generators/bin").rglob("Shop.Generators.dll")).unlink(),
        None,
    ),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_each_kind_of_change_invalidates_the_cache(first, tmp_path, change):
    import shutil

    root = first.target.directory
    kept = tmp_path / "kept"
    shutil.copytree(root, kept)
    make, stale = CHANGES[change]
    try:
        assert read(first.target, first.runtime).stale == ()
        make(root)
        cached = read(first.target, first.runtime)
        if stale is None:
            assert cached is None
        else:
            assert cached.stale == (root / stale,)
    finally:
        shutil.rmtree(root)
        shutil.copytree(kept, root)
    assert read(first.target, first.runtime).stale == ()


def test_a_changed_project_alone_is_evaluated_again_at_a_warm_start(first):
    root = first.target.directory
    expected = first.run(queries.find_references, SymbolRef(name="Shop.Core.Customer"))
    project = root / DATA
    original = project.read_text()
    project.write_text(
        original.replace("</Project>", "<PropertyGroup><Description>x</Description></PropertyGroup></Project>")
    )
    try:
        session = load_solution(root / "Shop.sln", watch=False, warm_up=False)
        try:
            notes = session.report.notes
            assert any(PROJECT_NOTE in n for n in notes) and any(
                STALE_NOTE.format(names="Shop.Data") == n for n in notes
            )
            answer = session.run(queries.find_references, SymbolRef(name="Shop.Core.Customer"))
            assert answer.items == expected.items
            session._refresher.join(120)
            assert AGREED_NOTE in session.report.notes  # what was evaluated at the start is what MSBuild says
        finally:
            close_session(session)
    finally:
        project.write_text(original)


def test_another_roslyn_or_sdk_invalidates_the_cache(first):
    runtime = first.runtime
    other_roslyn = dataclasses.replace(runtime, roslyn=dataclasses.replace(runtime.roslyn, version="0.0.0"))
    other_sdk = dataclasses.replace(runtime, dotnet=dataclasses.replace(runtime.dotnet, sdk_dir=Path("/other/sdk")))
    assert read(first.target, runtime) is not None
    assert read(first.target, other_roslyn) is None and read(first.target, other_sdk) is None
