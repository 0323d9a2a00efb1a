"""The REPL, NuGet and documentation over the real roslyn-mcp on stdio: tools, limits that kill a
worker while the server goes on, resources with templates, and prompts."""

from __future__ import annotations

import pytest

from .conftest import SHOP_SLN
from .mcp_client import McpClient
from .nuget_feed import Feed, nuget_config


@pytest.fixture(scope="module")
def mcp():
    env = {"DOTNET_SOLUTION_PATH": str(SHOP_SLN), "ROSLYN_REPL_TIMEOUT_SECONDS": "4", "ROSLYN_REPL_MEMORY_MB": "256"}
    with McpClient(env) as client:
        yield client


def structured(result):
    assert not result.is_error, result.content[0].text
    return result.structured_content["result"]


def test_evaluate_keeps_state_and_answers_with_the_shared_view(mcp):
    first = structured(mcp.call("evaluate_csharp", code="var n = 20;", context_id="mcp"))
    assert first["ran"] and "value" not in first
    second = mcp.call("evaluate_csharp", code="n * 2 + 2", context_id="mcp")
    assert structured(second)["value"] == "42" and structured(second)["type"] == "int"
    assert "= 42  (int)" in second.content[0].text
    state = structured(mcp.call("repl_state", context_id="mcp"))
    assert state["variables"] == [{"name": "n", "type": "int", "value": "20"}]


def test_a_compile_error_is_an_answer_with_its_position(mcp):
    result = structured(mcp.call("evaluate_csharp", code='int x = "no";'))
    assert not result["ran"]
    assert [(d["id"], d["line"], d["column"]) for d in result["diagnostics"]] == [("CS0029", 1, 9)]
    checked = structured(mcp.call("validate_csharp", code="Console.WriteLine(missing);"))
    assert [d["id"] for d in checked["diagnostics"]] == ["CS0103"]


def test_the_solution_is_usable_from_the_repl(mcp):
    result = structured(
        mcp.call(
            "evaluate_csharp", code='new Shop.Core.Customer(3, "Bo").Name', context_id="sol", reference_solution=True
        )
    )
    assert result["value"] == '"Bo"'


def test_the_solution_is_referenced_by_default(mcp):
    result = structured(mcp.call("evaluate_csharp", code='new Shop.Core.Customer(4, "Di").Name', context_id="plain"))
    assert result["ran"] and result["value"] == '"Di"'


def test_a_name_that_does_not_resolve_says_how_to_reference_it(mcp):
    answer = mcp.call(
        "evaluate_csharp", code='new Shop.Core.Customer(5, "Ed")', context_id="bare", reference_solution=False
    )
    result = structured(answer)
    assert not result["ran"] and {d["id"] for d in result["diagnostics"]} & {"CS0234", "CS0246"}
    assert any("reference_solution=true" in n and "nuget:" in n for n in result["notices"])
    assert "reference_solution=true" in answer.content[0].text


def test_the_time_limit_kills_the_worker_and_the_server_goes_on(mcp):
    mcp.call("evaluate_csharp", code="var kept = 1;", context_id="other")
    hung = mcp.call("evaluate_csharp", code="while (true) { }", context_id="loop")
    assert hung.is_error and "4 s time limit" in hung.content[0].text and "killed" in hung.content[0].text
    assert structured(mcp.call("evaluate_csharp", code="1 + 1", context_id="loop"))["value"] == "2"
    assert structured(mcp.call("evaluate_csharp", code="kept", context_id="other"))["value"] == "1"
    assert "Customer" in mcp.text("find_symbols", query="Customer")


def test_the_memory_limit_kills_a_hog(mcp):
    hog = mcp.call(
        "evaluate_csharp",
        code="var all = new List<byte[]>(); while (true) all.Add(new byte[8_000_000]);",
        context_id="hog",
    )
    assert hog.is_error and "256 MB memory limit" in hog.content[0].text
    info = structured(mcp.call("repl_info"))
    assert "hog" not in [c["context_id"] for c in info["contexts"]]
    assert info["memory_limit_mb"] == 256 and info["allowed"]


def test_documentation_tool_and_resource(mcp):
    text = mcp.text("get_documentation", symbol="System.String.Trim()")
    assert "Removes all leading and trailing white-space" in text
    read = mcp.run(mcp.session.read_resource("doc://System.String.Trim()"))
    assert "Removes all leading and trailing white-space" in read.contents[0].text


def test_resources_and_templates_are_listed_and_read(mcp):
    listed = [str(r.uri) for r in mcp.run(mcp.session.list_resources()).resources]
    assert "repl://state" in listed
    templates = {t.uri_template for t in mcp.run(mcp.session.list_resource_templates()).resource_templates}
    assert templates >= {
        "doc://{symbol}",
        "nuget://search?q={query}",
        "nuget://packages/{package_id}/versions",
        "nuget://packages/{package_id}/readme",
        "repl://sessions/{context_id}/state",
    }
    mcp.call("evaluate_csharp", code="var shown = 5;", context_id="res")
    state = mcp.run(mcp.session.read_resource("repl://sessions/res/state")).contents[0].text
    assert "shown: int = 5" in state
    overview = mcp.run(mcp.session.read_resource("repl://state")).contents[0].text
    assert "context res:" in overview


def test_prompts(mcp):
    names = {p.name for p in mcp.run(mcp.session.list_prompts()).prompts}
    assert names == {"quick_start", "fix_compile_errors", "try_package", "write_csharp_app", "review_my_change"}
    prompt = mcp.run(mcp.session.get_prompt("try_package", {"package_id": "Newtonsoft.Json"}))
    text = prompt.messages[0].content.text
    assert "Newtonsoft.Json" in text and "load_nuget_package" in text and "evaluate_csharp" in text


def test_without_a_solution_nuget_works_and_the_repl_asks_for_consent(tmp_path):
    with Feed(search=True) as feed:
        nuget_config(tmp_path, feed.index)
        env = {"DOTNET_SOLUTION_PATH": "", "ROSLYN_TUI_TRUST_REPL": ""}
        with McpClient(env, cwd=tmp_path) as client:
            found = structured(client.call("search_nuget", query="widgets"))
            assert [hit["package_id"] for hit in found["items"]] == ["Contoso.Widgets"]
            versions = client.run(client.session.read_resource("nuget://packages/contoso.widgets/versions"))
            assert versions.contents[0].text.splitlines()[1] == "2.0.0-beta.1"
            readme = structured(client.call("nuget_readme", package_id="Contoso.Widgets"))
            assert "Make a widget" in readme["readme"]
            refused = client.call("evaluate_csharp", code="1 + 1")
            assert refused.is_error and "ROSLYN_TUI_TRUST_REPL=1" in refused.content[0].text
