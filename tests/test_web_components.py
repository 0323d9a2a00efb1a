"""Blazor components as symbols (``engine.web.components``, ``razor_tags``): a component's tags are its
references, a tag's attributes are references of the ``[Parameter]``s they set, the component's
declaration is its ``.razor`` file, and a position on a tag is the component. On ``tests/fixtures/Web``."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import SymbolRef, load_solution, queries

from .mcp_client import McpClient
from .test_web_razor import WEB, _place

HOME = WEB / "Web.Server/Components/Pages/Home.razor"
COUNTER = WEB / "Web.Client/Pages/Counter.razor"
TODO_LIST = WEB / "Web.Client/Shared/TodoList.razor"


@pytest.fixture(scope="module")
def web():
    session = load_solution(WEB / "Web.slnx", watch=False, warm_up=False)
    yield session
    session.close()


def _at(path: Path, needle: str) -> tuple[str, int, int]:
    return (str(path), *_place(path, needle))


def test_a_components_tags_are_its_references(web):
    view = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.TodoList"))
    found = [(r.location.path, r.location.line, r.location.column, r.kind) for r in view.items]
    assert found == [
        (*_at(COUNTER, "TodoList @ref"), "component"),  # its @ref's cast in generated code is this tag's
        (*_at(COUNTER, "TodoList? list"), "type use"),
        (*_at(HOME, "TodoList Items"), "component"),
    ]
    assert view.items[2].line_text == '<TodoList Items="items" Heading="Everything" />'
    assert view.render().splitlines()[0] == (
        "References to TodoList: 3 in 2 files (2 component, 1 type use; Web.Client 2, Web.Server 1)"
    )


def test_a_generic_components_tags_given_or_inferred(web):
    view = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.Grid`1"))
    assert [(r.location.path, r.location.line, r.location.column, r.kind, r.containing_member) for r in view.items] == [
        (*_at(COUNTER, "Grid Rows"), "component", "Counter.BuildRenderTree(RenderTreeBuilder)"),  # TItem inferred
        (*_at(COUNTER, "Grid TItem"), "component", "Counter.BuildRenderTree(RenderTreeBuilder)"),
    ]
    rows = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.Grid`1.Rows"))
    assert {(r.location.line, r.kind) for r in rows.items if r.location.path == str(COUNTER)} == {
        (_place(COUNTER, "Grid Rows")[0], "attribute"),
        (_place(COUNTER, "Grid TItem")[0], "attribute"),
    }


def test_attributes_are_references_of_the_parameters_they_set(web):
    view = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.TodoList.Heading"))
    assert [(r.location.path, r.location.line, r.location.column, r.kind) for r in view.items] == [
        (*_at(COUNTER, 'Heading="Pending"'), "attribute"),
        (*_at(HOME, 'Heading="Everything"'), "attribute"),
    ]
    items = web.run(queries.find_references, SymbolRef(name="Web.Client.Shared.TodoList.Items"))
    kinds = {(Path(r.location.path).name, r.kind) for r in items.items}
    assert kinds == {("Counter.razor", "attribute"), ("Home.razor", "attribute"), ("TodoList.razor", "read")}


def test_a_component_is_declared_in_its_razor_file(web):
    found = web.run(queries.find_symbols, "TodoList")
    assert [(s.location.path, s.location.line, s.kind) for s in found.items] == [(str(TODO_LIST), 1, "class")]
    line, column = _place(HOME, "TodoList Items")
    definition = web.run(queries.go_to_definition, SymbolRef(file=str(HOME), line=line, column=column + 3))
    assert [(d.path, d.line) for d in definition.locations] == [(str(TODO_LIST), 1)]


def test_a_position_on_a_tag_is_the_component(web):
    line, column = _place(COUNTER, "TodoList @ref")
    view = web.run(queries.find_references, SymbolRef(file=str(COUNTER), line=line, column=column))
    assert view.symbol == "TodoList" and view.total == 3
    info = web.run(queries.symbol_info, SymbolRef(file=str(COUNTER), line=line, column=column + len("TodoList")))
    assert info.symbol.name == "TodoList"


def test_component_references_over_mcp():
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        answer = mcp.call("find_references", symbol="Web.Client.Shared.TodoList")
        assert not answer.is_error, answer.content[0].text
        lines = answer.content[0].text.splitlines()
        line, column = _place(HOME, "TodoList Items")
        assert "Web.Server/Components/Pages/Home.razor" in lines
        assert f"  {line}:{column}  component  Home.BuildRenderTree(RenderTreeBuilder)  " in "\n".join(lines)
        assert not [text for text in lines if "/obj/" in text]
