"""Server-wide limits: the response budget, the per-call timeout, and a server with no solution."""

from __future__ import annotations

import json

from .conftest import SHOP_SLN, copy_fixture
from .mcp_client import McpClient


def test_a_small_budget_cuts_lists_and_says_how_to_get_the_rest(shop_copy):
    with McpClient({"DOTNET_SOLUTION_PATH": str(shop_copy / "Shop.sln"), "ROSLYN_RESPONSE_BUDGET": "600"}) as mcp:
        result = mcp.call("find_references", symbol="Customer.Balance")
        text = result.content[0].text
        data = result.structured_content
        shown = len(data["result"]["items"])
        assert 0 < shown < 8 and data["omitted"] == 8 - shown
        assert f"... {8 - shown} more: call again with cursor=" in text
        view = text.rsplit("\n... ", 1)[0]
        assert len(view) <= 600
        source = mcp.call("read_file", file="src/Shop.Core/Customer.Orders.cs").content[0].text
        assert "... cut at 600 characters" in source
        # The budget bounds the whole message: text and structured content together.
        for tool, arguments in (
            ("type_hierarchy", {"symbol": "Entity"}),
            ("find_references", {"symbol": "Customer"}),
            ("call_hierarchy", {"symbol": "Workflow.Start", "direction": "outgoing", "depth": 3}),  # no page cuts it
        ):
            answer = mcp.call(tool, **arguments)
            size = len(answer.content[0].text) + len(json.dumps(answer.structured_content))
            result = answer.structured_content.get("result")
            one_item = result is not None and len(result.get("items", ())) == 1  # an item is never split
            assert size <= 600 + 400 or one_item, (tool, size)  # 400: timing, paging and left_out fields
        # A page of callers whose outgoing tree is over the budget is cut, and still says where the rest is.
        both = mcp.call("call_hierarchy", symbol="Workflow.IsEven", direction="both", depth=4, limit=1)
        assert "... cut at 600 characters" in both.content[0].text
        assert both.structured_content["next_cursor"] and "more: call again with cursor=" in both.content[0].text
        hierarchy = mcp.call("type_hierarchy", symbol="Entity").structured_content
        assert "result" not in hierarchy and "over the 600-character budget" in hierarchy["left_out"]


def test_a_call_past_the_timeout_fails_cleanly_and_the_next_call_works(shop_copy):
    # The whole solution's diagnostics right after the load run every analyzer over six projects
    # (seconds); 0.3 s is far too little for them, and plenty to read a line of a file.
    limits = {"ROSLYN_TIMEOUT_SECONDS": "0.3", "ROSLYN_BUILD_TIMEOUT_SECONDS": "0.3"}  # a call's, a build's
    with McpClient({"DOTNET_SOLUTION_PATH": str(shop_copy / "Shop.sln"), **limits}) as mcp:
        slow = mcp.call("diagnostics", severity="hidden")
        assert slow.is_error and "ran past its 0.3 s limit" in slow.content[0].text
        fine = mcp.call("read_file", file="src/Shop.Core/Order.cs", start=1, end=1)
        assert not fine.is_error


def test_without_a_solution_tools_say_to_load_one():
    with McpClient({"DOTNET_SOLUTION_PATH": "", "ROSLYN_TRUSTED_ROOTS": str(SHOP_SLN.parent.parent)}) as mcp:
        result = mcp.call("find_symbols", query="Customer")
        assert result.is_error and "No solution is loaded." in result.content[0].text
        assert "load_solution" in result.content[0].text
        loaded = mcp.call("load_solution", path=str(SHOP_SLN.parent / "Shop.slnx"))
        assert not loaded.is_error
        assert mcp.text("find_symbols", query="Customer").startswith("Symbols matching 'Customer'")


def test_an_untrusted_solution_answers_restricted_and_runs_nothing(tmp_path):
    """load_solution from an assistant, outside every trusted root: syntax answers that say so, no MSBuild."""
    hostile = copy_fixture("Hostile", tmp_path)
    env = {"DOTNET_SOLUTION_PATH": "", "ROSLYN_TRUSTED_ROOTS": "", "ROSLYN_TUI_CONFIG_DIR": str(tmp_path / "config")}
    with McpClient(env) as mcp:
        assert not mcp.call("load_solution", path=str(hostile)).is_error
        found = mcp.call("find_symbols", query="Widget")
        assert not found.is_error
        assert found.content[0].text.startswith("untrusted: ")
        assert "ROSLYN_TRUSTED_ROOTS" in found.structured_content["untrusted"]
        assert found.structured_content["result"]["items"][0]["id"] == "T:Hostile.Widget"
        refused = mcp.call("find_references", symbol="Widget")
        assert refused.is_error and "open restricted because it is not trusted" in refused.content[0].text
        broken = mcp.call("load_solution", path=str(tmp_path / "missing.sln"))
        assert broken.is_error
        # A failed switch keeps the solution that was working.
        assert not mcp.call("file_outline", file="Widget.cs").is_error
    assert not (hostile / "marker.txt").exists()


def test_load_solution_switches_and_the_old_solution_is_let_go(tmp_path):
    shop = copy_fixture("Shop", tmp_path)
    workbench = copy_fixture("Workbench", tmp_path)
    env = {"DOTNET_SOLUTION_PATH": str(shop / "Shop.sln"), "ROSLYN_TRUSTED_ROOTS": str(tmp_path)}
    with McpClient(env) as mcp:
        # Asked at once: on this first start the answer may come from syntax alone, saying so.
        first = mcp.text("find_symbols", query="Journal").splitlines()[0]
        assert first.startswith("Symbols matching 'Journal'") and first.endswith(": 1")
        assert not mcp.call("load_solution", path=str(workbench / "Workbench.slnx")).is_error
        assert mcp.text("find_symbols", query="Inventory").startswith("Symbols matching 'Inventory': 2")
        assert mcp.text("find_symbols", query="Journal").startswith("Symbols matching 'Journal': 0")
