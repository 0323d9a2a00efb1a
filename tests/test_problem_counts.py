"""One truth about problems: the app (its notice and Info panel), the MCP server (project_structure and
workspace_problems) and doctor give the same count for a solution whose restore fails for one project."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tui.app import RoslynTui

from .conftest import FIXTURES
from .mcp_client import McpClient

ORDINARY = FIXTURES / "Ordinary" / "Ordinary.slnx"
HEADLINE = "Problems while loading: 1 problem (1 error)"


pytestmark = pytest.mark.usefixtures("private_config")


def test_doctor_counts_the_problems_as_the_app_and_the_server_do():
    done = subprocess.run(
        [sys.executable, "-m", "engine", "doctor", str(ORDINARY)], capture_output=True, text=True, timeout=300
    )
    assert HEADLINE in done.stdout.splitlines(), done.stdout
    assert "error  restore  Ordinary.Plugins  NU1101: Unable to find package Ordinary.NoSuchPackage" in done.stdout


def test_the_server_counts_the_same_and_adds_compile_errors():
    with McpClient({"DOTNET_SOLUTION_PATH": str(ORDINARY)}) as mcp:
        assert HEADLINE in mcp.text("project_structure").splitlines()
        problems = mcp.call("workspace_problems")
        items = problems.structured_content["result"]["items"]
        assert [(p["kind"], p["project"]) for p in items] == [
            ("restore", "Ordinary.Plugins"),
            ("compile", "Ordinary.Lib"),
            ("compile", "Ordinary.Plugins"),
        ]
        assert problems.content[0].text.startswith("Workspace problems: 3 problems (3 errors)")
        only_load = mcp.text("workspace_problems", compile=False)
        assert only_load.startswith("Workspace problems while loading (compile errors not checked): 1 problem")


async def test_the_app_counts_the_same_in_its_notice_its_info_panel_and_its_problems_tab():
    from tui.widgets.panels import InfoPanel

    app = RoslynTui(ORDINARY)
    async with app.run_test(size=(160, 45)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert HEADLINE in app.query_one("#info-panel", InfoPanel).plain_text().splitlines()
        notices = [str(n.message) for n in app._notifications]
        assert "1 problem (1 error) while loading: see the Problems tab." in notices
        # Once the diagnostics are in, the Problems tab adds the projects that do not compile: the
        # same list as workspace_problems, whole, with what to do under each.
        problems = app.query_one("#problems-panel", InfoPanel).plain_text().splitlines()
        assert problems[0] == "Workspace problems: 3 problems (3 errors)"
        assert sum(1 for line in problems if line.startswith("  -> ")) == 3
