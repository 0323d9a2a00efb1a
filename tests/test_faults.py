"""Faults in the solution or around it: each answered clearly, and the rest keeps working."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine import load_solution
from engine.host.processes import descendants
from engine.queries import find_symbols
from engine.workspace.watcher import SolutionWatcher

from .conftest import copy_fixture

BROKEN_XML = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</Target'


def test_a_project_file_that_is_not_xml_is_reported_by_name_and_the_rest_answers(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    (shop / "src" / "Shop.Multi" / "Shop.Multi.csproj").write_text(BROKEN_XML)
    session = load_solution(shop / "Shop.sln", watch=False)
    try:
        problems = [d for d in session.report.diagnostics if d.project == "Shop.Multi"]
        assert problems and "could not be loaded" in problems[0].message
        assert session.run(find_symbols, "Journal").total == 1
    finally:
        session.close()


def test_a_project_file_broken_after_load_keeps_the_last_good_project_and_says_so(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    session = load_solution(shop / "Shop.sln", watch=False)
    try:
        project = shop / "src" / "Shop.Core" / "Shop.Core.csproj"
        good = project.read_text()
        project.write_text(BROKEN_XML)
        SolutionWatcher(session).apply({str(project)})
        assert session.run(find_symbols, "Journal").total == 1  # Shop.Core's documents are still there
        failed = [d for d in session.report.diagnostics if d.message.startswith("Updating after Shop.Core.csproj")]
        assert failed and "still answering from the last good solution" in failed[0].message
        project.write_text(good)
        SolutionWatcher(session).apply({str(project)})
        assert not [d for d in session.report.diagnostics if d.message.startswith("Updating after")]
    finally:
        session.close()


def test_a_project_cycle_is_reported_and_both_projects_answer(tmp_path):
    for name, other in (("A", "B"), ("B", "A")):
        (tmp_path / name).mkdir()
        (tmp_path / name / f"{name}.csproj").write_text(
            '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>'
            f'</PropertyGroup><ItemGroup><ProjectReference Include="../{other}/{other}.csproj" /></ItemGroup></Project>'
        )
        (tmp_path / name / f"{name}Type.cs").write_text(f"namespace {name}; public class {name}Type {{ }}\n")
    (tmp_path / "Cycle.slnx").write_text(
        '<Solution><Project Path="A/A.csproj" /><Project Path="B/B.csproj" /></Solution>'
    )
    session = load_solution(tmp_path / "Cycle.slnx", watch=False)
    try:
        assert any("circular dependency" in d.message for d in session.report.diagnostics)
        assert session.run(find_symbols, "AType").total == 1 and session.run(find_symbols, "BType").total == 1
    finally:
        session.close()


def test_a_global_json_pinning_a_missing_sdk_is_a_named_error(tmp_path):
    # A fresh process: the runtime is chosen once per process, from the solution's SDK.
    single = copy_fixture("Single", tmp_path)
    (single / "global.json").write_text('{"sdk": {"version": "99.0.100", "rollForward": "disable"}}')
    doctor = subprocess.run(
        [sys.executable, "-m", "engine", "doctor", str(single / "Single.csproj")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parent.parent,
    )
    assert doctor.returncode == 1
    assert "DotnetNotFound" in doctor.stdout + doctor.stderr and "global.json" in doctor.stdout + doctor.stderr


def test_build_processes_killed_mid_session_are_started_again_on_the_next_load(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    session = load_solution(shop / "Shop.sln", watch=False)
    try:
        for pid in descendants():
            with contextlib.suppress(ProcessLookupError):  # one that ended on its own since it was listed
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)
        project = shop / "src" / "Shop.Core" / "Shop.Core.csproj"
        project.write_text(project.read_text().replace("</Project>", "  <!-- touched -->\n</Project>"))
        SolutionWatcher(session).apply({str(project)})
        assert not [d for d in session.report.diagnostics if d.message.startswith("Updating after")]
        assert session.run(find_symbols, "Journal").total == 1
    finally:
        session.close()


def test_a_project_file_missing_at_load_is_reported_and_the_rest_answers(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    (shop / "src" / "Shop.Multi" / "Shop.Multi.csproj").unlink()  # listed in Shop.sln, gone from disk
    session = load_solution(shop / "Shop.sln", watch=False)
    try:
        assert any("Shop.Multi.csproj" in d.message for d in session.report.diagnostics)
        assert session.run(find_symbols, "Journal").total == 1
    finally:
        session.close()


def test_a_source_file_that_is_not_text_is_read_and_the_rest_answers(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    (shop / "src" / "Shop.Core" / "Garbage.cs").write_bytes(bytes(range(256)) * 8)  # not UTF-8, NULs included
    session = load_solution(shop / "Shop.sln", watch=False)
    try:
        assert session.run(find_symbols, "Journal").total == 1
        from engine.queries import diagnostics, read_file

        assert session.run(diagnostics, file="src/Shop.Core/Garbage.cs", severity="error").total > 0
        assert session.run(read_file, "src/Shop.Core/Garbage.cs", 1, 1).lines
    finally:
        session.close()
