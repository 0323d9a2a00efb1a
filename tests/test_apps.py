"""File-based apps (``dotnet run app.cs``) opened as solutions: navigation, diagnostics, rename and
freshness on the real SDK's virtual project."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import SymbolRef, editing, load_solution
from engine.errors import SolutionNotFound
from engine.queries import diagnostics, file_outline, find_references, go_to_definition
from engine.trust import Trust
from engine.workspace.solution_file import resolve_target
from engine.workspace.watcher import SolutionWatcher

from .conftest import FIXTURES, copy_fixture

APPS = FIXTURES / "Apps"


@pytest.fixture(scope="module")
def greet():
    session = load_solution(APPS / "greet.cs", watch=False)
    session.wait_loaded()
    yield session
    session.close()


def test_an_app_opens_as_a_project_with_its_package(greet):
    report = greet.report
    assert [p.name for p in report.projects] == ["greet.cs"]
    assert not [d for d in report.diagnostics if d.severity == "error"], report.diagnostics
    found = greet.run(diagnostics, severity="error")
    assert found.items == (), found.render()  # Newtonsoft.Json restored, implicit usings read


def test_navigation_reaches_the_record_and_the_local_function(greet):
    definition = greet.run(go_to_definition, SymbolRef(name="Person"))
    assert definition.locations[0].path == str(APPS / "greet.cs")
    assert definition.locations[0].line == 16
    greeting = SymbolRef(file=str(APPS / "greet.cs"), line=14, column=8)  # a local function: named by place
    references = greet.run(find_references, greeting)
    assert references.total == 1 and references.items[0].location.line == 10
    outline = greet.run(file_outline, str(APPS / "greet.cs"))
    assert "Person" in outline.render()


def test_a_package_symbol_resolves_to_its_source(greet):
    definition = greet.run(
        go_to_definition, SymbolRef(name="M:Newtonsoft.Json.JsonConvert.SerializeObject(System.Object)")
    )
    library = definition.library
    assert library is not None and library.assembly == "Newtonsoft.Json" and library.route == "decompiled"
    lines = Path(library.location.path).read_text(encoding="utf-8").splitlines()
    assert "/newtonsoft.json/13.0.3/lib/" in lines[1]  # the package's own assembly, with bodies
    assert "public static string SerializeObject(object? value)" in lines[library.location.line - 1]


def test_rename_inside_an_app_previews_every_use(greet):
    preview = editing.rename_symbol(greet, SymbolRef(name="Person"), "Guest")
    assert preview.problems == ()
    text = preview.render()
    assert "greet.cs" in text and text.count("Guest") >= 3


def test_a_directory_of_apps_opens_each_as_its_own_project():
    target = resolve_target(APPS)
    assert [p.name for p in target.apps] == ["greet.cs", "sum.cs"]
    session = load_solution(APPS, watch=False)
    try:
        session.wait_loaded()
        assert sorted(p.name for p in session.report.projects) == ["greet.cs", "sum.cs"]
        assert session.run(diagnostics, severity="error").items == ()
    finally:
        session.close()


def test_a_projects_file_is_not_taken_for_an_app():
    with pytest.raises(SolutionNotFound, match="is a file of the project"):
        resolve_target(FIXTURES / "Shop" / "src" / "Shop.Core" / "Customer.cs")


def test_changed_directives_reload_the_app(tmp_path):
    app = copy_fixture("Apps", tmp_path) / "sum.cs"
    session = load_solution(app, watch=False)
    try:
        session.wait_loaded()
        assert session.run(diagnostics, severity="error").items == ()
        app.write_text("#:package Newtonsoft.Json@13.0.3\n" + app.read_text().replace("#!/usr/bin/env dotnet\n", "")
                       + 'Console.WriteLine(Newtonsoft.Json.JsonConvert.SerializeObject(1));\n')  # fmt: skip
        SolutionWatcher(session).apply({str(app)})
        assert session.run(diagnostics, severity="error").items == ()  # the package is there: reloaded
    finally:
        session.close()


def test_an_untrusted_app_opens_restricted_with_its_one_file():
    session = load_solution(APPS / "greet.cs", watch=False, trust=Trust(False, "not trusted"))
    try:
        session.wait_loaded()
        assert session.restricted
        assert [p.name for p in session.report.projects] == ["greet.cs"]
        assert "record Person" in session.run(file_outline, str(APPS / "greet.cs")).render()
    finally:
        session.close()
