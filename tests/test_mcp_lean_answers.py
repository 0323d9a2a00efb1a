"""Every tool's answer is as lean as its text (issue 42): the server is walked tool by tool, over stdio,
on a copy of the Loop fixture (the Web fixture for the web toolset), and each answer's structured
content is held within twice its text plus 1 KB. A new tool must be added here to be walked."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from .conftest import copy_fixture
from .mcp_client import McpClient
from .test_web_razor import WEB

CORE = "src/Loop.Core/"
TRACE = "System.InvalidOperationException: no\n   at Loop.Core.Checkout.PayAsync(Decimal balance)\n"
APP = "app.cs"

# Each tool with arguments that give an answer of some size on the Loop fixture (in call order: the
# REPL's export before run_app; edits are previews, but one applied for undo_edit to undo).
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("load_solution", {}),  # the copy's Loop.slnx, by its absolute path
    ("solutions", {}),
    ("project_structure", {"include_documents": True}),
    ("list_namespaces", {}),
    ("find_symbols", {"query": "e", "limit": 40}),
    ("symbol_info", {"symbol": "Loop.Core.Cart.Total"}),
    ("type_members", {"symbol": "Loop.Core.Cart"}),
    ("go_to_definition", {"symbol": "Loop.Core.Cart.Add"}),
    ("find_references", {"symbol": "Loop.Core.Cart"}),
    ("find_implementations", {"symbol": "Loop.Core.IPriceRule"}),
    ("type_hierarchy", {"symbol": "Loop.Core.RuleBase"}),
    ("find_overrides", {"symbol": "Loop.Core.RuleBase.Apply"}),
    ("call_hierarchy", {"symbol": "Loop.Core.Cart.Total"}),
    ("method_overloads", {"symbol": "Loop.Core.Cart.Add"}),
    ("containing_member", {"file": CORE + "Cart.cs", "line": 29, "column": 20}),
    ("file_outline", {"file": CORE + "Cart.cs"}),
    ("get_source", {"symbol": "Loop.Core.Cart"}),
    ("read_file", {"file": CORE + "Cart.cs"}),
    ("diagnostics", {"severity": "info"}),
    ("workspace_problems", {"compile": True}),
    ("code_actions", {"file": CORE + "Cart.cs", "line": 28, "column": 13}),
    ("apply_code_action", {}),  # the first action code_actions offered
    ("rename_symbol", {"symbol": "Loop.Core.Cart.Total", "new_name": "Sum"}),
    ("change_signature", {"symbol": "Loop.Core.Cart.Add", "parameters": ["string sku", "decimal price"]}),
    ("extract_interface", {"symbol": "Loop.Core.Cart"}),
    ("move_type_to_file", {"symbol": "Loop.Core.Line"}),
    ("organize_usings", {"file": CORE + "Checkout.cs"}),
    ("format_document", {"file": CORE + "Cart.cs"}),
    ("replace_symbol", {"symbol": "Loop.Core.Cart.Count", "code": "public int Count() => _lines.Count;"}),
    ("insert_member", {"symbol": "Loop.Core.Cart", "code": "public bool Empty => _lines.Count == 0;"}),
    ("delete_symbol", {"symbol": "Loop.Core.Cart.Count", "force": True}),
    ("insert_member", {"symbol": "Loop.Core.Cart", "code": "public bool Full => false;", "apply": True}),
    ("review_changes", {"base": "HEAD"}),  # the copy is a git repository of one commit
    ("symbol_diff", {"symbol": "Cart.Full"}),
    ("symbol_history", {"symbol": "Loop.Core.Cart.Total"}),
    ("undo_edit", {}),
    ("run_build", {}),
    ("find_tests", {"symbol": "Loop.Core.Cart.Total"}),
    ("run_tests", {"coverage": True}),
    ("coverage", {}),
    ("profile_tests", {"symbol": "Loop.Core.Cart.Total", "allocations": True}),
    ("resolve_stack_trace", {"text": TRACE}),
    ("evaluate_csharp", {"code": "Enumerable.Range(1, 40).Select(i => i * i).ToList()"}),
    ("validate_csharp", {"code": 'int x = "no";'}),
    ("repl_state", {}),
    ("repl_info", {}),
    ("load_nuget_package", {"package_id": "Humanizer.Core", "version": "2.14.1"}),
    ("export_app", {"path": APP, "overwrite": True}),
    ("run_app", {"path": APP}),
    ("profile_app", {"path": APP, "allocations": True}),
    ("profile_repl", {"code": "Enumerable.Range(1, 200_000).Select(i => i.ToString()).Count()", "allocations": True}),
    ("reset_repl", {}),
    ("search_nuget", {"query": "json"}),
    ("nuget_versions", {"package_id": "Newtonsoft.Json"}),
    ("nuget_readme", {"package_id": "Newtonsoft.Json"}),
    ("get_documentation", {"symbol": "System.Linq.Enumerable.Select"}),
    ("find_unused", {"include_public": True}),
    ("complexity", {}),
    ("dependency_graph", {"level": "namespace"}),
    ("project_overview", {"project": "Loop.Tests"}),
    ("list_packages", {"project": "Loop.Tests", "outdated": True}),
    ("add_package", {"project": "Loop.Core", "package": "Newtonsoft.Json", "version": "13.0.3"}),
    ("remove_package", {"project": "Loop.Tests", "package": "xunit"}),
    ("add_project_reference", {"project": "Loop.Core", "reference": "Loop.App"}),  # a cycle: its problem
    ("remove_project_reference", {"project": "Loop.App", "reference": "Loop.Core"}),
    ("set_target_frameworks", {"project": "Loop.Core", "target_frameworks": ["net10.0", "net10.0-browser"]}),
    ("set_project_property", {"project": "Loop.Core", "name": "Nullable", "value": "disable"}),
]
JOB_TOOLS = {"job_status", "job_result", "cancel_job"}
"""Walked by test_mcp_jobs: they answer only about a call that outlived its time."""
WEB_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("endpoints", {}),
    ("service_registrations", {}),
    ("data_model", {}),
]


def _measured(
    mcp: McpClient, calls: list[tuple[str, dict[str, Any]]], solution: str = ""
) -> list[tuple[str, int, int, str]]:
    """``(tool, text length, structured length, error)`` of each call."""
    found = []
    offered: dict[str, Any] = {}
    for tool, arguments in calls:
        if tool == "apply_code_action":
            arguments = {"id": offered["result"]["items"][0]["id"]}
        if tool == "load_solution":
            arguments = {"path": solution}
        result = mcp.call(tool, **arguments)
        if tool == "code_actions":
            offered = result.structured_content
        text = result.content[0].text if result.content else ""
        structure = json.dumps(result.structured_content, separators=(",", ":")) if result.structured_content else ""
        found.append((tool, len(text), len(structure), text.splitlines()[0] if result.is_error else ""))
    return found


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> list[tuple[str, int, int, str]]:
    root = copy_fixture("Loop", tmp_path_factory.mktemp("lean"))
    for command in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=A", "-c", "user.email=a@b", "commit", "-qm", "Loop"],
    ):
        subprocess.run(["git", *command], cwd=root, check=True, capture_output=True)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Loop.slnx")}, cwd=root) as mcp:
        listed = {tool.name for tool in mcp.list_tools().tools}
        found = _measured(mcp, CALLS, str(root / "Loop.slnx"))
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        found += _measured(mcp, WEB_CALLS)
    assert listed == {tool for tool, _ in CALLS + WEB_CALLS} | JOB_TOOLS, "a tool the server offers is not walked here"
    return found


def test_every_answer_is_as_lean_as_its_text(measured):
    heavy = [(tool, text, structure) for tool, text, structure, _ in measured if structure > 2 * text + 1024]
    assert not heavy, heavy


def test_every_tool_answered(measured):
    print(
        "\n".join(
            f"{tool:24} text {text:6} structured {structure:6} {error}" for tool, text, structure, error in measured
        )
    )
    failed = [(tool, error) for tool, _, _, error in measured if error]
    # This machine's NuGet mirror has no search service: the tool says so, which is its answer here.
    assert [tool for tool, error in failed if "has no search service" not in error] == [], failed
