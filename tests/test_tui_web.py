"""The terminal app on a web application (``tests/fixtures/Web``): Razor files in the tree, opened,
and navigated from like a .cs file."""

from __future__ import annotations

import pytest

from tui.app import RoslynTui
from tui.widgets.solution_tree import SolutionTree
from tui.widgets.source_view import SourceView

from .test_tui_app import SIZE, loaded, open_symbol_by_search, settle
from .test_web_razor import WEB, _place

pytestmark = pytest.mark.usefixtures("private_config")


async def test_a_razor_file_is_in_the_tree_and_f12_works_inside_it():
    app = RoslynTui(WEB / "Web.slnx")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        orders = WEB / "Web.Server/Components/Pages/Orders.razor"
        structure = app.query_one(SolutionTree).structure
        assert structure is not None
        server = next(project for project in structure.items if project.name == "Web.Server")
        assert str(orders) in server.documents

        # A member declared in @code is found by search and opened at its .razor line.
        await open_symbol_by_search(pilot, "Shown")
        source = app.query_one(SourceView)
        assert source.path == str(orders)
        assert source.position == _place(orders, "Shown() =>")
        assert source.language is None  # markup with C# inside: Roslyn's classes colour the C#
        # The markup has colours of its own, under Roslyn's: tags, directives, a component's attributes.
        heading = _place(orders, "<h1>")[0] - 1
        assert ("markup.tag", "h1") in {
            (name, source.document.lines[heading].encode()[a:b].decode()) for a, b, name in source._highlights[heading]
        }
        assert not [
            name for _, _, name in source._highlights[_place(orders, "Shown() =>")[0] - 1] if name == "markup.tag"
        ]

        # f12 on a type used in the markup's C# goes to its declaration.
        line, column = _place(orders, "Order order")
        source.move_cursor((line - 1, column))
        await pilot.press("f12")
        await settle(pilot)
        declared = WEB / "Web.Server/Data/Order.cs"
        assert source.path == str(declared)
        assert source.position[0] == _place(declared, "class Order")[0]


async def test_the_app_screen_lists_routes_services_and_the_model_and_opens_them():
    from textual.widgets import TabbedContent

    from engine import web
    from tui.screens.app_map import AppMapScreen
    from tui.widgets.panels import ListPanel

    app = RoslynTui(WEB / "Web.slnx")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        await pilot.press("ctrl+e")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AppMapScreen)
        for pane, query in (
            ("routes", web.endpoints),
            ("services", web.service_registrations),
            ("model", web.data_model),
        ):
            shown = screen.query_one(f"#{pane}-panel", ListPanel).plain_text()
            assert shown == app.session.run(query).render()
        screen.query_one(TabbedContent).active = "model"
        model = screen.query_one("#model-panel", ListPanel)
        model.focus()
        model.highlighted = next(
            i for i in range(model.option_count) if "  Customer  -> Clients" in str(model.get_option_at_index(i).prompt)
        )
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, AppMapScreen)
        customer = WEB / "Web.Server/Data/Customer.cs"
        source = app.query_one(SourceView)
        assert source.path == str(customer)
        assert source.position[0] == _place(customer, "class Customer")[0]
