"""A REPL session handed over as a file-based app: written, built, run with ``dotnet run`` and with
run_app (confined), printing what the session printed."""

from __future__ import annotations

import subprocess

import pytest

from engine import load_solution, repl
from engine.apps.export import export_app
from engine.apps.run import run_app
from engine.errors import InvalidArgument
from engine.host.runtime import ensure_runtime
from engine.sandbox import confinement

from .conftest import copy_fixture


@pytest.fixture
def trusted(monkeypatch, tmp_path):
    """The REPL allowed, the working directory a fresh folder (no solution: apps go there)."""
    ensure_runtime()
    monkeypatch.setenv("ROSLYN_TUI_TRUST_REPL", "1")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    repl.reset_repl()


def test_a_session_with_a_package_becomes_an_app_that_prints_the_same(trusted):
    printed = []
    for code in (
        "record Point(int X, int Y);",
        "#:package Newtonsoft.Json@13.0.3\nusing Newtonsoft.Json;\nvar points = new[] { new Point(1, 2), new Point(3, 4) };",
        "Console.WriteLine(JsonConvert.SerializeObject(points[1]));",
        "int Total(IEnumerable<Point> all) => all.Sum(p => p.X + p.Y);\nTotal(points)",
    ):
        result = repl.evaluate_csharp(code, "export")
        assert result.ran and result.exception is None, result.render()
        printed += [result.stdout.strip()] if result.stdout else []
        printed += [result.value] if result.value else []
    repl.evaluate_csharp('throw new Exception("left out");', "export")  # an exception: not exported

    exported = export_app("tools/points.cs", "export")
    assert exported.builds, exported.render()
    assert exported.packages == ("Newtonsoft.Json@13.0.3",) and exported.submissions == 4
    text = (trusted / "tools" / "points.cs").read_text()
    assert text.startswith("#!/usr/bin/env dotnet\n#:package Newtonsoft.Json@13.0.3\n")
    assert text.index("using Newtonsoft.Json;") < text.index("var points") < text.index("record Point")
    assert "Console.WriteLine(Total(points));" in text and "left out" not in text

    ran = subprocess.run(["dotnet", "run", "tools/points.cs"], capture_output=True, text=True, cwd=trusted, timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == printed == ['{"X":3,"Y":4}', "10"]

    confined_run = run_app("tools/points.cs")
    assert confined_run.exit_code == 0 and confined_run.stdout.split() == printed


def test_an_app_error_is_mapped_to_its_submission_and_line(trusted):
    repl.evaluate_csharp("var a = 1;", "broken")
    assert repl.evaluate_csharp("var b = 2;\npublic int Field = 3;", "broken").ran  # a script field: no app form
    exported = export_app("broken.cs", "broken")
    assert not exported.builds
    error = next(e for e in exported.errors if e.id == "CS9348")  # members outside a type
    assert (error.submission, error.line) == (2, 2)
    assert "submission 2 line 2" in exported.render()


def test_where_an_app_may_be_written(trusted, tmp_path_factory):
    repl.evaluate_csharp("var a = 1;", "where")
    with pytest.raises(InvalidArgument, match="outside"):
        export_app(str(tmp_path_factory.mktemp("elsewhere") / "app.cs"), "where")
    with pytest.raises(InvalidArgument, match=r"not a \.cs file"):
        export_app("app.txt", "where")
    export_app("app.cs", "where")
    with pytest.raises(InvalidArgument, match="exists"):
        export_app("app.cs", "where")
    assert export_app("app.cs", "where", overwrite=True).builds
    # A session of its own (the shared Shop session's load report is what other tests see first).
    single = load_solution(copy_fixture("Single", tmp_path_factory.mktemp("single")) / "Single.csproj", watch=False)
    try:
        single.wait_loaded()
        with pytest.raises(InvalidArgument, match="inside the project folder of Single"):
            export_app("Tool.cs", "where", single)
    finally:
        single.close()
    with pytest.raises(InvalidArgument, match="no submissions"):
        export_app("other.cs", "never-used")


@pytest.mark.skipif(not confinement().active, reason=f"no confinement here: {confinement().why_not}")
def test_run_app_is_confined_and_passes_arguments(trusted):
    app = copy_fixture("Apps", trusted) / "sum.cs"
    ran = run_app(str(app), ["2", "3"])
    assert (ran.exit_code, ran.stdout.strip()) == (0, "sum: 5")
    writer = app.parent / "writer.cs"
    writer.write_text(f'System.IO.File.WriteAllText(@"{trusted / "escaped.txt"}", "x");\n')
    ran = run_app(str(writer))
    assert ran.exit_code != 0 and "Read-only file system" in ran.stderr
    assert not (trusted / "escaped.txt").exists()
    assert "confined" in ran.render()
