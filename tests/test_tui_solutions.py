"""Several solutions in the terminal app, driven with Textual's Pilot: ``roslyn-tui Store.slnx Tools.slnx``
shows each solution under a node of its own with its projects (``Store.Core`` under both), each on its
own shared engine, and the app answers about the solution the tree's cursor is in."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import SymbolRef, queries
from shared_engine.remote import RemoteSession
from tui.app import RoslynTui
from tui.widgets.solution_tree import SolutionNode, SolutionTree
from tui.widgets.source_view import SourceView

from .conftest import copy_fixture
from .pilot_waits import settled

pytestmark = pytest.mark.usefixtures("private_config")


async def test_the_tree_shows_each_solution_and_the_app_answers_about_the_one_the_cursor_is_in(tmp_path) -> None:
    monorepo = copy_fixture("Monorepo", tmp_path)
    app = RoslynTui(monorepo / "Store.slnx", more=(monorepo / "Tools.slnx",))
    async with app.run_test(size=(140, 40)) as pilot:
        tree = app.query_one(SolutionTree)
        await settled(pilot, lambda: len(tree.structures) == 2, 120)
        assert str(tree.root.label) == "2 solutions"
        shown = {str(node.label): [str(child.label) for child in node.children] for node in tree.root.children}
        expected = {
            Path(structure.solution_path).name: sorted(project.name for project in structure.items)
            for structure in tree.structures
        }
        assert shown == expected == {"Store.slnx": ["Store.App", "Store.Core"], "Tools.slnx": ["Store.Core", "Tools.Cli"]}
        assert all(isinstance(node.data, SolutionNode) for node in tree.root.children)

        store, tools = app.session, app.sessions[str(monorepo / "Tools.slnx")]
        assert isinstance(store, RemoteSession) and isinstance(tools, RemoteSession)
        assert store.engine_pid != tools.engine_pid  # each solution its own shared engine

        tools_node = tree.root.children[1]
        cli = next(node for node in tools_node.children if str(node.label) == "Tools.Cli")
        tree.focus()
        tree.move_cursor(cli)
        await settled(pilot, lambda: app.session is tools)
        assert "Tools.slnx" in app.sub_title
        cli.expand()
        await pilot.pause(0.2)  # an expanded node's children have their lines once laid out
        program = next(node for node in cli.children if str(node.label) == "Program.cs")
        tree.move_cursor(program)
        await pilot.press("enter")
        source = app.query_one(SourceView)
        await settled(pilot, lambda: source.path == str(monorepo / "tools/Tools.Cli/Program.cs"))
        # What the app now asks goes to Tools: Migrator is declared there only.
        info = app.session.run(queries.symbol_info, SymbolRef(name="Migrator"))
        assert info.symbol.documentation_id == "T:Tools.Cli.Migrator"

        store_core = next(node for node in tree.root.children[0].children if str(node.label) == "Store.Core")
        tree.move_cursor(store_core)
        await settled(pilot, lambda: app.session is store)
        assert app.query_one(SolutionTree).structure.solution_path == str(monorepo / "Store.slnx")
