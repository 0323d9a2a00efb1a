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


def test_a_property_named_item_resolves_by_its_documentation_id(tmp_path):
    """Roslyn's reader of documentation IDs takes ``P:T.Item`` for an indexer: a property named ``Item``
    (serilog's tests have one, in a nested class) is found among its type's members instead, so its lens
    and every query by ID answer."""
    from engine import load_solution

    (tmp_path / "Items.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>'
        "</PropertyGroup></Project>"
    )
    (tmp_path / "Items.cs").write_text(
        "namespace N;\npublic class Outer\n{\n    class Nested { public string Item => \"a\"; }\n"
        "    public string Item => new Nested().Item;\n}\n"
    )
    session = load_solution(tmp_path / "Items.csproj", watch=False)
    try:
        for doc_id in ("P:N.Outer.Item", "P:N.Outer.Nested.Item"):
            info = session.run(symbol_info, SymbolRef(name=doc_id))
            assert info.symbol.documentation_id == doc_id
    finally:
        session.close()
