"""The Project view in the terminal app, driven with Textual's Pilot on a private copy of Packages: p on
a project in the solution tree shows its frameworks, properties and packages (the text of
``project_overview``), u updates the chosen package through the same diff screen as code edits, and
the palette's undo puts every byte back."""

from __future__ import annotations

import pytest

from engine import project_edits
from tui.app import RoslynTui
from tui.screens.edits import DiffScreen
from tui.screens.project import ProjectScreen
from tui.widgets.panels import ListPanel
from tui.widgets.solution_tree import SolutionTree

from .conftest import copy_fixture
from .pilot_waits import settled

pytestmark = pytest.mark.usefixtures("private_config")


async def test_p_on_a_project_shows_it_and_u_updates_a_package_then_undo(tmp_path) -> None:
    root = copy_fixture("Packages", tmp_path)
    props = root / "Directory.Packages.props"
    original = props.read_bytes()
    app = RoslynTui(root / "Packages.slnx")
    async with app.run_test(size=(160, 45)) as pilot:
        tree = app.query_one(SolutionTree)
        await settled(pilot, lambda: tree.structure is not None and app.session is not None)
        core = next(node for node in tree.root.children if str(node.label) == "Packages.Core")
        tree.focus()
        tree.move_cursor(core)
        await pilot.press("p")
        await settled(pilot, lambda: isinstance(app.screen, ProjectScreen) and app.screen.overview is not None)
        screen = app.screen
        expected = app.session.call(project_edits.project_overview, "Packages.Core", True)
        facts = str(screen.query_one("#project-facts").render())
        assert facts.splitlines() == expected.facts()
        panel = screen.query_one(ListPanel)
        assert panel.plain_text().splitlines()[1:] == expected.packages().render().splitlines()[1:]
        assert "Newtonsoft.Json  13.0.3  13.0.3  -> 13.0.4" in panel.plain_text()

        await pilot.press("u")  # the chosen package, to the newest on the feed
        await settled(pilot, lambda: isinstance(app.screen, DiffScreen))
        assert '+    <PackageVersion Include="Newtonsoft.Json" Version="13.0.4" />' in str(
            app.screen.query_one("#diff-text").render()
        )
        await pilot.press("ctrl+s")
        await settled(pilot, lambda: b'Version="13.0.4"' in props.read_bytes())
        await app.workers.wait_for_complete()

        app.action_undo_edit()
        await settled(pilot, lambda: props.read_bytes() == original)
