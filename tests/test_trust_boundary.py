"""The trust gate and the solution boundary, on the real engine.

``Hostile`` has a ``Directory.Build.targets`` that writes ``marker.txt`` whenever MSBuild runs: the
marker tells whether code from the repository ran.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import NotTrusted, OutsideSolution, SymbolRef, Trust, load_solution, queries
from engine import trust as trusting

from .conftest import copy_fixture

SECRET = "TOPSECRET_d41d8cd9"


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "config"
    monkeypatch.setenv(trusting.CONFIG_DIR_VARIABLE, str(directory))
    monkeypatch.delenv(trusting.TRUSTED_ROOTS_VARIABLE, raising=False)
    return directory


def test_an_untrusted_solution_runs_nothing_and_answers_from_syntax(tmp_path, config_dir):
    hostile = copy_fixture("Hostile", tmp_path)
    # Read from syntax alone, a link out of the solution is left out too.
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "Linked.cs").write_text(f'class Linked {{ const string S = "{SECRET}"; }}\n')
    (hostile / "Linked.cs").symlink_to(outside / "Linked.cs")
    trust = trusting.decide(hostile / "Hostile.csproj")
    assert not trust.trusted
    session = load_solution(hostile, trust=trust, watch=False)
    assert not (hostile / "marker.txt").exists()
    assert session.restricted
    assert any(note.startswith("untrusted: ") and "ROSLYN_TRUSTED_ROOTS" in note for note in session.report.notes)
    found = session.run(queries.find_symbols, "Widget")
    assert [item.name for item in found.items] == ["Widget"]
    assert session.run(queries.find_symbols, "Linked").items == ()
    outline = session.run(queries.file_outline, "Widget.cs").render()
    assert "method Widget.Grow(int)  8:16" in outline
    assert (
        session.run(queries.get_source, SymbolRef(name="Widget.Grow"))
        .parts[0]
        .lines[-1]
        .strip()
        .startswith("public int Grow")
    )
    for query in (queries.find_references, queries.diagnostics):
        with pytest.raises(NotTrusted) as refused:
            session.run(query, SymbolRef(name="Widget")) if query is queries.find_references else session.run(query)
        assert "open restricted because it is not trusted" in str(refused.value)
        assert "ROSLYN_TRUSTED_ROOTS" in refused.value.hint
    assert not (hostile / "marker.txt").exists()


def test_trusted_roots_and_remembered_grants(tmp_path, config_dir, monkeypatch):
    solution = tmp_path / "repos" / "app" / "App.sln"
    assert trusting.decide(solution) == Trust(False, "not trusted")
    monkeypatch.setenv(trusting.TRUSTED_ROOTS_VARIABLE, os.pathsep.join(["relative/ignored", str(tmp_path / "repos")]))
    assert trusting.decide(solution).trusted
    assert "under trusted root" in trusting.decide(solution).reason
    assert not trusting.decide(tmp_path / "elsewhere" / "Other.sln").trusted
    monkeypatch.delenv(trusting.TRUSTED_ROOTS_VARIABLE)
    trusting.grant(solution)
    assert trusting.decide(solution) == Trust(True, "trusted by you in roslyn-tui")
    assert (config_dir / "trust.json").is_file()


def test_files_outside_the_solution_are_never_read_or_shown(tmp_path):
    """A symlink and a Compile item that point outside: left out, listed, and refused by name."""
    hostile = copy_fixture("Hostile", tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "Secret.cs").write_text(f'class Secret {{ string s = "{SECRET}"; int {SECRET} }}\n')
    (outside / "Linked.cs").write_text(f'class Linked {{ const string S = "{SECRET}"; }}\n')
    (hostile / "Linked.cs").symlink_to(outside / "Linked.cs")
    project = hostile / "Hostile.csproj"
    project.write_text(
        project.read_text().replace(
            "</Project>", f'  <ItemGroup><Compile Include="{outside / "Secret.cs"}" /></ItemGroup>\n</Project>'
        )
    )
    session = load_solution(hostile, watch=False)
    assert (hostile / "marker.txt").exists(), "a trusted load runs MSBuild (the marker proves the test can see it)"
    left_out = next(note for note in session.report.notes if note.startswith("Left out"))
    assert str(outside / "Secret.cs") in left_out and str(hostile / "Linked.cs") in left_out
    assert session.run(queries.find_symbols, "Secret").items == ()
    assert session.run(queries.find_symbols, "Linked").items == ()
    for path in ("Linked.cs", str(outside / "Secret.cs"), "../outside/Secret.cs"):
        with pytest.raises(OutsideSolution) as refused:
            session.run(queries.read_file, path)
        assert "outside the solution directory" in str(refused.value)
    answers = [
        session.run(queries.diagnostics, None, None, "hidden", True).render(),
        session.run(queries.project_structure, True).render(),
        session.run(queries.find_symbols, "*").render(),
    ]
    assert not any(SECRET in answer for answer in answers)
