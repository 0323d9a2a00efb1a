"""Tests on Microsoft.Testing.Platform (``tests/fixtures/Platform``: xUnit v3, ``global.json`` opting
``dotnet test`` in): the .NET 10 SDK runs such a project no other way, so ``run_tests`` takes the
platform's options, and the tests of a symbol run by name."""

from __future__ import annotations

import pytest

from engine import SymbolRef, load_solution, testing
from engine.errors import InvalidArgument
from engine.testing.platform import runs_on_platform

from .conftest import FIXTURES, copy_fixture


@pytest.fixture(scope="module")
def platform(tmp_path_factory):
    root = copy_fixture("Platform", tmp_path_factory.mktemp("platform"))
    session = load_solution(root / "Platform.slnx", watch=False, warm_up=False)
    yield session
    session.close()


def test_global_json_decides_the_runner(tmp_path):
    assert runs_on_platform(FIXTURES / "Platform" / "Lib.Tests", FIXTURES / "Platform")
    assert not runs_on_platform(FIXTURES / "Loop", FIXTURES / "Loop")
    (tmp_path / "global.json").write_text("{ not json")
    assert not runs_on_platform(tmp_path, tmp_path)


def test_every_test_runs_and_reports_each_case(platform):
    run = testing.run_tests(platform)
    assert not run.problems, run.problems
    assert (run.passed, run.failed, run.skipped) == (3, 0, 0)
    assert {item.name.split("(")[0] for item in run.items} == {
        "Platform.Tests.CalcTests.Adds",
        "Platform.Tests.CalcTests.Subtracts",
    }


def test_the_tests_of_a_symbol_run_by_name(platform):
    run = testing.run_tests(platform, symbol=SymbolRef(name="Platform.Lib.Calc.Add"))
    assert not run.problems, run.problems
    assert [(item.name, item.outcome) for item in run.items] == [("Platform.Tests.CalcTests.Adds", "passed")]


def test_a_vstest_filter_is_refused_with_what_to_give(platform):
    with pytest.raises(InvalidArgument, match="does not apply to xUnit v3") as refused:
        testing.run_tests(platform, filter="FullyQualifiedName~Calc")
    assert "Name the tests" in refused.value.describe()
