"""Opening every fixture form, workspace diagnostics, the multi-target rule, progress."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine import SolutionNotFound, WorkspaceDiagnostic, load_solution, open_session
from engine.symbols.describe import source_locations
from engine.symbols.naming import SymbolRef, resolve

from .conftest import FIXTURES, SHOP_SLN, copy_fixture

SHOP_PROJECTS = ["Shop.App", "Shop.Broken", "Shop.Core", "Shop.Data", "Shop.Generators", "Shop.Multi"]


def test_the_sln_form_loads_every_project(shop):
    report = shop.report
    assert [p.name for p in report.projects] == SHOP_PROJECTS
    assert report.diagnostics == ()
    core = next(p for p in report.projects if p.name == "Shop.Core")
    assert core.target_framework == "net10.0"
    assert core.document_count >= 10


def test_the_slnx_form_loads_the_same_projects():
    session = load_solution(FIXTURES / "Shop" / "Shop.slnx", watch=False)
    assert [p.name for p in session.report.projects] == SHOP_PROJECTS


def test_a_project_file_opens_on_its_own():
    session = load_solution(FIXTURES / "Single" / "Single.csproj", watch=False)
    assert [p.name for p in session.report.projects] == ["Single"]


def test_a_directory_with_several_solutions_takes_the_one_named_like_it_and_says_so():
    session = load_solution(FIXTURES / "TwoSolutions", watch=False)
    assert Path(session.report.solution_path).name == "TwoSolutions.sln"
    assert any("named like the directory" in note and "Another.sln" in note for note in session.report.notes)
    assert [p.name for p in session.report.projects] == ["Alpha"]


def test_one_session_per_solution_path(shop):
    assert open_session(SHOP_SLN) is shop
    assert open_session(SHOP_SLN.parent / "." / "Shop.sln") is shop


def test_a_missing_path_is_a_named_error(tmp_path):
    with pytest.raises(SolutionNotFound) as raised:
        open_session(tmp_path / "missing.sln")
    assert "does not exist" in str(raised.value)


def test_an_empty_directory_is_a_named_error(tmp_path):
    with pytest.raises(SolutionNotFound) as raised:
        open_session(tmp_path)
    assert "No .sln, .slnx or .csproj" in str(raised.value)


def test_the_multi_targeted_project_navigates_one_target_and_says_which(shop):
    multi = next(p for p in shop.report.projects if p.name == "Shop.Multi")
    assert multi.target_frameworks == ("net10.0", "net10.0-browser")
    assert multi.target_framework == "net10.0"
    assert any(
        note.startswith("Shop.Multi targets net10.0, net10.0-browser: navigating net10.0") for note in shop.report.notes
    )
    snapshot = shop.snapshot()
    assert len(snapshot.all_projects) == 7
    assert len(snapshot.projects) == 6


def test_the_source_generator_runs(shop):
    generated = shop.run(lambda snapshot, op: resolve(snapshot, op, SymbolRef(name="GeneratedInfo")))
    assert str(generated.Name) == "GeneratedInfo"


def test_a_partial_type_has_every_part(shop):
    customer = shop.run(lambda snapshot, op: resolve(snapshot, op, SymbolRef(name="Customer")))
    parts = [(Path(loc.path).name, loc.line, loc.column) for loc in source_locations(customer)]
    assert parts == [("Customer.Orders.cs", 3, 22), ("Customer.cs", 4, 22)]


def test_progress_reports_each_project(tmp_path):
    seen = []
    load_solution(FIXTURES / "TwoSolutions" / "Another.sln", progress=seen.append, watch=False)
    phases = {p.phase for p in seen}
    assert {"evaluate", "resolve", "done"} <= phases
    assert seen[-1].phase == "done" and seen[-1].index == seen[-1].total == 1


def test_a_fresh_clone_shows_each_project_restored_and_the_generator_built(tmp_path):
    """On a never-built copy, the restore reports each project as it is restored and the generator's
    build each project it builds: the count moves while the user waits, before MSBuild's own progress."""
    root = copy_fixture("Shop", tmp_path)
    seen: list = []
    session = load_solution(root / "Shop.sln", progress=seen.append, watch=False, warm_up=False)
    try:
        restores = [p for p in seen if p.phase == "restore"]
        assert restores[0].index == 0
        counts = [p.index for p in restores[1:]]
        assert counts == sorted(counts) and counts[-1] == restores[0].total, restores
        named = {p.project for p in restores[1:]}
        assert {"Shop.Core", "Shop.Generators"} <= named
        builds = [p for p in seen if p.phase == "build"]
        assert builds[0].project == "Shop.Generators" and builds[0].index == 0
        assert any(p.project == "Shop.Generators, Shop.Generators built" for p in builds), builds
        assert seen.index(builds[0]) > seen.index(restores[-1])
        assert not session.report.diagnostics
    finally:
        session.close()


def test_a_broken_project_file_is_a_workspace_diagnostic_and_the_others_still_load(tmp_path):
    good = tmp_path / "Good"
    good.mkdir()
    (good / "Good.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>'
        "</PropertyGroup></Project>"
    )
    (good / "Thing.cs").write_text("namespace Good; public class Thing { }\n")
    bad = tmp_path / "Bad"
    bad.mkdir()
    (bad / "Bad.csproj").write_text('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>')  # deliberately unclosed
    (tmp_path / "Mixed.slnx").write_text(
        '<Solution><Project Path="Good/Good.csproj" /><Project Path="Bad/Bad.csproj" /></Solution>'
    )
    session = load_solution(tmp_path / "Mixed.slnx", watch=False)
    good_project = next(p for p in session.report.projects if p.name == "Good")
    assert good_project.document_count >= 1
    assert _exists_in(session, "Thing")
    errors = [d for d in session.report.diagnostics if d.severity == "error"]
    assert errors, session.report.diagnostics
    assert all(isinstance(d, WorkspaceDiagnostic) for d in errors)
    assert any("Bad.csproj" in d.message for d in errors)


def _exists_in(session, name: str) -> bool:
    return session.run(lambda snapshot, op: resolve(snapshot, op, SymbolRef(name=name))) is not None


def test_a_solution_filter_opens_its_projects_and_says_what_it_leaves_out(tmp_path):
    import json

    from engine import queries

    root = copy_fixture("Shop", tmp_path)
    projects = ["src/Shop.Core/Shop.Core.csproj", "src/Shop.Data/Shop.Data.csproj"]
    (root / "Core.slnf").write_text(json.dumps({"solution": {"path": "Shop.sln", "projects": projects}}))
    session = load_solution(root / "Core.slnf", watch=False)
    try:
        session.wait_loaded()
        report = session.report
        assert report is not None
        assert sorted(p.name for p in report.projects) == ["Shop.Core", "Shop.Data"]
        assert any("solution filter Core.slnf: 2 of the 6 projects of Shop.sln" in note for note in report.notes)
        references = session.run(queries.find_references, SymbolRef(name="Customer"))
        assert references.total > 0
        assert all("/src/Shop.App/" not in item.location.path for item in references.items)  # left out
    finally:
        session.close()


def test_a_broken_solution_filter_is_named(tmp_path):
    (tmp_path / "Bad.slnf").write_text("{not json")
    with pytest.raises(SolutionNotFound, match=r"Bad\.slnf is not a solution filter"):
        load_solution(tmp_path / "Bad.slnf", watch=False)


def test_a_focus_opens_the_projects_its_globs_match(tmp_path, monkeypatch):
    root = copy_fixture("Shop", tmp_path)
    session = load_solution(root / "Shop.sln", watch=False, projects=["Shop.Core", "src/Shop.Data/*"])
    try:
        session.wait_loaded()
        assert session.report is not None
        assert sorted(p.name for p in session.report.projects) == ["Shop.Core", "Shop.Data"]
        assert any("Focused on 2 projects of Shop.sln (Shop.Core, src/Shop.Data/*)" in n for n in session.report.notes)
        assert session.root == root  # the solution's directory, not the cache where the focus is written
    finally:
        session.close()
    monkeypatch.setenv("ROSLYN_PROJECTS", "Shop.Nothing*")
    with pytest.raises(SolutionNotFound, match=r"No project of Shop\.sln matches Shop\.Nothing") as raised:
        open_session(root / "Shop.sln", watch=False)
    assert "Shop.Core" in raised.value.hint


def test_projects_outside_a_focus_stand_in_as_their_built_assemblies(tmp_path):
    from engine.host.interop import Operation
    from engine.queries import find_references
    from engine.workspace.focus import incomplete

    root = copy_fixture("Shop", tmp_path)

    def focus_on_the_app() -> tuple[list[str], tuple[str, ...], int]:
        session = load_solution(root / "Shop.sln", watch=False, projects=["Shop.App"], warm_up=False)
        try:
            snapshot = session.snapshot()
            app = next(p for p in snapshot.all_projects if p.Name == "Shop.App")
            errors = [
                d
                for d in snapshot.compilation(app, Operation("test", 120)).GetDiagnostics()
                if str(d.Severity) == "Error"
            ]
            assert "5 projects of the solution left out" in incomplete(session.target, find_references)
            return [p.name for p in session.report.projects], session.report.notes, len(errors)
        finally:
            session.close()

    # Never built: what the app references is loaded whole, so that it compiles as the build would.
    names, notes, errors = focus_on_the_app()
    assert names == ["Shop.App", "Shop.Core", "Shop.Data"] and errors == 0
    assert any("loaded whole" in n and "Shop.Core, Shop.Data" in n for n in notes)
    built = subprocess.run(
        ["dotnet", "build", str(root / "src/Shop.Data"), "-nologo", "-v", "q"], capture_output=True, text=True
    )
    assert built.returncode == 0, built.stdout
    # Built: their assemblies stand in for them, and only the focus is loaded.
    names, notes, errors = focus_on_the_app()
    assert names == ["Shop.App"] and errors == 0
    assert any("referenced as their built assemblies: Shop.Core, Shop.Data" in n for n in notes)


def test_two_processes_opening_a_fresh_solution_restore_it_once(tmp_path):
    """The app and a server opening the same never-restored solution at once: one restores, the other
    waits for it and loads what it left; neither fails on the other's half-written obj/."""
    import json
    import os
    import sys

    root = copy_fixture("Single", tmp_path)
    script = (
        "import json; from engine import load_solution; "
        f"s = load_solution({str(root / 'Single.csproj')!r}, watch=False, warm_up=False); "
        "r = s.wait_loaded(); print(json.dumps([list(r.notes), [d.message for d in r.diagnostics]]))"
    )
    environment = {**os.environ, "ROSLYN_TUI_CACHE_DIR": str(tmp_path / "cache")}
    both = [
        subprocess.Popen([sys.executable, "-c", script], env=environment, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    answers = [json.loads(process.communicate(timeout=240)[0].strip().splitlines()[-1]) for process in both]
    assert [problems for _, problems in answers] == [[], []]
    restored = [notes for notes, _ in answers if any(n.startswith("Ran dotnet restore") for n in notes)]
    assert len(restored) == 1, answers
