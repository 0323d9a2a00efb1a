"""Tests on target frameworks this machine cannot run as they are (issue 42): ``tests/fixtures/Runtimes``
targets net472, net8.0, net9.0 and net10.0 where only the .NET 10 runtime is installed. The targets
whose runtime is missing run by roll-forward and say so; .NET Framework is named as not run, with why;
``roll_forward=False`` and ``framework=`` do what they say."""

from __future__ import annotations

import subprocess

import pytest

from engine import load_solution, testing
from engine.errors import InvalidArgument
from engine.testing.runtimes import installed_runtimes, plans

from .conftest import copy_fixture


@pytest.fixture(scope="module")
def runtimes(tmp_path_factory):
    root = copy_fixture("Runtimes", tmp_path_factory.mktemp("runtimes"))
    session = load_solution(root / "Runtimes.slnx", watch=False, warm_up=False)
    yield session
    session.close()


def _newest() -> str:
    return installed_runtimes("dotnet")[0]


def _major(version: str) -> int:
    return int(version.split(".")[0])


def test_the_installed_runtimes_are_what_dotnet_lists():
    listed = subprocess.run(["dotnet", "--list-runtimes"], capture_output=True, text=True, check=True).stdout
    assert {line.split()[1] for line in listed.splitlines() if line.startswith("Microsoft.NETCore.App ")} == set(
        installed_runtimes("dotnet")
    )


def test_each_target_runs_where_it_can_and_says_how(runtimes):
    newest = _newest()
    missing = [f for f in ("net8.0", "net9.0") if _major(newest) > int(f[3])]
    run = testing.run_tests(runtimes)
    by_target = {t.framework: t for t in run.targets}
    assert list(by_target) == ["net472", "net8.0", "net9.0", "net10.0"]
    assert not by_target["net472"].ran and "only on Windows" in by_target["net472"].note
    for framework in ("net8.0", "net9.0", "net10.0"):
        assert (by_target[framework].passed, by_target[framework].failed) == (1, 1)
    for framework in missing:
        assert by_target[framework].note == (
            f"its runtime ({framework[3]}.0) is not installed; ran on {newest} by roll-forward"
        )
    assert (run.passed, run.failed) == (3, 3)
    assert {item.framework for item in run.items} == {"net8.0", "net9.0", "net10.0"}
    header = run.render().splitlines()[0]
    assert header.endswith(f"({', '.join(missing)} by roll-forward; net472 not run)")
    assert "problem:" not in run.render()


def test_without_roll_forward_a_missing_runtime_is_named_not_run(runtimes):
    newest = _newest()
    run = testing.run_tests(runtimes, roll_forward=False)
    net8 = next(t for t in run.targets if t.framework == "net8.0")
    assert not net8.ran
    assert net8.note.startswith("its runtime (8.0) is not installed (installed: ") and newest in net8.note
    assert (run.passed, run.failed) == (1, 1)  # net10.0 alone


def test_one_framework_when_asked(runtimes):
    run = testing.run_tests(runtimes, framework="net9.0")
    assert [t.framework for t in run.targets] == ["net9.0"] and (run.passed, run.failed) == (1, 1)
    with pytest.raises(InvalidArgument, match=r"The tests do not target 'net7\.0'"):
        testing.run_tests(runtimes, framework="net7.0")


def test_plans_follow_the_installed_runtimes():
    found = plans(["net6.0", "net10.0", "netstandard2.0"], ("10.0.12", "8.0.5"), roll_forward=True)
    assert [(p.framework, p.runs, p.roll_forward) for p in found] == [
        ("net6.0", True, True),
        ("net10.0", True, False),
        ("netstandard2.0", True, False),
    ]
    assert plans(["net11.0"], ("10.0.12",), roll_forward=True)[0].runs is False  # no newer runtime to roll to


def test_a_global_json_pinning_a_missing_sdk_is_named(tmp_path):
    from engine.errors import EngineError

    root = copy_fixture("Loop", tmp_path)
    session = load_solution(root / "Loop.slnx", watch=False, warm_up=False)
    pin = root / "global.json"
    try:
        pin.write_text('{"sdk": {"version": "8.0.100", "rollForward": "disable"}}')
        report = testing.run_build(session)
    finally:
        session.close()
    said = f"global.json ({pin}) pins .NET SDK 8.0.100, which is not installed (installed: "
    assert not report.succeeded and report.problem.startswith(said)
    assert f"problem: {said}" in report.render()
    with pytest.raises(EngineError, match=r"pins \.NET SDK 8\.0\.100, which is not installed"):
        load_solution(root / "Loop.slnx", watch=False, warm_up=False)


def test_an_app_for_a_runtime_not_installed_runs_by_roll_forward(tmp_path, monkeypatch):
    from engine.apps import run_app

    monkeypatch.setenv("ROSLYN_TUI_TRUST_REPL", "1")
    monkeypatch.chdir(tmp_path)
    app = tmp_path / "app.cs"
    app.write_text(
        "#:property TargetFramework=net8.0\n"
        "Console.WriteLine(System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription);\n"
    )
    ran = run_app(str(app))
    newest = _newest()
    assert ran.exit_code == 0 and ran.stdout.strip() == f".NET {newest}"
    if _major(newest) > 8:
        assert ran.runtime == f"its runtime (8.0) is not installed; ran on {newest} by roll-forward"
        assert f"({ran.runtime})" in ran.render().splitlines()[0]
