"""find_references on the Shop fixture: kinds, cross-project uses, overloads, constructors, multi-targeting."""

from __future__ import annotations

from engine import SymbolRef
from engine.queries import find_references

from .queries_helpers import at


def refs(shop, name: str, **kwargs):
    return shop.run(find_references, SymbolRef(name=name), **kwargs)


def test_property_reads_writes_and_compound_assignments_across_three_projects(shop):
    balance = refs(shop, "Customer.Balance")
    assert [(at(r.location), r.kind) for r in balance.items] == [
        ("Shop.App/Program.cs:19:15", "read-write"),
        ("Shop.App/Program.cs:26:37", "read"),
        ("Shop.Broken/Broken.cs:12:25", "read"),
        ("Shop.Core/Customer.Orders.cs:24:9", "read-write"),
        ("Shop.Data/Seeder.cs:13:50", "write"),
        ("Shop.Data/Seeder.cs:20:13", "write"),
        ("Shop.Data/Seeder.cs:20:29", "read"),
        ("Shop.Multi/Report.cs:18:59", "read"),
    ]
    assert balance.file_count == 5
    assert dict(balance.kind_counts) == {"read": 4, "write": 2, "read-write": 2}


def test_the_multi_targeted_project_gives_no_duplicate_locations(shop):
    balance = refs(shop, "Customer.Balance")
    keys = [(r.location.path, r.location.line, r.location.column) for r in balance.items]
    assert len(keys) == len(set(keys))
    assert sum(1 for r in balance.items if "Shop.Multi" in r.location.path) == 1


def test_increment_is_read_write_and_containing_member_is_named(shop):
    order_count = refs(shop, "Customer.OrderCount")
    assert [(at(r.location), r.kind, r.containing_member) for r in order_count.items] == [
        ("Shop.Core/Customer.Orders.cs:21:13", "read", "Customer.AddOrder(Order)"),
        ("Shop.Core/Customer.Orders.cs:25:9", "read-write", "Customer.AddOrder(Order)"),
    ]
    assert order_count.items[1].line_text.startswith("OrderCount++;")


def test_extension_method_calls_are_references(shop):
    display_name = refs(shop, "CustomerExtensions.DisplayName")
    assert [(at(r.location), r.kind) for r in display_name.items] == [
        ("Shop.App/Program.cs:20:33", "invocation"),
        ("Shop.Data/Seeder.cs:23:33", "invocation"),
    ]


def test_overloads_are_told_apart(shop):
    assert [at(r.location) for r in refs(shop, "Journal.Add(string)").items] == ["Shop.App/Program.cs:15:17"]
    assert [at(r.location) for r in refs(shop, "Journal.Add(string, decimal)").items] == [
        "Shop.App/Program.cs:16:17",
        "Shop.Core/Journal.cs:20:37",
        "Shop.Core/Journal.cs:33:37",
    ]


def test_nameof_is_its_own_kind(shop):
    add_order = refs(shop, "Customer.AddOrder")
    assert [(at(r.location), r.kind) for r in add_order.items] == [
        ("Shop.Core/Customer.Orders.cs:22:59", "nameof"),
        ("Shop.Data/Seeder.cs:19:19", "invocation"),
    ]


def test_constructor_references_include_target_typed_new(shop):
    parameterless = refs(shop, "Customer.Customer()")
    assert [(at(r.location), r.kind) for r in parameterless.items] == [("Shop.Data/Seeder.cs:13:26", "object creation")]
    with_name = refs(shop, "Customer.Customer(int, string)")
    assert [(at(r.location), r.kind) for r in with_name.items] == [("Shop.Data/Seeder.cs:14:23", "object creation")]


def test_a_types_references_include_its_constructions(shop):
    customer = refs(shop, "Customer")
    creations = [at(r.location) for r in customer.items if r.kind == "object creation"]
    assert creations == ["Shop.Data/Seeder.cs:13:26", "Shop.Data/Seeder.cs:14:23"]
    # `new Customer.Address { }` names Customer as a qualifier: a type use, not a Customer creation.
    assert ("Shop.Data/Seeder.cs:15:26", "type use") in [(at(r.location), r.kind) for r in customer.items]


def test_explicit_interface_implementation_is_found_through_the_interface(shop):
    write = refs(shop, "ILog.Write")
    assert [r.kind for r in write.items] == ["invocation"]
    assert "Program.cs" in write.items[0].location.path


def test_declarations_are_included_on_request(shop):
    with_declaration = refs(shop, "Customer.Balance", include_declarations=True)
    declarations = [at(r.location) for r in with_declaration.items if r.kind == "declaration"]
    assert declarations == ["Shop.Core/Customer.Orders.cs:10:20"]
    assert with_declaration.total == 9


def test_a_virtual_call_through_an_override_is_marked(shop):
    describe = refs(shop, "Entity.Describe")
    assert [(at(r.location), r.definition) for r in describe.items] == [
        ("Shop.App/Program.cs:22:33", "Customer.Describe()"),
        ("Shop.App/Program.cs:24:36", ""),
    ]
