"""Razor files answered where people edit them (``engine.web.razor``): locations in the C# the Razor
generator writes are shown at the ``.razor`` line and column they came from, and a position in a
``.razor`` file is taken into that C#. On ``tests/fixtures/Web`` (a Blazor Web App restored from NuGet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import EngineError, SymbolRef, load_solution, queries

from .conftest import FIXTURES
from .mcp_client import McpClient

WEB = FIXTURES / "Web"


@pytest.fixture(scope="module")
def web():
    return load_solution(WEB / "Web.slnx", watch=False)


def _place(path: Path, needle: str, nth: int = 0) -> tuple[int, int]:
    """The 1-based line and column of the ``nth`` occurrence of ``needle`` in ``path``."""
    seen = 0
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        column = text.find(needle)
        while column >= 0:
            if seen == nth:
                return number, column + 1
            seen += 1
            column = text.find(needle, column + 1)
    raise AssertionError(f"{needle!r} is not in {path}")


def test_references_in_razor_files_are_at_their_razor_lines(web):
    view = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.TodoItem"))
    places = {(Path(r.location.path).name, r.location.line, r.location.column): r for r in view.items}
    # No place is in code nobody wrote: the type check Razor writes for a component attribute's value
    # (``Items="items"``) is at that value.
    assert not [r for r in view.items if "/obj/" in r.location.path]
    home = WEB / "Web.Server/Components/Pages/Home.razor"
    assert places[("Home.razor", *_place(home, 'items" Heading'))].kind == "type use"
    for nth in (0, 1):  # two `new TodoItem(...)` on one line
        line, column = _place(home, "TodoItem(", nth)
        reference = places[("Home.razor", line, column)]
        assert reference.line_text == home.read_text().splitlines()[line - 1].strip()
        assert reference.kind == "object creation"
    todo_list = WEB / "Web.Client/Shared/TodoList.razor"
    assert ("TodoList.razor", *_place(todo_list, "TodoItem> Items")) in places
    assert ("TodoList.razor", *_place(todo_list, "TodoItem> items")) in places
    counter = WEB / "Web.Client/Pages/Counter.razor"
    assert ("Counter.razor", *_place(counter, "TodoItem(1")) in places
    assert ("TodoEndpoints.cs", *_place(WEB / "Web.Server/Api/TodoEndpoints.cs", "TodoItem item")) in places


def test_a_bound_property_is_read_and_written_at_its_razor_place(web):
    """``@bind-Value="customer.Name"``: Razor writes the read, the setter and an expression of it in
    generated code; the answer has one place, in the .razor file, read and written."""
    view = web.run(queries.find_references, SymbolRef(name="Web.Server.Data.Customer.Email"))
    form = WEB / "Web.Server/Components/CustomerForm.razor"
    line, column = _place(form, "customer.Email")
    assert [(Path(r.location.path).name, r.location.line, r.kind) for r in view.items] == [
        ("CustomerForm.razor", line, "read-write")
    ]
    assert view.items[0].location.column == column + len("customer.")


def test_a_property_used_in_a_razor_expression(web):
    view = web.run(queries.find_references, SymbolRef(name="Web.Server.Data.Customer.Name"))
    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    line, column = _place(orders, "Name</td>")
    assert [(r.location.line, r.location.column, r.kind) for r in view.items if r.location.path == str(orders)] == [
        (line, column, "read")
    ]


def test_a_position_in_a_razor_file_names_the_symbol_there(web):
    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    line, column = _place(orders, "Order order")
    definition = web.run(queries.go_to_definition, SymbolRef(file=str(orders), line=line, column=column + 2))
    declared = WEB / "Web.Server/Data/Order.cs"
    assert [(d.path, d.line) for d in definition.locations] == [(str(declared), _place(declared, "class Order")[0])]
    line, column = _place(orders, "Shown()")
    info = web.run(queries.symbol_info, SymbolRef(file=str(orders), line=line, column=column))
    assert info.symbol.name == "Shown" and info.symbol.kind == "method"
    # The member it declares in @code is answered at the .razor file too.
    assert (info.symbol.location.path, info.symbol.location.line) == (str(orders), _place(orders, "Shown() =>")[0])


def test_a_position_in_markup_or_outside_the_file_says_so(web):
    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    line, column = _place(orders, "<h1>Orders")
    with pytest.raises(EngineError, match="is markup, not C#"):
        web.run(queries.symbol_info, SymbolRef(file=str(orders), line=line, column=column + 1))
    with pytest.raises(EngineError, match="Line 400 is outside"):
        web.run(queries.symbol_info, SymbolRef(file=str(orders), line=400, column=1))
    with pytest.raises(EngineError, match="does not exist"):
        web.run(queries.symbol_info, SymbolRef(file="Web.Server/Components/Pages/Gone.razor", line=1, column=1))


def test_razor_places_over_mcp():
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        answer = mcp.call("find_references", symbol="Web.Client.Shared.TodoItem")
        assert not answer.is_error, answer.content[0].text
        text = answer.content[0].text
        home_line, home_column = _place(WEB / "Web.Server/Components/Pages/Home.razor", "TodoItem(")
        home = text.split("\nWeb.Server/Components/Pages/Home.razor\n", 1)[1]
        items_line, items_column = _place(WEB / "Web.Server/Components/Pages/Home.razor", 'items" Heading')
        assert home.startswith(f"  {items_line}:{items_column}  type use")  # the Items="items" attribute's type
        assert f"  {home_line}:{home_column - 23}  type use" in home  # List<TodoItem> before new TodoItem(
        assert f"  {home_line}:{home_column}  object creation  Home.items" in home
        places = [item["at"] for item in answer.structured_content["result"]["items"]]
        assert f"Web.Server/Components/Pages/Home.razor:{home_line}:{home_column}" in places
        orders = WEB / "Web.Server/Components/Pages/Orders.razor"
        line, column = _place(orders, "Order order")
        definition = mcp.call("go_to_definition", file=str(orders), line=line, column=column)
        assert not definition.is_error, definition.content[0].text
        assert "Web.Server/Data/Order.cs" in definition.content[0].text


def test_the_index_answers_names_declared_in_razor_code_as_live_until_a_razor_file_changes(tmp_path):
    from engine.workspace.session import SolutionSession
    from engine.workspace.solution_file import resolve_target

    from .conftest import copy_fixture

    root = copy_fixture("Web", tmp_path)
    live = load_solution(root / "Web.slnx", watch=False)
    try:
        live.wait_warm()  # the index is written in the warm-up
        expected = live.run(queries.find_symbols, "Shown")
    finally:
        live.close()
    assert [item.location.path for item in expected.items] == [str(root / "Web.Server/Components/Pages/Orders.razor")]
    second = SolutionSession(resolve_target(root / "Web.slnx"), watch=False)
    early = second.early_answer(queries.find_symbols, "Shown")
    assert early is not None and early.items == expected.items
    orders = root / "Web.Server/Components/Pages/Orders.razor"
    orders.write_text(orders.read_text().replace("Shown()", "Listed()"))
    assert SolutionSession(resolve_target(root / "Web.slnx"), watch=False).early_index() is None


def test_a_razor_file_reads_and_is_coloured_by_its_csharp(web):
    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    text = web.run(queries.read_file, str(orders))
    assert list(text.lines) == orders.read_text().split("\n")  # as Roslyn counts lines: one after the last newline
    classes = web.run(queries.semantic_classes, str(orders))
    line, column = _place(orders, "Order order")
    assert (line, column, column + len("Order"), "class") in {
        (s.line, s.column, s.end_column, s.kind) for s in classes.items
    }
    markup_line, _ = _place(orders, "<h1>Orders")
    assert not [s for s in classes.items if s.line == markup_line]  # markup has no C# classes
    line, column = _place(orders, "order.CustomerCode == Code")
    around = web.run(queries.containing_member, str(orders), line, column)
    assert around.member is not None and around.member.display == "Orders.Shown()"


def test_the_outline_of_a_razor_file(web):
    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    outline = web.run(queries.file_outline, str(orders))
    top = [(node.kind, node.name, node.location.line) for node in outline.items]
    assert top == [
        ("route", "/orders", 1),
        ("route", "/customers/{Code}/orders", 2),
        ("inject", "ShopContext Context", 3),
        ("inject", "Microsoft.EntityFrameworkCore.IDbContextFactory<ShopContext> Factory", _place(orders, "@inject Microsoft")[0]),
        ("component", "Orders", 1),
    ]
    members = [(node.kind, node.name, node.location.line) for node in outline.items[-1].children]
    assert ("parameter", "Code", _place(orders, "Code { get")[0]) in members
    assert ("method", "Shown", _place(orders, "Shown() =>")[0]) in members
    # A render mode makes Razor declare a class nobody wrote: the outline shows what the file says.
    counter = web.run(queries.file_outline, str(WEB / "Web.Client/Pages/Counter.razor"))
    component = next(node for node in counter.items if node.kind == "component")
    assert [node.name for node in component.children] == [
        "currentCount",
        "list",
        "numbers",
        "pending",
        "IncrementCount",
    ]
    home = WEB / "Web.Server/Components/Pages/Home.razor"
    uses = [node for node in web.run(queries.file_outline, str(home)).items if node.kind == "uses"]
    assert [(node.name, node.location.line, node.location.column) for node in uses] == [
        ("TodoList", *_place(home, "TodoList Items"))
    ]
    page = web.run(queries.file_outline, str(WEB / "Web.Server/Pages/Privacy.cshtml"))
    assert [(node.kind, node.name) for node in page.items][:2] == [
        ("route", "/Privacy"),
        ("page model", "Web.Server.Pages.PrivacyModel"),
    ]


def test_a_razor_files_errors_are_where_dotnet_build_reports_them(tmp_path):
    import re
    import subprocess

    from .conftest import copy_fixture

    root = copy_fixture("Web", tmp_path)
    orders = root / "Web.Server/Components/Pages/Orders.razor"
    text = orders.read_text().replace("@order.Total<", "@order.Totl<")  # CS1061 in the markup's C#
    orders.write_text(
        text.replace("<h1>Orders</h1>", "<h1>Orders</h1>\n<OrderSummary />")
    )  # RZ10012: no such component
    session = load_solution(root / "Web.slnx", watch=False, warm_up=False)
    try:
        view = session.run(queries.diagnostics, str(orders), severity="warning")
    finally:
        session.close()
    ours = {(d.id, d.severity, d.location.line, d.location.column) for d in view.items}
    built = subprocess.run(
        ["dotnet", "build", str(root / "Web.Server/Web.Server.csproj"), "-p:OpenApiGenerateDocumentsOnBuild=false"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    reported = {
        (code, severity, int(line), int(column))
        for line, column, severity, code in re.findall(
            r"Orders\.razor\((\d+),(\d+)\): (error|warning) ((?:CS|RZ)\d+)", built.stdout
        )
    }
    assert (
        ours
        == reported
        == {
            ("CS1061", "error", *_place(orders, "Totl")),
            ("RZ10012", "warning", *_place(orders, "<OrderSummary")),
        }
    )
    assert view.scope == "Web.Server/Components/Pages/Orders.razor"


def test_a_stack_trace_through_razor_code_is_answered_at_its_razor_lines(web):
    from engine import testing

    orders = WEB / "Web.Server/Components/Pages/Orders.razor"
    shown, loop = _place(orders, "Context.Orders.Where")[0], _place(orders, "@foreach")[0]
    trace = (
        "System.NullReferenceException: Object reference not set to an instance of an object.\n"
        f"   at Web.Server.Components.Pages.Orders.Shown() in {orders}:line {shown}\n"
        f"   at Web.Server.Components.Pages.Orders.BuildRenderTree(RenderTreeBuilder __builder) in {orders}:line {loop}\n"
    )
    frames = web.run(testing.resolve_stack_trace, trace).items
    assert [(f.symbol.display, f.location.path, f.location.line, f.exact_line) for f in frames] == [
        ("Orders.Shown()", str(orders), shown, True),
        ("Orders.BuildRenderTree(RenderTreeBuilder)", str(orders), loop, True),
    ]
