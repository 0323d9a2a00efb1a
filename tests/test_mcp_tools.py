"""The real roslyn-mcp over stdio: every tool on the Shop fixture, paging, the tool list, bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .conftest import SHOP_SLN
from .mcp_client import McpClient

SNAPSHOT = Path(__file__).parent / "snapshots" / "mcp_tools.json"


@pytest.fixture(scope="module")
def mcp():
    with McpClient({"DOTNET_SOLUTION_PATH": str(SHOP_SLN)}) as client:
        yield client


def body(text: str) -> list[str]:
    """The view's lines (an answer carries no timing line: the time is in ``_meta``)."""
    lines = text.splitlines()
    assert not lines[-1].endswith(" ms)")
    return lines


def test_the_tool_list_is_pinned_as_wire_json(mcp):
    tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in mcp.list_tools().tools]
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(json.dumps(tools, indent=2, sort_keys=True) + "\n")
    assert tools == json.loads(SNAPSHOT.read_text()), "tool list changed: rerun with UPDATE_SNAPSHOTS=1 and review"
    writers = {"apply_code_action", "rename_symbol", "organize_usings", "format_document", "move_type_to_file"}
    writers |= {"change_signature", "extract_interface"}
    writers |= {"replace_symbol", "insert_member", "delete_symbol", "undo_edit"}
    writers |= {"evaluate_csharp", "reset_repl", "load_nuget_package"}  # run code, end contexts, restore
    writers |= {"run_build", "run_tests", "profile_tests", "profile_app", "profile_repl"}  # run code, write bin/ obj/
    writers |= {"export_app", "run_app"}  # write an app, run one
    writers |= {"cancel_job"}  # stops what a call started
    writers |= {"add_package", "remove_package", "add_project_reference", "remove_project_reference"}
    writers |= {"set_target_frameworks", "set_project_property"}  # project files, then restore
    assert all(t["annotations"]["readOnlyHint"] != (t["name"] in writers) for t in tools)


def test_the_tool_list_stays_lean(mcp):
    """Every assistant pays for tools/list in every conversation: under 1,000 characters a tool on average."""
    from mcp_server.schemas import TOOL_LIST_BUDGET_PER_TOOL

    tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in mcp.list_tools().tools]
    size = len(json.dumps(tools))
    assert size <= TOOL_LIST_BUDGET_PER_TOOL * len(tools), f"{size} characters for {len(tools)} tools"
    assert all(t["description"] and t["inputSchema"]["type"] == "object" for t in tools)


def test_initialize_sends_instructions(mcp):
    assert "find_references" in mcp.initialize_result.instructions


def test_text_is_exactly_the_shared_view(mcp, shop):
    from engine import SymbolRef
    from engine.queries import find_references

    expected = shop.run(find_references, SymbolRef(name="Customer.OrderCount")).render()
    assert "\n".join(body(mcp.text("find_references", symbol="Customer.OrderCount"))) == expected


def test_structured_content_mirrors_the_view(mcp):
    result = mcp.call("find_references", symbol="Customer.Balance")
    data = result.structured_content
    assert data["result"]["total"] == 8 and data["result"]["root"] == str(SHOP_SLN.parent)
    assert data["result"]["items"][0]["at"].startswith("src/Shop.App/Program.cs:")  # relative to the root, given once
    assert data["result"]["items"][0]["kind"] == "read-write"
    assert "next_cursor" not in data and "offset" not in data["result"]  # nothing empty, nothing at its default
    assert isinstance(result.meta["elapsed_ms"], int)


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("find_symbols", {"query": "e", "limit": 50}),
        ("find_references", {"symbol": "Customer.Balance"}),
        ("find_references", {"symbol": "Customer"}),
        ("diagnostics", {"severity": "hidden"}),
        ("file_outline", {"file": "src/Shop.Core/Customer.cs"}),
        ("type_members", {"symbol": "Customer"}),
        ("find_implementations", {"symbol": "IEntity"}),
        ("call_hierarchy", {"symbol": "IEntity.Id"}),
    ],
)
def test_structured_content_is_at_most_twice_the_text(mcp, tool, arguments):
    """An assistant pays for both: the structure holds what a program needs, not the text again. A
    short answer may spend a few hundred characters more on what every answer has (its root, paging)."""
    result = mcp.call(tool, **arguments)
    assert not result.is_error, result.content[0].text
    text, structure = result.content[0].text, json.dumps(result.structured_content, separators=(",", ":"))
    allowance = 0 if len(text) > 2000 else 300
    assert len(text) > 200 and len(structure) <= 2 * len(text) + allowance, (len(text), len(structure))
    assert "null" not in structure and '""' not in structure


def test_paging_with_limit_and_cursor(mcp):
    seen, cursor, pages = [], None, 0
    while True:
        arguments = {"symbol": "Customer.Balance", "limit": 3} | ({"cursor": cursor} if cursor else {})
        data = mcp.call("find_references", **arguments).structured_content
        seen += [i["at"] for i in data["result"]["items"]]
        pages += 1
        cursor = data.get("next_cursor")
        if cursor is None:
            break
    assert pages == 3 and len(seen) == len(set(seen)) == 8


def test_callers_page_in_the_engine_with_limit_and_cursor(mcp):
    whole = mcp.call("call_hierarchy", symbol="IEntity.Id").structured_content["result"]
    callers, cursor = [], None
    while True:
        arguments = {"symbol": "IEntity.Id", "limit": 2} | ({"cursor": cursor} if cursor else {})
        data = mcp.call("call_hierarchy", **arguments).structured_content
        assert data["result"]["incoming_total"] == whole["incoming_total"]
        assert data["result"].get("offset", 0) == len(callers)
        callers += data["result"]["incoming"]
        cursor = data.get("next_cursor")
        if cursor is None:
            break
        assert data["omitted"] == whole["incoming_total"] - len(callers)
    assert callers == whole["incoming"] and len(callers) >= 3


def test_a_cursor_from_another_query_is_refused(mcp):
    cursor = mcp.call("find_references", symbol="Customer.Balance", limit=2).structured_content["next_cursor"]
    result = mcp.call("find_references", symbol="Customer.OrderCount", cursor=cursor)
    assert result.is_error and "different query" in result.content[0].text


@pytest.mark.parametrize(
    ("tool", "arguments", "first_line"),
    [
        ("project_structure", {}, "Solution Shop.sln: 6 projects"),
        ("list_namespaces", {}, "Namespaces: 6"),
        ("find_symbols", {"query": "GBI"}, "Symbols matching 'GBI': 2"),
        ("symbol_info", {"symbol": "Customer"}, "class Customer"),
        ("type_members", {"symbol": "Customer.Address"}, "Members of Customer.Address: 2"),
        (
            "go_to_definition",
            {"file": "src/Shop.Data/Seeder.cs", "line": 20, "column": 29},
            "Definition of Customer.Balance: 1 location",
        ),
        (
            "find_implementations",
            {"symbol": "IRepository"},
            "Implementations of IRepository<T>: 3 (2 direct; class 2, interface 1; Shop.Data 2, Shop.Core 1) in 3 files",
        ),
        ("type_hierarchy", {"symbol": "Entity"}, "Type hierarchy of class Entity  src/Shop.Core/Entity.cs:4:23"),
        ("find_overrides", {"symbol": "Entity.Validate"}, "Overrides of Entity.Validate(): 2"),
        (
            "call_hierarchy",
            {"symbol": "Workflow.IsEven", "depth": 2},
            "Call hierarchy of Workflow.IsEven(int)  src/Shop.App/Workflow.cs:12:24  (depth 2)",
        ),
        ("method_overloads", {"symbol": "Journal.Add"}, "Overloads of Journal.Add: 3"),
        (
            "containing_member",
            {"file": "src/Shop.Core/Customer.Orders.cs", "line": 24, "column": 12},
            "src/Shop.Core/Customer.Orders.cs:24:12  in method Customer.AddOrder(Order) (lines 19-26)",
        ),
        ("file_outline", {"file": "src/Shop.Core/Order.cs"}, "Outline of src/Shop.Core/Order.cs: 7 declarations"),
        ("get_source", {"symbol": "Journal.Add(Order)"}, "Source of Journal.Add(Order): 1 part"),
        (
            "read_file",
            {"file": "src/Shop.Core/Order.cs", "start": 1, "end": 2},
            "src/Shop.Core/Order.cs:1-2 (of 13 lines)",
        ),
        ("diagnostics", {}, "Diagnostics in the solution: 2 errors, 1 warning (CS0029 1, CS0103 1, CS0219 1)"),
    ],
)
def test_each_tool_answers_on_the_fixture(mcp, tool, arguments, first_line):
    assert body(mcp.text(tool, **arguments))[0] == first_line


def test_load_solution_switches_and_reports(mcp):
    # Single is not the configured solution nor under a trusted root: it opens restricted, and says so.
    single = str(Path(SHOP_SLN).parent.parent / "Single" / "Single.csproj")
    restricted = body(mcp.text("load_solution", path=single))
    assert restricted[0].startswith("untrusted: ") and restricted[1].startswith("Loaded Single.csproj: 1 project")
    # The configured solution is trusted by the user's own act of naming it.
    assert body(mcp.text("load_solution", path=str(SHOP_SLN)))[0].startswith("Loaded Shop.sln: 6 projects")


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("read_file", {"file": "src/Nope.cs"}, ["src/Nope.cs does not exist.", "Give a .cs file of the solution"]),
        (
            "containing_member",
            {"file": "src/Shop.Core/Order.cs", "line": 99, "column": 1},
            ["Line 99 is outside", "Lines are 1-based."],
        ),
        (
            "symbol_info",
            {"symbol": "Custmer"},
            ["No symbol named 'Custmer'", "Did you mean: Customer", "search with find_symbols"],
        ),
        (
            "symbol_info",
            {"symbol": "Journal.Add"},
            ["names 3 symbols", "M:Shop.Core.Journal.Add(System.String)", "add a parameter list"],
        ),
        ("symbol_info", {}, ["No symbol was named.", "Give 'symbol'"]),
        (
            "symbol_info",
            {"file": "src/Shop.Core/Order.cs", "line": "six", "column": 1},
            ["1 argument is not as the tool takes it", "'line' must be a whole number, not 'six'"],
        ),
        ("read_file", {}, ["'file' is required: give it."]),
        ("find_symbols", {"query": "x", "kind": "gizmo"}, ["'gizmo' is not a symbol kind", "Use one of"]),
        ("type_hierarchy", {"symbol": "Entity", "direction": "sideways"}, ["'sideways' is not a direction"]),
        ("load_solution", {"path": "/nowhere/at/all.sln"}, ["does not exist", "Give the path of a .sln"]),
        ("load_solution", {"path": ""}, ["The path is empty.", "absolute path"]),
        ("load_solution", {"path": "tests/fixtures/Shop"}, ["is a relative path", "absolute path"]),
        (
            "read_file",
            {"file": "../../../README.md"},
            ["outside the solution directory", "Give a file of the solution"],
        ),
        ("find_references", {"symbol": "Customer", "cursor": "garbage!"}, ["not one this server made"]),
    ],
)
def test_bad_input_is_a_tool_error_with_cause_and_next_step(mcp, tool, arguments, words):
    result = mcp.call(tool, **arguments)
    assert result.is_error
    text = result.content[0].text
    for word in words:
        assert word in text
    # ...and the server is still there, answering.
    assert body(mcp.text("find_symbols", query="Journal"))[0].startswith("Symbols matching 'Journal'")


def test_several_calls_in_flight_at_once(mcp):
    import asyncio

    async def together():
        calls = [
            mcp.session.call_tool("find_references", {"symbol": "Customer.Balance"}),
            mcp.session.call_tool("call_hierarchy", {"symbol": "Workflow.Start", "direction": "outgoing", "depth": 3}),
            mcp.session.call_tool("type_hierarchy", {"symbol": "IRepository"}),
            mcp.session.call_tool("diagnostics", {}),
            mcp.session.call_tool("find_symbols", {"query": "Cust"}),
        ]
        return await asyncio.gather(*calls)

    results = mcp.run(together())
    assert [r.is_error for r in results] == [False] * 5
    assert results[0].structured_content["result"]["total"] == 8


def test_diagnostics_of_the_solution_report_progress_per_project(mcp):
    seen: list[tuple[float, float | None, str | None]] = []

    async def progress(done: float, total: float | None, message: str | None) -> None:
        seen.append((done, total, message))

    result = mcp.run(mcp.session.call_tool("diagnostics", {"severity": "error"}, progress_callback=progress))
    assert not result.is_error
    projects = [(done, total) for done, total, message in seen if message and message.startswith("diagnostics: ")]
    assert projects and projects[-1][0] == projects[-1][1]  # one each, up to every project (each target)
    assert [done for done, _ in projects] == sorted(done for done, _ in projects)
