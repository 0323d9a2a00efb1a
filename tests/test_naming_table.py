"""Names are resolved from the table of declarations: every declared name of the fixtures, simple or
qualified (constructors as Type.Type), resolves to its own declaration, in the time an ID takes."""

from __future__ import annotations

import pytest

from engine import SymbolRef
from engine.host.interop import Operation
from engine.queries import symbol_info
from engine.symbols.declarations import source_declarations
from engine.symbols.describe import documentation_id, qualified_name
from engine.symbols.naming import resolve_all

from .conftest import FIXTURES


@pytest.mark.parametrize("fixture", ["Shop/Shop.sln", "Loop/Loop.slnx"])
def test_every_declared_name_resolves_to_its_declaration(fixture, shop):
    from engine import load_solution

    session = shop if fixture.startswith("Shop") else load_solution(FIXTURES / fixture, watch=False)
    session.wait_loaded()
    snapshot = session.snapshot()
    operation = Operation("naming", 120)
    declarations = source_declarations(snapshot, operation)
    checked = 0
    for index in range(len(declarations)):
        symbol = declarations.symbol(index, operation)
        simple = declarations.names.names[index]
        if simple.startswith("<") or "." in simple:
            continue  # the compiler's own names (<Main>$) and explicit implementations: named by place or ID
        name = f"{simple}.{simple}" if str(symbol.Name) == ".ctor" else qualified_name(symbol)
        if name.split(".")[-2:-1] == [simple]:
            continue  # Shop.Broken.Broken: a type named as its namespace reads as its constructor
        found = [documentation_id(s) for s in resolve_all(snapshot, operation, name)]
        assert documentation_id(symbol) in found, (name, found)
        checked += 1
    assert checked > 40


def test_a_records_positional_property_is_named_like_any_property(shop):
    """Roslyn's search by name misses it (it is declared by a parameter); the table does not."""
    info = shop.run(symbol_info, SymbolRef(name="Money.Amount"))
    assert info.symbol.documentation_id == "P:Shop.Core.Money.Amount"
