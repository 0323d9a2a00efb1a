"""A focus over MCP: ROSLYN_PROJECTS opens part of a solution, and load_solution widens it without a
restart."""

from __future__ import annotations

import time

from .conftest import copy_fixture
from .mcp_client import McpClient


def test_a_focus_and_widening_it(tmp_path):
    root = copy_fixture("Shop", tmp_path)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Shop.sln"), "ROSLYN_PROJECTS": "Shop.Core"}) as mcp:
        focused = mcp.call("project_structure")
        assert not focused.is_error, focused.content[0].text
        names = [p["name"] for p in focused.structured_content["result"]["items"]]
        assert names == ["Shop.Core"]
        # What references the other projects hold is not seen: the answer says so, and how to widen.
        references = mcp.call("find_references", symbol="Shop.Core.Customer")
        assert references.structured_content["focus"].startswith("Focused: 5 projects of the solution left out")
        assert (
            references.content[0].text.startswith("Focused: 5 projects")
            and "projects=['*']" in references.content[0].text
        )
        outline = mcp.call("file_outline", file="src/Shop.Core/Customer.cs")
        assert "focus" not in outline.structured_content  # a file's outline is whole under any focus
        widened = mcp.call("load_solution", path=str(root / "Shop.sln"), projects=["*"])
        assert not widened.is_error, widened.content[0].text
        for _ in range(240):  # the switch happens when the new load is done
            structure = mcp.call("project_structure").structured_content["result"]
            if len(structure["items"]) == 6:
                break
            time.sleep(0.5)
        assert len(structure["items"]) == 6
        assert "focus" not in mcp.call("find_references", symbol="Shop.Core.Customer").structured_content
