"""The C# REPL on real Roslyn scripting in real worker processes: values, state, errors with their
positions, captured output, the solution's own types (before and after an edit), NuGet packages,
validation that runs nothing, and the consent rule."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engine import load_solution, repl
from engine.errors import InvalidArgument, NotTrusted
from engine.repl import contexts as contexts_module
from engine.trust import Trust

from .conftest import copy_fixture


@pytest.fixture(autouse=True)
def fresh_contexts():
    yield
    repl.reset_repl()


def test_an_expression_gives_its_value_and_type(shop):
    result = repl.evaluate_csharp("Enumerable.Range(1, 4).Sum() * 2", session=shop)
    assert (result.ran, result.value, result.type) == (True, "20", "int")
    assert result.context_id == "default"
    assert "= 20  (int)" in result.render()


def test_variables_usings_and_functions_persist_in_a_context_and_not_across(shop):
    repl.evaluate_csharp("using System.Text.Json; var total = 40; int Twice(int x) => x * 2;", session=shop)
    result = repl.evaluate_csharp("Twice(total) + 2", session=shop)
    assert result.value == "82"
    assert repl.evaluate_csharp("JsonSerializer.Serialize(new[] { 1, 2 })", session=shop).value == '"[1,2]"'
    other = repl.evaluate_csharp("total", "other", session=shop)
    assert not other.ran and other.diagnostics[0].id == "CS0103"
    state = repl.repl_state()
    assert [(v.name, v.type, v.value) for v in state.variables] == [("total", "int", "40")]
    assert "System.Text.Json" in state.imports


def test_a_compile_error_has_its_line_and_column_and_nothing_runs(shop):
    code = 'var ok = 1;\nint broken = "text";\nConsole.WriteLine("never");'
    result = repl.evaluate_csharp(code, session=shop)
    assert not result.ran and result.stdout == ""
    (error,) = result.diagnostics
    assert (error.id, error.severity, error.line, error.column) == ("CS0029", "error", 2, 14)
    assert result.render().splitlines()[-2:] == ['  int broken = "text";', "               ^^^^^^"]


def test_console_output_and_exceptions_are_captured(shop):
    result = repl.evaluate_csharp(
        'Console.WriteLine("out line"); Console.Error.WriteLine("err line"); '
        'throw new InvalidOperationException("boom");',
        session=shop,
    )
    assert result.stdout == "out line\n" and result.stderr == "err line\n"
    assert result.exception is not None
    assert (result.exception.type, result.exception.message) == ("System.InvalidOperationException", "boom")
    # The context survives an exception.
    assert repl.evaluate_csharp("1 + 1", session=shop).value == "2"


def test_the_solutions_own_types_are_usable(shop):
    result = repl.evaluate_csharp(
        'var c = new Shop.Core.Customer(7, "Ann"); c.Describe()', "shop", shop, reference_solution=True
    )
    assert result.ran, result.render()
    assert result.type == "string" and "Ann" in (result.value or "")
    assert any("references the solution's" in n for n in result.notices)
    assert any("Shop.Broken does not compile" in n for n in result.notices)
    again = repl.evaluate_csharp("c.Id", "shop", shop, reference_solution=True)
    assert again.value == "7" and not any("built" in n for n in again.notices)


def test_the_solution_is_rebuilt_after_a_source_edit(tmp_path):
    root = copy_fixture("Shop", tmp_path)
    session = load_solution(root / "Shop.sln", watch=True)
    try:
        session.wait_loaded()
        code = 'new Shop.Core.Customer(1, "Ann").Describe()'
        before = repl.evaluate_csharp(code, "edit", session, reference_solution=True)
        assert before.ran, before.render()
        customer = root / "src" / "Shop.Core" / "Customer.cs"
        text = customer.read_text(encoding="utf-8")
        marker = "public override string Describe() =>"
        assert marker in text
        start = text.index(marker) + len(marker)
        end = text.index(";", start)
        customer.write_text(text[:start] + ' "edited " + Name' + text[end:], encoding="utf-8")
        deadline = time.monotonic() + 30
        after = before
        while time.monotonic() < deadline:
            after = repl.evaluate_csharp(code, "edit", session, reference_solution=True)
            if after.value == '"edited Ann"':
                break
            time.sleep(0.5)
        assert after.value == '"edited Ann"', after.render()
        assert any("restarted" in n for n in after.notices)
    finally:
        session.close()


def test_a_nuget_package_loads_into_a_context(shop):
    code = '#r "nuget: Newtonsoft.Json, 13.0.3"\nNewtonsoft.Json.JsonConvert.SerializeObject(new { A = 1 })'
    result = repl.evaluate_csharp(code, "json", shop)
    assert result.value == '"{\\"A\\":1}"', result.render()
    assert "restored Newtonsoft.Json 13.0.3" in result.notices
    loaded = repl.load_nuget_package("Newtonsoft.Json", "13.0.3", "linq", shop)
    assert loaded.assemblies == ("Newtonsoft.Json.dll",) and loaded.target_framework == "net10.0"
    value = repl.evaluate_csharp('Newtonsoft.Json.Linq.JObject.Parse("{\\"a\\": 5}")["a"].ToString()', "linq", shop)
    assert value.value == '"5"' and not value.diagnostics
    assert "Newtonsoft.Json 13.0.3" in repl.repl_state("linq").packages


def test_validate_reports_errors_and_runs_nothing(shop, tmp_path):
    marker = tmp_path / "ran.txt"
    code = f'System.IO.File.WriteAllText(@"{marker}", "x");\nundefinedName + 1'
    checked = repl.validate_csharp(code, session=shop)
    assert [(d.id, d.line) for d in checked.diagnostics] == [("CS0103", 2)]
    assert repl.validate_csharp(f'System.IO.File.WriteAllText(@"{marker}", "x");', session=shop).errors == 0
    assert not marker.exists()


def test_info_lists_framework_limits_and_contexts(shop):
    repl.evaluate_csharp("var x = 1;", "listed", shop)
    info = repl.repl_info(shop)
    assert info.allowed and info.framework.startswith(".NET ")
    assert info.target_framework == "net10.0" and info.language_version[0].isdigit()
    assert (info.time_limit_seconds, info.memory_limit_mb) == (10.0, 512)
    assert "System.Linq" in info.default_imports
    assert [c.context_id for c in info.contexts] == ["listed"]
    assert repl.reset_repl("listed").ended == ("listed",)
    assert repl.repl_info(shop).contexts == ()
    assert repl.reset_repl("listed").render() == "no live context named listed"


def test_bad_input_is_named(shop, monkeypatch):
    with pytest.raises(InvalidArgument, match="no code"):
        repl.evaluate_csharp("   ", session=shop)
    with pytest.raises(InvalidArgument, match="not a context id"):
        repl.evaluate_csharp("1", "../x", shop)
    with pytest.raises(InvalidArgument, match="no live REPL context named nope"):
        repl.repl_state("nope")
    monkeypatch.setenv("ROSLYN_TUI_TRUST_REPL", "1")
    with pytest.raises(InvalidArgument, match="needs a loaded solution"):
        repl.evaluate_csharp("1", reference_solution=True, session=None)


def test_no_code_runs_without_consent(tmp_path, monkeypatch):
    monkeypatch.delenv("ROSLYN_TUI_TRUST_REPL", raising=False)
    marker = tmp_path / "ran.txt"
    code = f'System.IO.File.WriteAllText(@"{marker}", "x")'
    with pytest.raises(NotTrusted, match="no trusted solution is loaded") as raised:
        repl.evaluate_csharp(code)
    assert "ROSLYN_TUI_TRUST_REPL=1" in raised.value.hint
    root = copy_fixture("Single", tmp_path)
    restricted = load_solution(root / "Single.csproj", watch=False, trust=Trust(False, "not trusted"))
    try:
        restricted.wait_loaded()
        with pytest.raises(NotTrusted, match="open restricted"):
            repl.evaluate_csharp(code, session=restricted)
        with pytest.raises(NotTrusted):
            repl.validate_csharp(code, session=restricted)
        assert not repl.repl_info(restricted).allowed
    finally:
        restricted.close()
    assert not marker.exists()
    monkeypatch.setenv("ROSLYN_TUI_TRUST_REPL", "1")
    assert repl.evaluate_csharp("6 * 7").value == "42"


def test_workers_never_share_the_engine_process(shop):
    repl.evaluate_csharp("var here = 1;", "pid", shop)
    context = contexts_module.shared().find("pid")
    assert context is not None
    pid = context.worker.pid
    assert pid != os.getpid() and Path(f"/proc/{pid}").exists()
    repl.reset_repl("pid")
    time.sleep(0.2)
    assert not Path(f"/proc/{pid}").exists()
