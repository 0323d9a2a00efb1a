"""A rename carried into Razor files (``engine.web.razor_rename``): where the generated code's ``#line``
table places a reference exactly, the ``.razor`` file is written there; a component (named by its file)
is refused; generated code is never written. On a copy of ``tests/fixtures/Web``."""

from __future__ import annotations

import pytest

from engine import SymbolRef, editing, load_solution
from engine.errors import EditRefused
from engine.queries import diagnostics

from .conftest import copy_fixture


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    root = copy_fixture("Web", tmp_path_factory.mktemp("rename"))
    session = load_solution(root / "Web.slnx", watch=False, warm_up=False)
    yield session, root
    session.close()


def test_a_property_used_in_markup_is_renamed_in_the_razor_file_too(web):
    session, root = web
    orders = root / "Web.Server/Components/Pages/Orders.razor"
    preview = editing.rename_symbol(session, SymbolRef(name="Web.Server.Data.Order.Total"), "Amount")
    assert preview.problems == ()
    assert {session.snapshot().relative(f.path) for f in preview.files} == {
        "Web.Server/Components/Pages/Orders.razor",
        "Web.Server/Data/Order.cs",
        "Web.Server/Data/ShopContext.cs",
    }
    assert not [f for f in preview.files if "/obj/" in f.path]  # generated code is never written
    editing.rename_symbol(
        session,
        SymbolRef(name="Web.Server.Data.Order.Total"),
        "Amount",
        apply=True,
        preview_token=preview.preview_token,
    )
    assert "<td>@order.Amount</td>" in orders.read_text()
    assert "@order.Total" not in orders.read_text()
    errors = session.run(diagnostics, file=str(orders), severity="error")
    assert errors.total == 0, errors.render()


def test_a_parameter_is_renamed_at_every_tag_that_sets_it(web):
    session, _ = web
    preview = editing.rename_symbol(session, SymbolRef(name="Web.Client.Shared.TodoList.Heading"), "Title")
    assert preview.problems == ()
    text = preview.render()
    assert '+<TodoList @ref="list" Items="pending" Title="Pending" />' in text
    assert '+<TodoList Items="items" Title="Everything" />' in text
    assert "+    public string? Title { get; set; }" in text


def test_a_component_is_named_by_its_file(web):
    session, _ = web
    with pytest.raises(
        EditRefused,
        match=r"TodoList is a component or page: its name is its file's \(Web.Client/Shared/TodoList.razor\)",
    ):
        editing.rename_symbol(session, SymbolRef(name="Web.Client.Shared.TodoList"), "Todos")


def test_an_edit_tool_that_would_write_razor_code_names_the_razor_file(web):
    from engine import symbol_edits

    session, root = web
    orders = root / "Web.Server/Components/Pages/Orders.razor"
    line = next(n for n, text in enumerate(orders.read_text().splitlines(), 1) if "Shown() =>" in text)
    with pytest.raises(
        EditRefused,
        match=rf"Orders\.Shown\(\) is declared in Web\.Server/Components/Pages/Orders\.razor:{line}, a Razor file",
    ):
        symbol_edits.replace_symbol(
            session,
            SymbolRef(name="Web.Server.Components.Pages.Orders.Shown"),
            "private IEnumerable<Order> Shown() => [];",
        )


def test_a_razor_file_added_or_deleted_reloads_its_project(web):
    from engine.queries import find_symbols
    from engine.workspace.watcher import SolutionWatcher

    session, root = web
    badge = root / "Web.Client/Shared/Badge.razor"
    badge.write_text(
        '<span class="badge">@Text</span>\n\n@code {\n    [Parameter]\n    public string Text { get; set; } = "";\n}\n'
    )
    SolutionWatcher(session).apply({str(badge)})
    found = session.run(find_symbols, "Badge")
    assert [(item.location.path, item.location.line) for item in found.items if item.name == "Badge"] == [
        (str(badge), 1)
    ]
    badge.unlink()
    SolutionWatcher(session).apply({str(badge)})
    assert not [item for item in session.run(find_symbols, "Badge").items if item.name == "Badge"]
