"""The terminal app on generated code: the tree lists what the source generators add under each
project's ``generated/``, and choosing a file shows it (read from the compilation)."""

from __future__ import annotations

import pytest

from tui.app import RoslynTui
from tui.widgets.solution_tree import FileNode, SolutionTree
from tui.widgets.source_view import SourceView

from .conftest import SHOP_SLN

pytestmark = pytest.mark.usefixtures("private_config")


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_tree_shows_generated_files_and_opens_them(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        tree = app.query_one(SolutionTree)
        project = next(node for node in tree.root.children if str(node.label) == "Shop.App")
        folder = next(node for node in project.children if str(node.label) == "generated/")
        (generated,) = folder.children
        assert str(generated.label) == "GeneratedInfo.g.cs  (InfoGenerator)"
        assert isinstance(generated.data, FileNode)
        tree.select_node(generated)
        await settle(pilot)
        source = app.query_one(SourceView)
        assert source.path == generated.data.path
        assert 'public const string Name = "Shop.App";' in source.text
