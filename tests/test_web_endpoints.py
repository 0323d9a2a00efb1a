"""The app's endpoints (``engine.web.endpoints``), read from the code of ``tests/fixtures/Web`` and held
to the OpenAPI document that ASP.NET Core's own build writes for the same app."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from engine import load_solution
from engine.views.endpoints import ANY
from engine.web import endpoints

from .conftest import copy_fixture
from .mcp_client import McpClient
from .test_web_razor import WEB, _place


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A copy of the fixture, built: its obj/ holds the OpenAPI document (the build runs the app's start)."""
    root = copy_fixture("Web", tmp_path_factory.mktemp("web"))
    subprocess.run(
        ["dotnet", "build", str(root / "Web.Server/Web.Server.csproj")], check=True, capture_output=True, timeout=600
    )
    return root


@pytest.fixture(scope="module")
def listed(built):
    session = load_solution(built / "Web.slnx", watch=False, warm_up=False)
    try:
        yield session.run(endpoints), built
    finally:
        session.close()


def _without_constraints(route: str) -> str:
    return re.sub(r"\{(\w+)(:[^}]*)?\}", r"{\1}", route)


def test_the_api_is_the_openapi_document_the_build_writes(listed):
    view, root = listed
    document = json.loads((root / "Web.Server/obj/openapi/Web.Server.json").read_text())
    expected = {(method.upper(), path) for path, operations in document["paths"].items() for method in operations}
    ours = {
        (method, _without_constraints(item.route))
        for item in view.items
        if item.kind in ("minimal API", "controller") and item.methods != ANY  # a document lists methods
        for method in item.methods
    }
    assert ours == expected


def test_handlers_groups_and_authorization(listed):
    view, root = listed
    by_route = {(item.methods, item.route): item for item in view.items}
    group_lambda = by_route[(("GET",), "/api/todos")]
    program = root / "Web.Server/Program.cs"
    assert group_lambda.handler == "lambda in top-level statements"
    assert (group_lambda.location.path, group_lambda.location.line) == (
        str(program),
        _place(program, "(ITodoStore store) => store.All()")[0],
    )
    assert group_lambda.authorization == "authorized"  # the group's RequireAuthorization
    by_id = by_route[(("GET",), "/api/todos/{id:int}")]
    endpoints_file = root / "Web.Server/Api/TodoEndpoints.cs"
    assert by_id.handler == "TodoEndpoints.GetById(int, ITodoStore)"
    assert (by_id.location.path, by_id.location.line) == (str(endpoints_file), _place(endpoints_file, "GetById(")[0])
    assert by_route[(("POST",), "/api/todos")].authorization == "anonymous"  # AllowAnonymous on the endpoint wins
    assert by_route[(("DELETE",), "/api/todos/{id:int}")].authorization == ""  # mapped on the outer group
    assert by_route[(("POST",), "/api/Customers")].authorization == "authorized (policy Staff)"
    assert by_route[(("GET",), "/api/Customers/{code}")].handler == "CustomersController.Get(string)"


def test_pages_and_components_are_routes_too(listed):
    view, _ = listed
    routed = {
        (item.kind, item.route, item.handler, item.project)
        for item in view.items
        if item.kind in ("component", "Razor Page")
    }
    assert routed == {
        ("component", "/", "Home", "Web.Server"),
        ("component", "/orders", "Orders", "Web.Server"),
        ("component", "/customers/{Code}/orders", "Orders", "Web.Server"),
        ("component", "/counter", "Counter", "Web.Client"),
        ("Razor Page", "/Privacy", "PrivacyModel (OnGet)", "Web.Server"),
    }
    # As MapRazorComponents maps them: a form posts back to its page.
    assert {item.methods for item in view.items if item.kind == "component"} == {("GET", "POST")}
    orders = next(item for item in view.items if item.route == "/customers/{Code}/orders")
    assert (Path(orders.location.path).name, orders.location.line) == ("Orders.razor", 2)


def test_endpoints_over_mcp_filtered_by_route():
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        answer = mcp.call("endpoints", route="/api/*")
        assert not answer.is_error, answer.content[0].text
        lines = answer.content[0].text.splitlines()
        assert lines[0].startswith("Endpoints: 9 (minimal API 5, controller 4;")
        assert all("/api/" in line for line in lines[1:])
        unknown = mcp.call("endpoints", project="Nope")
        assert unknown.is_error and "No project is named 'Nope'" in unknown.content[0].text
