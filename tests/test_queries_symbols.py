"""Naming symbols, searching, symbol info, overloads, members and definitions on the Shop fixture."""

from __future__ import annotations

import pytest

from engine import AmbiguousSymbol, InvalidArgument, SymbolNotFound, SymbolRef
from engine.queries import find_symbols, go_to_definition, method_overloads, symbol_info, type_members
from engine.views.paging import page

from .queries_helpers import at


def info(shop, name: str):
    return shop.run(symbol_info, SymbolRef(name=name))


def test_camel_humps_find_get_by_id(shop):
    hits = shop.run(find_symbols, "GBI")
    assert [h.display for h in hits.items] == ["IRepository<T>.GetById(int)", "InMemoryRepository<T>.GetById(int)"]


def test_search_ranks_exact_then_prefix_then_substring(shop):
    hits = shop.run(find_symbols, "Customer", kind="type")
    assert [h.display for h in hits.items] == [
        "Customer",
        "CustomerExtensions",
        "CustomerRepository",
        "ICustomerRepository",
    ]


def test_search_wildcards_kind_and_project_filters(shop):
    hits = shop.run(find_symbols, "*Repository", project="Shop.Data")
    assert [h.display for h in hits.items] == ["CustomerRepository", "InMemoryRepository<T>"]
    methods = shop.run(find_symbols, "Add", kind="method")
    assert "Journal.Add(string, decimal)" in [h.display for h in methods.items]
    assert all(h.kind == "method" for h in methods.items)


def test_search_takes_qualified_names(shop):
    journal = shop.run(find_symbols, "Journal.Add")
    assert all(s.container == "Journal" for s in journal.items)  # Add's three overloads, then EntryAdded
    assert [s.name for s in journal.items] == ["Add", "Add", "Add", "EntryAdded"]
    assert [s.documentation_id for s in shop.run(find_symbols, "Customer.Bal").items] == [
        "P:Shop.Core.Customer.Balance"
    ]
    nested = shop.run(find_symbols, "Customer.Address")
    assert [s.documentation_id for s in nested.items] == ["T:Shop.Core.Customer.Address"]
    repositories = shop.run(find_symbols, "Core.I*Repository")  # wildcards in any part
    assert {s.documentation_id for s in repositories.items} == {
        "T:Shop.Core.IRepository`1",
        "T:Shop.Core.ICustomerRepository",
    }
    assert shop.run(find_symbols, "Journal.Add(string)").total == 4  # the parameter list is not searched
    assert shop.run(find_symbols, "Supplier.Balance").total == 0


def test_search_can_include_metadata(shop):
    hits = shop.run(find_symbols, "StringBuilder", include_metadata=True)
    assert hits.items[0].qualified_name == "System.Text.StringBuilder"
    assert hits.items[0].location is None


def test_search_rejects_unknown_kinds_and_projects(shop):
    with pytest.raises(InvalidArgument, match="not a symbol kind"):
        shop.run(find_symbols, "Add", kind="gizmo")
    with pytest.raises(InvalidArgument, match="No project named 'Nope'"):
        shop.run(find_symbols, "Add", project="Nope")


def test_a_partial_type_lists_every_part(shop):
    customer = info(shop, "Customer")
    assert [at(loc) for loc in customer.locations] == [
        "Shop.Core/Customer.Orders.cs:3:22",
        "Shop.Core/Customer.cs:4:22",
    ]
    assert customer.signature == "public partial class Customer : Entity"
    assert customer.interfaces == ("IEntity (inherited)",)
    assert customer.documentation.summary == "A customer. This part holds identity and contact data."


def test_generic_constraints_are_shown(shop):
    cache = info(shop, "Cache")
    assert [(p.name, p.constraints) for p in cache.type_parameters] == [
        ("TKey", ("notnull",)),
        ("TValue", ("class", "new()")),
    ]
    repository = info(shop, "IRepository")
    assert [(p.name, p.constraints) for p in repository.type_parameters] == [("T", ("class", "IEntity"))]


def test_method_info_has_parameters_docs_and_extension_flag(shop):
    display_name = info(shop, "CustomerExtensions.DisplayName")
    assert display_name.is_extension and display_name.return_type == "string"
    assert [(p.modifier, p.type, p.name) for p in display_name.parameters] == [("this", "Customer", "c")]
    get_by_id = info(shop, "IRepository.GetById")
    assert get_by_id.documentation.parameters == (("id", "The id to look up."),)
    assert get_by_id.documentation.returns == "The entity, or null when none has that id."


def test_constants_and_property_accessors(shop):
    max_orders = info(shop, "Customer.MaxOrders")
    assert max_orders.constant_value == "100" and max_orders.symbol.kind == "constant"
    order_count = info(shop, "Customer.OrderCount")
    assert order_count.accessors == ("get", "private set")


def test_explicit_interface_implementation_by_documentation_id(shop):
    write = shop.run(symbol_info, SymbolRef(name="M:Shop.Core.AuditLog.Shop#Core#ILog#Write(System.String)"))
    assert write.symbol.display == "AuditLog.ILog.Write(string)"
    assert at(write.symbol.location) == "Shop.Core/AuditLog.cs:16:15"


def test_overload_disambiguation_by_parameter_list(shop):
    assert (
        info(shop, "Journal.Add(string, decimal)").symbol.documentation_id
        == "M:Shop.Core.Journal.Add(System.String,System.Decimal)"
    )
    assert info(shop, "Journal.Add(Order)").symbol.documentation_id == "M:Shop.Core.Journal.Add(Shop.Core.Order)"


def test_an_ambiguous_name_lists_every_candidate(shop):
    with pytest.raises(AmbiguousSymbol) as raised:
        info(shop, "Journal.Add")
    assert raised.value.candidates == (
        "M:Shop.Core.Journal.Add(System.String)",
        "M:Shop.Core.Journal.Add(System.String,System.Decimal)",
        "M:Shop.Core.Journal.Add(Shop.Core.Order)",
    )


def test_an_unknown_name_suggests_near_ones(shop):
    with pytest.raises(SymbolNotFound) as raised:
        info(shop, "Custmer")
    assert "Customer" in raised.value.suggestions
    assert "Did you mean" in str(raised.value)


def test_a_use_site_position_resolves_to_the_declaration(shop):
    # Seeder.cs:20:29 is `alice.Balance`; the declaration is in the other part of Customer.
    definition = shop.run(go_to_definition, SymbolRef(file="src/Shop.Data/Seeder.cs", line=20, column=29))
    assert definition.symbol.display == "Customer.Balance"
    assert [at(loc) for loc in definition.locations] == ["Shop.Core/Customer.Orders.cs:10:20"]


def test_an_extension_call_site_resolves_to_the_extension_method(shop):
    definition = shop.run(go_to_definition, SymbolRef(file="src/Shop.Data/Seeder.cs", line=23, column=33))
    assert definition.symbol.display == "CustomerExtensions.DisplayName(Customer)"


def test_metadata_definitions_give_assembly_signature_and_summary(shop):
    definition = shop.run(go_to_definition, SymbolRef(name="string.IsNullOrEmpty"))
    assert not definition.in_source
    assert definition.symbol.assembly == "System.Runtime"
    assert definition.signature == "public static bool string.IsNullOrEmpty(string? value)"
    assert "null or an empty string" in definition.summary


def test_overloads_of_a_method_and_of_a_constructor(shop):
    overloads = shop.run(method_overloads, SymbolRef(name="Journal.Add"))
    assert [o.display for o in overloads.items] == [
        "Journal.Add(string)",
        "Journal.Add(string, decimal)",
        "Journal.Add(Order)",
    ]
    constructors = shop.run(method_overloads, SymbolRef(name="Customer.Customer"))
    assert [o.display for o in constructors.items] == ["Customer.Customer(int, string)", "Customer.Customer()"]


def test_members_with_inherited_ones(shop):
    members = shop.run(type_members, SymbolRef(name="Customer"), include_inherited=True)
    inherited = [(m.symbol.display, m.declared_in) for m in members.items if m.inherited]
    assert inherited == [("Entity.Entity(int)", "Entity"), ("Entity.Id", "Entity"), ("Entity.IsActive", "Entity")]
    names = [m.symbol.name for m in members.items if not m.inherited]
    assert {"Address", "Tier", "AddOrder", "Balance", "MaxOrders", "Describe", "Validate"} <= set(names)


def test_members_of_a_metadata_type_page(shop):
    members = shop.run(type_members, SymbolRef(name="System.String"), kinds=["method"])
    assert members.total > 100
    first = page(members, 0, 3)
    assert len(first.items) == 3 and first.total == members.total
    assert first.render().splitlines()[0] == f"Members of string: {members.total} (showing 1-3 of {members.total})"


def test_a_search_counts_every_match_and_describes_the_ones_shown(shop):
    every = shop.run(find_symbols, "e", limit=None)
    first = shop.run(find_symbols, "e", limit=2)
    assert every.total == len(every.items) > 2
    assert first.total == every.total and first.items == every.items[:2]
    methods = shop.run(find_symbols, "e", kind="method", limit=1)
    assert methods.total == sum(1 for item in every.items if item.kind == "method") > 1
    assert methods.items[0] == next(item for item in every.items if item.kind == "method")
