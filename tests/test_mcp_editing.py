"""The editing tools through the real roslyn-mcp over stdio, on a private copy of Workbench."""

from __future__ import annotations

import pytest

from .conftest import copy_fixture
from .mcp_client import McpClient

EDIT_TOOLS = {"apply_code_action", "rename_symbol", "organize_usings", "format_document"}


@pytest.fixture(scope="module")
def workbench_mcp(tmp_path_factory):
    root = copy_fixture("Workbench", tmp_path_factory.mktemp("mcp-workbench"))
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Workbench.slnx")}) as client:
        client.root = root
        yield client


def test_tools_that_can_write_say_so(workbench_mcp):
    tools = {t.name: t.annotations for t in workbench_mcp.list_tools().tools}
    for name in EDIT_TOOLS:
        assert tools[name].destructive_hint and not tools[name].read_only_hint, name
    assert tools["code_actions"].read_only_hint


def test_list_preview_then_apply_with_the_token(workbench_mcp):
    listed = workbench_mcp.call("code_actions", file="Workbench.Core/Clock.cs", line=5, column=12)
    action = next(a for a in listed.structured_content["result"]["items"] if a["title"] == "using System.Diagnostics;")
    assert f"{action['id']}  fix  CS0246  using System.Diagnostics;" in listed.content[0].text
    preview = workbench_mcp.call("apply_code_action", id=action["id"])
    text = preview.content[0].text
    assert "+using System.Diagnostics;" in text.splitlines()
    token = preview.structured_content["result"]["preview_token"]
    assert f"preview_token: {token}" in text
    clock = workbench_mcp.root / "Workbench.Core" / "Clock.cs"
    assert not clock.read_text().startswith("using")  # a preview writes nothing
    applied = workbench_mcp.call("apply_code_action", apply=True, preview_token=token)
    assert not applied.is_error, applied.content[0].text
    assert applied.content[0].text.startswith("using System.Diagnostics; (applied): 1 file changed, +2 -0")
    assert clock.read_text().startswith("using System.Diagnostics;")
    again = workbench_mcp.call("apply_code_action", apply=True, preview_token=token)
    assert again.is_error and "changed on disk since the preview" in again.content[0].text
    errors = workbench_mcp.text("diagnostics", file="Workbench.Core/Clock.cs", severity="error")
    assert "CS0246" not in errors


def test_a_long_preview_pages_by_whole_hunks(workbench_mcp):
    first = workbench_mcp.call("format_document", file="Workbench.Core/Messy.cs", limit=1)
    data = first.structured_content
    assert data["result"]["total"] >= 1 and len(data["result"]["items"]) == 1
    for hunk in data["result"]["items"]:
        assert hunk["lines"][0].startswith("@@")
    if data.get("next_cursor"):
        rest = workbench_mcp.call(
            "format_document", file="Workbench.Core/Messy.cs", limit=1, cursor=data["next_cursor"]
        )
        assert rest.structured_content["result"]["items"][0]["lines"][0].startswith("@@")


def test_rename_problems_and_bad_input_are_tool_errors_or_problems(workbench_mcp):
    invalid = workbench_mcp.call("rename_symbol", symbol="Inventory", new_name="class")
    assert invalid.is_error and "not a valid C# identifier" in invalid.content[0].text
    conflict = workbench_mcp.call("rename_symbol", symbol="Inventory.Owner", new_name="Describe")
    assert not conflict.is_error and "problem: conflict at" in conflict.content[0].text
    unknown = workbench_mcp.call("apply_code_action", id="ca-unknown")
    assert unknown.is_error and "call code_actions" in unknown.content[0].text.lower()
    outside = workbench_mcp.call("organize_usings", file="/etc/hosts")
    assert outside.is_error and "outside the solution directory" in outside.content[0].text
