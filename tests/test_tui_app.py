"""The terminal app driven with Textual's Pilot on the Shop fixture: real engine, real widgets."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Label, Static

from engine import SymbolRef
from engine.queries import call_hierarchy, diagnostics, find_references, symbol_info, type_hierarchy
from tui.app import RoslynTui
from tui.screens.help import HelpScreen
from tui.screens.quick_info import QuickInfoScreen
from tui.screens.search import SymbolSearchScreen
from tui.widgets.panels import InfoPanel, ListPanel, TreePanel
from tui.widgets.source_view import SourceView

from .conftest import SHOP_SLN

SIZE = (160, 45)


pytestmark = pytest.mark.usefixtures("private_config")


async def loaded(pilot) -> RoslynTui:
    app = pilot.app
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert app.session is not None
    return app


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_symbol_by_search(pilot, text: str) -> None:
    await pilot.press("ctrl+t")
    assert isinstance(pilot.app.screen, SymbolSearchScreen)
    await pilot.press(*text)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def show_calls(pilot, text: str) -> TreePanel:
    """The call hierarchy panel after opening the first symbol found for ``text`` and pressing f7."""
    await open_symbol_by_search(pilot, text)
    await pilot.press("f7")
    await settle(pilot)
    return pilot.app.query_one("#calls-panel", TreePanel)


async def test_search_definition_references_history_and_diagnostics(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        source = app.query_one(SourceView)

        # Search a symbol and land on its declaration.
        await open_symbol_by_search(pilot, "Balance")
        assert source.path is not None and source.path.endswith("Customer.Orders.cs")
        assert source.position == (10, 20)
        assert app.query_one("#info-panel", InfoPanel).plain_text().startswith("property Customer.Balance")

        # References of the symbol under the cursor; the panel shows the shared view's text.
        await pilot.press("shift+f12")
        await settle(pilot)
        references = app.query_one("#references-panel", ListPanel)
        expected = shop.run(find_references, SymbolRef(name="Customer.Balance")).render()
        assert references.plain_text() == expected

        # Open a reference (the Seeder write at 20:13), then go back and forward.
        references.focus()
        references.highlighted = next(
            i for i in range(references.option_count) if (place := references.location_at(i)) and place.line == 20
        )
        await pilot.press("enter")
        await settle(pilot)
        assert source.path.endswith("Seeder.cs") and source.position == (20, 13)
        await pilot.press("alt+left")
        await settle(pilot)
        assert source.path.endswith("Customer.Orders.cs") and source.position == (10, 20)
        await pilot.press("alt+right")
        await settle(pilot)
        assert source.path.endswith("Seeder.cs")

        # f12 on a use site goes to the declaration: column 29 is `alice.Balance`.
        source.move_cursor((19, 28))
        await pilot.press("f12")
        await settle(pilot)
        assert source.path.endswith("Customer.Orders.cs") and source.position == (10, 20)

        # K shows quick info of the symbol under the cursor; shift+f12 there finds its references.
        source.focus()
        await pilot.press("K")
        await settle(pilot)
        popup = app.screen
        assert isinstance(popup, QuickInfoScreen)
        info = shop.run(symbol_info, SymbolRef(name="Customer.Balance"))
        assert str(popup.query_one(".title", Label).render()) == info.signature == info.brief()[0]
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, QuickInfoScreen)
        await pilot.press("K")
        await settle(pilot)
        await pilot.press("shift+f12")
        await settle(pilot)
        assert not isinstance(app.screen, QuickInfoScreen) and references.plain_text() == expected

        # f8 jumps to the first diagnostic, an error in Shop.Broken.
        await pilot.press("f8")
        await settle(pilot)
        assert source.path.endswith("Broken.cs") and source.position == (11, 21)
        assert app.query_one("#diagnostics-panel", ListPanel).plain_text() == shop.run(diagnostics).render()


async def test_hierarchies_and_lazy_expansion(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        await open_symbol_by_search(pilot, "IRepository")
        await pilot.press("f6")
        await settle(pilot)
        hierarchy = app.query_one("#hierarchy-panel", TreePanel)
        expected = shop.run(type_hierarchy, SymbolRef(name="T:Shop.Core.IRepository`1"), max_depth=2).render()
        assert hierarchy.plain_text() == expected

        calls = await show_calls(pilot, "IsEven")
        expected = shop.run(call_hierarchy, SymbolRef(name="Workflow.IsEven"), direction="both").render()
        assert calls.plain_text() == expected
        # Expanding a node cut short by depth asks the engine for the next level.
        end_node = next(n for n in calls.root.children[0].children if "Workflow.End(int)" in str(n.label))
        assert not any("Middle" in str(c.label) for c in end_node.children)
        end_node.collapse()
        end_node.expand()
        # The expansion reaches the app as messages before its worker starts: wait for the worker's answer.
        for _ in range(100):
            await pilot.pause(0.1)
            await settle(pilot)
            if any("called by  Workflow.Middle(int)" in str(c.label) for c in end_node.children):
                break
        assert any("called by  Workflow.Middle(int)" in str(c.label) for c in end_node.children)


async def test_callers_after_a_page_load_when_their_node_is_expanded(shop, monkeypatch):
    monkeypatch.setattr("tui.actions.navigation.CALLERS_PAGE", 2)
    whole = shop.run(call_hierarchy, SymbolRef(name="Customer.Balance"), direction="both")
    total = whole.incoming_total
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        calls = await show_calls(pilot, "Balance")
        incoming = calls.root.children[0]
        assert (
            str(incoming.label) == whole.incoming_heading() and f"incoming: {total} callers" in whole.incoming_heading()
        )
        assert [str(n.label) for n in incoming.children][2:] == [f"… {total - 2} more callers"]
        while str(incoming.children[-1].label).startswith("…"):
            incoming.children[-1].expand()
            await settle(pilot)
        assert calls.plain_text() == whole.render()


async def test_help_lists_every_key(shop):
    app = RoslynTui(SHOP_SLN)
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#help-text", Static).content)
        text = console.export_text()
        keys = ("ctrl+t", "ctrl+p", "f12", "shift+f12", "ctrl+f12", "f6", "f7", "ctrl+.", "f2", "f8", "alt+left")
        for key in (*keys, "ctrl+q"):
            assert key in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_a_load_failure_is_shown_not_raised(tmp_path):
    app = RoslynTui(tmp_path / "missing.sln")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.session is None
        assert "does not exist" in app.query_one(SourceView).text


async def test_the_theme_is_remembered(shop):
    app = RoslynTui(SHOP_SLN, theme="roslyn-light")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        assert app.theme == "roslyn-light"
        app.theme = "roslyn-high-contrast"
        await pilot.pause()
    again = RoslynTui(SHOP_SLN)
    async with again.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        assert again.theme == "roslyn-high-contrast"


def test_the_highlight_query_compiles_against_the_grammar():
    import tree_sitter_c_sharp
    from tree_sitter import Language, Query

    query_text = (Path(__file__).parent.parent / "tui" / "highlight" / "highlights.scm").read_text()
    query = Query(Language(tree_sitter_c_sharp.language()), query_text)
    assert query.pattern_count > 20


def test_the_sample_is_opened_when_there_is_nothing_to_open(tmp_path, monkeypatch):
    from tui.__main__ import SAMPLE, choose_path

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ROSLYN_TUI_CACHE_DIR", str(tmp_path / "cache"))
    opened, is_sample = choose_path(None)
    # A copy in the user cache: restoring and building it never writes into the installed package.
    assert is_sample and opened.name == SAMPLE.name and opened.is_file()
    assert (tmp_path / "cache") in opened.parents
    assert opened.read_bytes() == SAMPLE.read_bytes()
    assert choose_path(None) == (opened, True)  # the same copy again
    (tmp_path / "Here.slnx").write_text("<Solution />")
    assert choose_path(None) == (tmp_path, False)


async def test_a_file_based_app_opens_in_the_app():
    """`roslyn-tui greet.cs`: the app's one project in the tree, its record found and opened."""
    from .conftest import FIXTURES

    app = RoslynTui(FIXTURES / "Apps" / "greet.cs")
    async with app.run_test(size=SIZE) as pilot:
        await loaded(pilot)
        assert [p.name for p in app.session.report.projects] == ["greet.cs"]
        await open_symbol_by_search(pilot, "Person")
        source = app.query_one(SourceView)
        assert source.path is not None and source.path.endswith("greet.cs")
        assert source.cursor_location[0] == 15  # 0-based: the record's line
