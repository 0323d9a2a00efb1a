"""Toolsets and the analysis tools over the real stdio server."""

from __future__ import annotations

import subprocess

import pytest

from .conftest import HEALTH
from .mcp_client import McpClient, server_command
from .test_analysis import UNUSED


@pytest.fixture(scope="module")
def analysis_only():
    with McpClient({"DOTNET_SOLUTION_PATH": str(HEALTH), "ROSLYN_TOOLSETS": "analysis"}) as client:
        yield client


def test_a_toolset_narrows_the_tool_list(analysis_only):
    names = {tool.name for tool in analysis_only.list_tools().tools}
    always = {"load_solution", "workspace_problems", "job_status", "job_result", "cancel_job"}
    assert names == {"find_unused", "complexity", "dependency_graph", *always}
    instructions = analysis_only.initialize_result.instructions
    assert "Toolsets offered: analysis" in instructions and "Not offered here: navigation, editing" in instructions


def test_find_unused_answers_the_engine_view_with_counts(analysis_only):
    result = analysis_only.call("find_unused", limit=3)
    data = result.structured_content
    assert data["result"]["total"] == len(UNUSED) and data["omitted"] == len(UNUSED) - 3
    assert data["result"]["by_project"] == [["Health.Core", 7], ["Health.App", 1]]
    text = result.content[0].text
    assert text.splitlines()[0].startswith(f"Unused private or internal symbols in the solution: {len(UNUSED)} of ")
    assert "(showing 1-3 of 8)" in text and 'call again with cursor="' in text


def test_complexity_and_the_namespace_graph(analysis_only):
    worst = analysis_only.call("complexity", limit=1).structured_content["result"]["items"][0]
    assert (worst["cyclomatic"], worst["cognitive"], worst["at"]) == (9, 11, "Health.Core/Billing.cs:13:26")
    graph = analysis_only.call("dependency_graph", level="namespace").structured_content["result"]
    assert graph["cycles"] == [
        {
            "walk": ["Health.Core.Billing", "Health.Core.Orders"],
            "members": ["Health.Core.Billing", "Health.Core.Orders"],
        }
    ]
    wrong = analysis_only.call("dependency_graph", level="types")
    assert wrong.is_error and "'types' is not a level" in wrong.content[0].text


def test_an_unknown_toolset_stops_the_server_with_the_choices():
    done = subprocess.run([*server_command(), "--toolsets", "navigation,refactor"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert "unknown toolset 'refactor': choose from all, navigation, editing" in done.stderr
