"""File-based apps over the real roslyn-mcp on stdio: a server started on app.cs navigates it, and the
seed's workflow (try in the REPL, export, run) works end to end."""

from __future__ import annotations

import pytest

from .conftest import copy_fixture
from .mcp_client import McpClient


@pytest.fixture(scope="module")
def apps(tmp_path_factory):
    return copy_fixture("Apps", tmp_path_factory.mktemp("mcp-apps"))


@pytest.fixture(scope="module")
def mcp(apps):
    with McpClient({"DOTNET_SOLUTION_PATH": str(apps / "greet.cs")}) as client:
        yield client


def structured(result):
    assert not result.is_error, result.content[0].text
    return result.structured_content["result"]


def test_a_server_on_an_app_navigates_it(mcp, apps):
    definition = structured(mcp.call("go_to_definition", symbol="Person"))
    assert definition["locations"][0]["at"].startswith("greet.cs:16:")
    outline = mcp.call("file_outline", file=str(apps / "greet.cs"))
    assert "record Person" in outline.content[0].text


def test_try_export_and_run(mcp, apps):
    structured(mcp.call("evaluate_csharp", code="#:package Newtonsoft.Json@13.0.3", context_id="tool"))
    first = structured(
        mcp.call(
            "evaluate_csharp",
            code="Newtonsoft.Json.JsonConvert.SerializeObject(new { Sum = 1 + 2 })",
            context_id="tool",
        )
    )
    assert first["value"] == '"{\\"Sum\\":3}"'
    exported = mcp.call("export_app", path="tools/sum.cs", context_id="tool")
    assert structured(exported)["builds"], exported.content[0].text
    assert "#:package Newtonsoft.Json@13.0.3" in (apps / "tools" / "sum.cs").read_text()
    ran = structured(mcp.call("run_app", path="tools/sum.cs"))
    assert (ran["exit_code"], ran["stdout"].strip()) == (0, '{"Sum":3}')
    refused = mcp.call("export_app", path="/etc/evil.cs", context_id="tool")
    assert refused.is_error and "outside" in refused.content[0].text


def test_the_workflow_prompt_names_existing_tools(mcp):
    prompt = mcp.run(mcp.session.get_prompt("write_csharp_app", {"task": "sum numbers"}))
    text = prompt.messages[0].content.text
    for tool in ("evaluate_csharp", "export_app", "run_app"):
        assert tool in text
