"""The terminal app on a web application (``tests/fixtures/Web``): Razor files in the tree, opened,
and navigated from like a .cs file."""

from __future__ import annotations

import pytest

from tui.app import RoslynTui
from tui.widgets.solution_tree import SolutionTree
from tui.widgets.source_view import SourceView

from .test_tui_app import SIZE, loaded, open_symbol_by_search, settle
from .test_web_razor import WEB, _place


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ROSLYN_TUI_CONFIG_DIR", str(tmp_path / "config"))


async def test_a_razor_file_is_in_the_tree_and_f12_works_inside_it():
    app = RoslynTui(WEB / "Web.slnx")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        orders = WEB / "Web.Server/Components/Pages/Orders.razor"
        structure = app.query_one(SolutionTree).structure
        assert structure is not None
        server = next(project for project in structure.items if project.name == "Web.Server")
        assert str(orders) in server.documents

        # A member declared in @code is found by search and opened at its .razor line.
        await open_symbol_by_search(pilot, "Shown")
        source = app.query_one(SourceView)
        assert source.path == str(orders)
        assert source.position == _place(orders, "Shown() =>")
        assert source.language is None  # markup with C# inside: Roslyn's classes colour the C#

        # f12 on a type used in the markup's C# goes to its declaration.
        line, column = _place(orders, "Order order")
        source.move_cursor((line - 1, column))
        await pilot.press("f12")
        await settle(pilot)
        declared = WEB / "Web.Server/Data/Order.cs"
        assert source.path == str(declared)
        assert source.position[0] == _place(declared, "class Order")[0]
