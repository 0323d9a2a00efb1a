"""The change loop through the real roslyn-mcp over stdio, on a private copy of Loop: a symbol-level
edit previewed, held back while it breaks the build, applied and undone; the tests that reach a
symbol found and run; a failure's stack taken to source."""

from __future__ import annotations

import pytest

from .conftest import copy_fixture
from .mcp_client import McpClient


@pytest.fixture(scope="module")
def loop_mcp(tmp_path_factory):
    root = copy_fixture("Loop", tmp_path_factory.mktemp("mcp-loop"))
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Loop.slnx")}) as client:
        client.root = root
        yield client


def test_the_loop_tools_say_whether_they_write(loop_mcp):
    tools = {t.name: t.annotations for t in loop_mcp.list_tools().tools}
    for name in ("replace_symbol", "insert_member", "delete_symbol", "undo_edit"):
        assert tools[name].destructive_hint and not tools[name].read_only_hint, name
    for name in ("run_build", "run_tests"):
        assert not tools[name].read_only_hint and not tools[name].destructive_hint, name
    assert tools["find_tests"].read_only_hint and tools["resolve_stack_trace"].read_only_hint


def test_replace_preview_apply_with_the_token_then_undo(loop_mcp):
    cart = loop_mcp.root / "src" / "Loop.Core" / "Cart.cs"
    original = cart.read_text()
    preview = loop_mcp.call("replace_symbol", symbol="Cart.Count", code="=> _lines.Count;", body_only=True)
    assert not preview.is_error, preview.content[0].text
    token = preview.structured_content["result"]["preview_token"]
    assert "+    public int Count() => _lines.Count;" in preview.content[0].text.splitlines()
    applied = loop_mcp.call("replace_symbol", code="", apply=True, preview_token=token)
    assert not applied.is_error, applied.content[0].text
    assert "public int Count() => _lines.Count;" in cart.read_text()
    assert "Replace the body of Cart.Count() (applied)" in applied.content[0].text
    undone = loop_mcp.call("undo_edit")
    assert not undone.is_error and undone.content[0].text.startswith("Undo Replace the body of Cart.Count() (applied)")
    assert cart.read_text() == original
    nothing = loop_mcp.call("undo_edit")
    assert nothing.is_error and "no applied edit to undo" in nothing.content[0].text


def test_an_edit_that_breaks_a_dependent_project_is_held_back(loop_mcp):
    code = "public void Apply(decimal price, int quantity);"
    preview = loop_mcp.call("insert_member", symbol="IPriceRule", code=code)
    text = preview.content[0].text
    assert "new error: CS0535 at src/Loop.Core/Pricing.cs" in text
    refused = loop_mcp.call("insert_member", symbol="IPriceRule", code=code, apply=True)
    assert refused.is_error and "pass allow_errors=true" in refused.content[0].text
    assert "quantity" not in (loop_mcp.root / "src" / "Loop.Core" / "Pricing.cs").read_text()


def test_find_and_run_the_tests_that_reach_a_symbol(loop_mcp):
    found = loop_mcp.call("find_tests", symbol="PercentOff.Apply")
    names = [item["test"]["id"] for item in found.structured_content["result"]["items"]]
    assert names[0] == "M:Loop.Tests.CartTests.Percent_off_rounds_to_cents"
    assert found.content[0].text.startswith("Tests reaching PercentOff.Apply(decimal): 4 tests (Loop.Tests 4)")
    seen: list[str] = []

    async def progress(done: float, total: float | None, message: str | None) -> None:
        seen.append(message or "")

    run = loop_mcp.run(
        loop_mcp.session.call_tool("run_tests", {"symbol": "PercentOff.Apply"}, progress_callback=progress)
    )
    assert not run.is_error, run.content[0].text
    result = run.structured_content["result"]
    assert (result["passed"], result["failed"]) == (2, 2)
    failure = result["items"][0]
    assert (failure["outcome"], failure["expected"], failure["actual"]) == ("failed", "8.98", "8.99")
    assert failure["frames"][0]["at"] == "tests/Loop.Tests/CartTests.cs:28:1"
    assert any(message.startswith("tests: ") for message in seen)


def test_a_stack_trace_pasted_from_a_log(loop_mcp):
    trace = (
        "System.InvalidOperationException: Balance 10 does not cover 40.\n"
        "   at Loop.Core.Checkout.<PayAsync>g__Charge|2_0(Decimal balance, Decimal total)\n"
        "   at Loop.Core.Checkout.PayAsync(Decimal balance)\n"
        "   at System.Threading.Tasks.Task.Wait()\n"
    )
    answer = loop_mcp.call("resolve_stack_trace", text=trace)
    lines = answer.content[0].text.splitlines()
    assert lines[0] == "Stack trace: 3 frames, 2 in the solution"
    # No line numbers in the trace: the local function's own declaration, inside PayAsync.
    assert (
        lines[1] == "src/Loop.Core/Checkout.cs:15:24 (declaration)  Checkout.PayAsync(decimal)  (local function Charge)"
    )
    assert lines[3] == "external  System.Threading.Tasks.Task.Wait  [System.Runtime]"


def test_build_over_mcp_with_structured_diagnostics(loop_mcp):
    answer = loop_mcp.call("run_build", project="Loop.App")
    assert not answer.is_error, answer.content[0].text
    result = answer.structured_content["result"]
    assert result["succeeded"] and result["target"] == "src/Loop.App/Loop.App.csproj"
    assert answer.content[0].text.startswith("Build of src/Loop.App/Loop.App.csproj (Debug) succeeded")
