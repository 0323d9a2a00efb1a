"""Outline, containing member, source, files, projects, namespaces and diagnostics on the Shop fixture."""

from __future__ import annotations

import re

import pytest

from engine import FileNotInSolution, InvalidArgument, PositionOutOfRange, SymbolRef
from engine.queries import (
    containing_member,
    diagnostics,
    file_outline,
    get_source,
    list_namespaces,
    project_structure,
    read_file,
)

from .queries_helpers import at


def test_outline_nests_types_and_members(shop):
    outline = shop.run(file_outline, "src/Shop.Core/Customer.cs")
    (customer,) = outline.items
    assert (customer.kind, customer.display, customer.span.line, customer.span.end_line) == ("class", "Customer", 4, 32)
    assert [c.display for c in customer.children][:3] == [
        "Customer.Customer(int, string)",
        "Customer.Customer()",
        "Customer.Name",
    ]
    address = next(c for c in customer.children if c.name == "Address")
    assert [m.display for m in address.children] == ["Customer.Address.City"]
    tier = next(c for c in customer.children if c.name == "Tier")
    assert [m.kind for m in tier.children] == ["enum member"] * 3
    assert outline.count == 14


def test_outline_of_positional_records_lists_their_properties(shop):
    outline = shop.run(file_outline, "src/Shop.Core/Order.cs")
    assert [(n.kind, n.display, [c.display for c in n.children]) for n in outline.items] == [
        ("record", "Order", ["Order.Id", "Order.Total"]),
        ("record struct", "Money", ["Money.Amount", "Money.Currency", "Money.ToString()"]),
    ]


def test_containing_member(shop):
    inside = shop.run(containing_member, "src/Shop.Core/Customer.Orders.cs", 24, 12)
    assert inside.member is not None and inside.member.display == "Customer.AddOrder(Order)"
    assert inside.type is not None and inside.type.display == "Customer"
    assert (inside.span.line, inside.span.end_line) == (19, 26)
    nested = shop.run(containing_member, "src/Shop.Core/Customer.cs", 26, 5)
    assert nested.member is None and nested.type.display == "Customer.Address"


def test_bad_positions_and_files_are_named_errors(shop):
    with pytest.raises(
        PositionOutOfRange, match=re.escape("Line 999 is outside src/Shop.Core/Customer.cs, which has 33 lines")
    ):
        shop.run(containing_member, "src/Shop.Core/Customer.cs", 999, 1)
    with pytest.raises(PositionOutOfRange, match="Column 99 is outside line 1"):
        shop.run(containing_member, "src/Shop.Core/Customer.cs", 1, 99)
    with pytest.raises(FileNotInSolution, match="does not exist"):
        shop.run(file_outline, "src/Nope.cs")


def test_source_of_a_partial_type_has_every_part_with_doc_comments(shop):
    source = shop.run(get_source, SymbolRef(name="Customer"))
    assert [(at_part.path.rsplit("/", 1)[-1], at_part.start, at_part.end) for at_part in source.parts] == [
        ("Customer.Orders.cs", 3, 27),
        ("Customer.cs", 3, 32),
    ]
    assert source.parts[1].lines[0] == "/// <summary>A customer. This part holds identity and contact data.</summary>"


def test_source_of_a_field_is_its_whole_declaration(shop):
    (part,) = shop.run(get_source, SymbolRef(name="Customer.MaxOrders")).parts
    assert (part.start, part.end) == (5, 6)
    assert part.lines[1].strip().startswith("public const int MaxOrders = 100;")


def test_source_of_a_metadata_symbol_is_its_library_source(shop):
    source = shop.run(get_source, SymbolRef(name="System.Guid"), timeout=120)
    assert source.origin.startswith("System.Private.CoreLib ") and "decompiled" in source.origin
    assert "public readonly struct Guid : ISpanFormattable" in source.render()


def test_read_file_ranges(shop):
    text = shop.run(read_file, "src/Shop.Core/Order.cs", 6, 6)
    assert text.render() == (
        "src/Shop.Core/Order.cs:6-6 (of 13 lines)\n"
        "6  public record Order(int Id, decimal Total) : IEntity; "
        "// positional record: the generated property Id implements IEntity.Id"
    )
    assert shop.run(read_file, "src/Shop.Core/Order.cs").end == 13
    with pytest.raises(PositionOutOfRange, match="Start line 40 is outside"):
        shop.run(read_file, "src/Shop.Core/Order.cs", 40)


def test_project_structure(shop):
    structure = shop.run(project_structure, include_documents=True)
    by_name = {p.name: p for p in structure.items}
    assert list(by_name) == ["Shop.App", "Shop.Broken", "Shop.Core", "Shop.Data", "Shop.Generators", "Shop.Multi"]
    assert by_name["Shop.App"].output_kind == "exe" and by_name["Shop.Core"].output_kind == "library"
    assert by_name["Shop.App"].project_references == ("Shop.Core", "Shop.Data")
    assert by_name["Shop.Multi"].target_frameworks == ("net10.0", "net10.0-browser")
    assert by_name["Shop.Core"].package_references == ()
    assert any(d.endswith("Shop.Core/Customer.Orders.cs") for d in by_name["Shop.Core"].documents)


def test_namespaces_with_type_counts(shop):
    namespaces = {n.name: (n.type_count, n.projects) for n in shop.run(list_namespaces).items}
    assert namespaces["Shop.Core"] == (13, ("Shop.Core",))
    assert namespaces["Shop.App"] == (3, ("Shop.App",))  # Program, Workflow and the generated GeneratedInfo


def test_diagnostics_of_the_solution_errors_first(shop):
    found = shop.run(diagnostics)
    assert [(at(d.location), d.severity, d.id) for d in found.items] == [
        ("Shop.Broken/Broken.cs:11:21", "error", "CS0029"),
        ("Shop.Broken/Broken.cs:12:35", "error", "CS0103"),
        ("Shop.Broken/Broken.cs:10:13", "warning", "CS0219"),
    ]
    assert found.counts == (("error", 2), ("warning", 1))


def test_diagnostics_by_file_project_and_severity(shop):
    errors = shop.run(diagnostics, file="src/Shop.Broken/Broken.cs", severity="error")
    assert [d.id for d in errors.items] == ["CS0029", "CS0103"]
    assert shop.run(diagnostics, project="Shop.Core").total == 0
    with pytest.raises(InvalidArgument, match="not a severity"):
        shop.run(diagnostics, severity="fatal")
