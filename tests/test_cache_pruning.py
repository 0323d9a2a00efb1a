"""What the user cache keeps for a solution or an app goes once its owner is gone, and only then."""

from __future__ import annotations

import json
import shutil

from engine import find_dotnet, load_solution
from engine.host.cache import OWNER_FILE
from engine.testing.runs import run_directory
from engine.workspace.file_apps.virtual_project import app_directory, write_virtual_solution
from engine.workspace.project_cache import DISABLE_VARIABLE
from engine.workspace.project_cache.store import cache_file
from engine.workspace.sessions import close_session
from engine.workspace.solution_file import focused, resolve_target
from engine.workspace.warmup.cache_pruning import prune_cache

from .conftest import copy_fixture


def test_the_entries_of_solutions_and_apps_that_are_gone_are_removed_and_the_others_kept(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(cache))
    monkeypatch.setenv(DISABLE_VARIABLE, "0")  # the suite runs without the project cache (conftest)
    kept, gone = tmp_path / "kept", tmp_path / "gone"
    entries = {}
    for place in (kept, gone):
        place.mkdir()
        shop = copy_fixture("Shop", place)
        apps = copy_fixture("Apps", place)
        app = apps / "greet.cs"
        entries[place] = [
            run_directory(shop, "test").parent,
            focused(resolve_target(shop / "Shop.sln"), ["Shop.Core"]).path,
            app_directory(app),
            write_virtual_solution((app,), find_dotnet()),
        ]
    # An app's folder made before owners were marked: its virtual project names its app.
    (entries[gone][2] / OWNER_FILE).unlink()
    # A load leaves the project cache (and the index, pruned the same way: tests/test_index.py).
    single = copy_fixture("Single", gone)
    session = load_solution(single / "Single.csproj", watch=False, warm_up=False)
    try:
        session.wait_editing_warm(240)
        entries[gone].append(cache_file(session.target))
    finally:
        close_session(session)
    assert [entry for entry in entries[kept] + entries[gone] if not entry.exists()] == []
    assert json.loads(entries[gone][-1].read_text())["report"]["solution_path"] == str(single / "Single.csproj")

    shutil.rmtree(gone)
    removed = prune_cache()

    assert sorted(map(str, removed)) == sorted(map(str, entries[gone]))
    assert not any(entry.exists() for entry in entries[gone])
    assert all(entry.exists() for entry in entries[kept])
    assert prune_cache() == []


def test_an_entry_that_names_no_owner_is_left_alone(tmp_path, monkeypatch):
    """Made before owners were marked, or not ours: nothing says whose it is, so it stays."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(cache))
    unmarked = cache / "runs" / "0123456789ab"
    unmarked.mkdir(parents=True)
    (cache / "projects").mkdir()
    (cache / "projects" / "old.json").write_text(json.dumps({"format": 1, "report": {}}))
    (cache / "focus").mkdir()
    (cache / "focus" / "broken.slnf").write_text("not json")
    assert prune_cache() == []
    assert unmarked.is_dir() and (cache / "projects" / "old.json").is_file()
    assert (cache / "focus" / "broken.slnf").is_file()


def test_an_app_folder_only_run_app_built_is_known_by_its_restore(tmp_path, monkeypatch):
    """Made before owners were marked by ``run_app`` alone (``dotnet build app.cs --artifacts-path``):
    its restore names the app's virtual project, the app's path with ``.csproj`` after it."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(cache))
    folders = {}
    for name in ("kept", "gone"):
        app = tmp_path / name / "app.cs"
        app.parent.mkdir()
        app.write_text('Console.WriteLine("hi");\n')
        folders[name] = cache / "apps" / f"app-{name}"
        (folders[name] / "run" / "obj").mkdir(parents=True)
        restore = {"project": {"restore": {"projectPath": f"{app}.csproj", "projectName": "app"}}}
        (folders[name] / "run" / "obj" / "project.assets.json").write_text(json.dumps({"version": 3, **restore}))
    shutil.rmtree(tmp_path / "gone")
    assert prune_cache() == [folders["gone"]]
    assert folders["kept"].is_dir() and not folders["gone"].exists()
