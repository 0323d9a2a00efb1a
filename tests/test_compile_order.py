"""The background warm-up's order: every project after what it references, an opened file's first."""

from __future__ import annotations

from engine.workspace.snapshot import display_name
from engine.workspace.warmup.compile_order import warm_order

from .conftest import SHOP


def _assert_dependencies_first(snapshot, projects) -> None:
    graph = snapshot.solution.GetProjectDependencyGraph()
    seen: set[str] = set()
    navigated = {str(p.Id.Id) for p in snapshot.projects}
    for project in projects:
        for dependency in graph.GetProjectsThatThisProjectDirectlyDependsOn(project.Id):
            if str(dependency.Id) in navigated:
                assert str(dependency.Id) in seen, f"{display_name(project)} came before a project it references"
        seen.add(str(project.Id.Id))


def test_every_project_comes_once_after_the_projects_it_references(shop_snapshot):
    projects = warm_order(shop_snapshot, [])

    assert sorted(display_name(p) for p in projects) == sorted(display_name(p) for p in shop_snapshot.projects)
    _assert_dependencies_first(shop_snapshot, projects)


def test_an_opened_files_project_and_its_references_come_first(shop_snapshot):
    opened = str(SHOP / "src" / "Shop.Data" / "Seeder.cs")

    projects = warm_order(shop_snapshot, [opened])

    assert [display_name(p) for p in projects[:2]] == ["Shop.Core", "Shop.Data"]
    _assert_dependencies_first(shop_snapshot, projects)


def test_paths_outside_the_solution_change_nothing(shop_snapshot, tmp_path):
    unchanged = [display_name(p) for p in warm_order(shop_snapshot, [])]

    odd = [str(tmp_path / "Elsewhere.cs"), "bad\0path.cs", ""]

    assert [display_name(p) for p in warm_order(shop_snapshot, odd)] == unchanged


def test_the_warm_up_leaves_every_project_compiled(shop):
    shop.wait_warm(300)

    compiled = {display_name(p): bool(p.TryGetCompilation(None)[0]) for p in shop.snapshot().projects}

    assert compiled == dict.fromkeys(compiled, True)
