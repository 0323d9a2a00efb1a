"""A solution whose projects the workspace cannot all open (issue 42), ``tests/fixtures/Odd``: an F# and
a C++ project, an old-style .NET Framework project, one on an MSBuild SDK no feed has, a WPF one. Each
is named with what to do; the C# project that can load answers; nothing hangs."""

from __future__ import annotations

import pytest

from engine import load_solution
from engine.queries import find_symbols

from .conftest import FIXTURES, copy_fixture


@pytest.fixture(scope="module")
def odd(tmp_path_factory):
    root = copy_fixture("Odd", tmp_path_factory.mktemp("odd"))
    session = load_solution(root / "Odd.slnx", watch=False, warm_up=False)
    yield session
    session.close()


def _said(session, project: str) -> list[tuple[str, str, str]]:
    return [(d.severity, d.message, d.action) for d in session.report.diagnostics if d.project == project]


def test_what_is_not_csharp_is_named_and_left_out(odd):
    assert [s[1] for s in _said(odd, "Fun")] == ["Fun.fsproj is an F# project, not C#: left out of the answers."]
    assert [s[1] for s in _said(odd, "Native")] == ["Native.vcxproj is a C++ project, not C#: left out of the answers."]
    assert not [d for d in odd.report.diagnostics if "is not associated with a language" in d.message]


def test_each_project_that_cannot_load_says_what_to_do(odd):
    custom = [action for severity, _, action in _said(odd, "Custom") if severity == "error"]
    assert custom and all(action.startswith("The project uses an MSBuild SDK no feed here has") for action in custom)
    legacy = [action for severity, _, action in _said(odd, "Legacy") if severity == "error"]
    assert legacy and legacy[0].startswith(
        "A .NET Framework project: add the Microsoft.NETFramework.ReferenceAssemblies"
    )
    desktop = [action for severity, _, action in _said(odd, "Desktop") if severity == "error" and "Msbuild" in _]
    assert desktop and desktop[0].startswith("A Windows desktop project (WPF, Windows Forms)")


def test_the_rest_answers(odd):
    found = odd.run(find_symbols, "Greeter")
    assert [item.location.path for item in found.items] == [str(odd.root / "Good" / "Greeter.cs")]
    assert FIXTURES.joinpath("Odd", "Odd.slnx").is_file()
