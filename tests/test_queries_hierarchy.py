"""Implementations, overrides, type hierarchies and call hierarchies on the Shop fixture."""

from __future__ import annotations

import pytest

from engine import InvalidArgument, SymbolRef
from engine.queries import call_hierarchy, find_implementations, find_overrides, type_hierarchy

from .queries_helpers import at


def implementations(shop, name: str):
    return [
        (item.symbol.display, item.relation, item.direct)
        for item in shop.run(find_implementations, SymbolRef(name=name)).items
    ]


def test_implementations_of_a_generic_interface_direct_and_transitive(shop):
    assert implementations(shop, "IRepository") == [
        ("ICustomerRepository", "derived interface", True),
        ("InMemoryRepository<T>", "implements", True),
        ("CustomerRepository", "implements", False),
    ]


def test_implementations_of_an_interface_member(shop):
    assert implementations(shop, "IRepository.Add") == [
        ("InMemoryRepository<T>.Add(T)", "implements", True),
        ("CustomerRepository.Add(Customer)", "implements", False),
    ]


def test_an_explicit_implementation_is_marked(shop):
    assert implementations(shop, "ILog.Write") == [("AuditLog.ILog.Write(string)", "implements (explicit)", True)]


def test_a_positional_record_property_implements_an_interface_property(shop):
    assert implementations(shop, "IEntity.Id") == [("Entity.Id", "implements", True), ("Order.Id", "implements", True)]


def test_abstract_members_and_classes(shop):
    assert implementations(shop, "Entity.Describe") == [
        ("Customer.Describe()", "overrides", True),
        ("Supplier.Describe()", "overrides", True),
    ]
    assert implementations(shop, "Entity") == [("Customer", "derives", True), ("Supplier", "derives", True)]


def test_nothing_implements_a_plain_property(shop):
    with pytest.raises(InvalidArgument, match="nothing can implement or override it"):
        shop.run(find_implementations, SymbolRef(name="Customer.Name"))


def test_overrides_and_what_an_override_overrides(shop):
    validate = shop.run(find_overrides, SymbolRef(name="Entity.Validate"))
    assert [(at(o.symbol.location), o.direct) for o in validate.items] == [
        ("Shop.Core/Customer.cs:22:26", True),
        ("Shop.Data/Supplier.cs:14:26", True),
    ]
    describe = shop.run(find_overrides, SymbolRef(name="Customer.Describe"))
    assert describe.total == 0 and describe.overridden is not None
    assert describe.overridden.display == "Entity.Describe()"


def test_ancestors_without_and_with_object(shop):
    hierarchy = shop.run(type_hierarchy, SymbolRef(name="CustomerRepository"), direction="ancestors")
    assert [b.symbol.display for b in hierarchy.bases] == ["InMemoryRepository<Customer>"]
    assert [(i.symbol.display, i.note) for i in hierarchy.interfaces] == [
        ("ICustomerRepository", "direct"),
        ("IRepository<Customer>", "inherited from ICustomerRepository"),
    ]
    assert hierarchy.derived == ()
    with_object = shop.run(type_hierarchy, SymbolRef(name="Customer"), direction="ancestors", include_object=True)
    assert [b.symbol.display for b in with_object.bases] == ["Entity", "object"]
    assert [(i.symbol.display, i.note) for i in with_object.interfaces] == [("IEntity", "inherited from Entity")]


def test_descendants_as_a_tree_with_lazy_levels(shop):
    full = shop.run(type_hierarchy, SymbolRef(name="IRepository"), direction="descendants")
    tree = [(n.symbol.display, [c.symbol.display for c in n.children]) for n in full.derived]
    assert tree == [("ICustomerRepository", ["CustomerRepository"]), ("InMemoryRepository<T>", ["CustomerRepository"])]
    one_level = shop.run(type_hierarchy, SymbolRef(name="IRepository"), direction="descendants", max_depth=1)
    assert [(n.symbol.display, n.expandable, n.children) for n in one_level.derived] == [
        ("ICustomerRepository", True, ()),
        ("InMemoryRepository<T>", True, ()),
    ]
    # A front end expands a node by asking again with its documentation ID.
    below = shop.run(
        type_hierarchy,
        SymbolRef(name=one_level.derived[1].symbol.documentation_id),
        direction="descendants",
        max_depth=1,
    )
    assert [n.symbol.display for n in below.derived] == ["CustomerRepository"]


def test_overrides_per_member_on_request(shop):
    hierarchy = shop.run(type_hierarchy, SymbolRef(name="Entity"), include_overrides=True)
    assert [(m.member.display, [o.display for o in m.overrides]) for m in hierarchy.overrides] == [
        ("Entity.Describe()", ["Customer.Describe()", "Supplier.Describe()"]),
        ("Entity.Validate()", ["Customer.Validate()", "Supplier.Validate()"]),
    ]


def test_type_hierarchy_of_a_method_is_an_error(shop):
    with pytest.raises(InvalidArgument, match="not a type"):
        shop.run(type_hierarchy, SymbolRef(name="Journal.Add(Order)"))


def test_incoming_calls_with_sites_and_cycle_detection(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Workflow.IsEven"), direction="incoming", depth=3)
    assert [(n.symbol.display, [at(s.location) for s in n.sites]) for n in calls.incoming] == [
        ("Workflow.End(int)", ["Shop.App/Workflow.cs:10:37"]),
        ("Workflow.IsOdd(int)", ["Shop.App/Workflow.cs:14:50"]),
    ]
    end, is_odd = calls.incoming
    assert [n.symbol.display for n in end.children] == ["Workflow.Middle(int)"]
    assert [n.symbol.display for n in end.children[0].children] == ["Workflow.Start(int)"]
    assert end.children[0].children[0].expandable  # depth 3 reached: Program.Main lies beyond
    assert [(n.symbol.display, n.cycle) for n in is_odd.children] == [("Workflow.IsEven(int)", True)]


def test_self_recursion_is_a_cycle(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Workflow.Countdown"), direction="outgoing", depth=2)
    assert [(n.relation, n.symbol.display, n.cycle) for n in calls.outgoing] == [
        ("calls", "Workflow.Countdown(int)", True)
    ]


def test_incoming_calls_across_projects_through_an_interface(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="IRepository.Add"))
    seed = next(n for n in calls.incoming if n.symbol.display == "Seeder.Seed(ICustomerRepository)")
    assert [at(s.location) for s in seed.sites] == ["Shop.Data/Seeder.cs:21:20", "Shop.Data/Seeder.cs:22:20"]


def test_outgoing_calls_reads_and_writes(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Customer.AddOrder"), direction="outgoing")
    assert [(n.relation, n.symbol.display) for n in calls.outgoing] == [
        ("calls", "List<T>.Add(T)"),
        ("creates", "InvalidOperationException.InvalidOperationException(string?)"),
        ("reads", "Customer.MaxOrders"),
        ("reads", "Customer.OrderCount"),
        ("reads", "Customer._orders"),
        ("reads", "Order.Total"),
        ("reads and writes", "Customer.Balance"),
        ("reads and writes", "Customer.OrderCount"),
    ]


def test_call_hierarchy_rejects_types_and_bad_depths(shop):
    with pytest.raises(InvalidArgument, match="neither called nor has a body"):
        shop.run(call_hierarchy, SymbolRef(name="Customer"))
    with pytest.raises(InvalidArgument, match="depth"):
        shop.run(call_hierarchy, SymbolRef(name="Workflow.Start"), depth=0)


def test_direct_marks_match_roslyns_non_transitive_search_for_every_type(shop):
    # One transitive search marks directness itself: it must find what a second, non-transitive one would.
    from engine.queries.implementations import direct_marks
    from engine.symbols.declarations import source_declarations
    from engine.symbols.describe import typed, unique_definitions

    def compare(snapshot, operation):
        from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder

        checked, differences = 0, []
        for declaration in source_declarations(snapshot, operation).all(operation):
            symbol = typed(declaration.symbol)
            if str(symbol.Kind) != "NamedType" or str(symbol.TypeKind) not in ("Interface", "Class"):
                continue
            finders = (
                [SymbolFinder.FindImplementationsAsync, SymbolFinder.FindDerivedInterfacesAsync]
                if str(symbol.TypeKind) == "Interface"
                else [SymbolFinder.FindDerivedClassesAsync]
            )
            for finder in finders:
                keys, found = unique_definitions(
                    operation.wait(finder(symbol, snapshot.solution, True, None, operation.token))
                )
                direct = set(
                    unique_definitions(operation.wait(finder(symbol, snapshot.solution, False, None, operation.token)))[
                        0
                    ]
                )
                marked = {key for key, mark in zip(keys, direct_marks(found, symbol), strict=True) if mark}
                checked += len(keys)
                if marked != direct:
                    differences.append((str(symbol.Name), sorted(marked ^ direct)))
        return checked, differences

    checked, differences = shop.run(compare)
    assert checked > 10
    assert differences == []


def test_expandable_marks_match_roslyns_non_transitive_search_for_every_type(shop):
    # A hierarchy marks a type expandable by looking it up among the types the solution names as bases,
    # instead of a finder call per type: the lookup must say what the finder calls would.
    from engine.queries.hierarchy import _named_bases
    from engine.symbols.declarations import source_declarations
    from engine.symbols.describe import documentation_id, typed, unique_definitions

    def compare(snapshot, operation):
        from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder

        named = _named_bases(snapshot, operation)
        checked, expandable, differences = 0, 0, []
        for declaration in source_declarations(snapshot, operation).all(operation):
            symbol = typed(declaration.symbol)
            if str(symbol.Kind) != "NamedType":
                continue
            kind = str(symbol.TypeKind)
            finders = {
                "Interface": [SymbolFinder.FindImplementationsAsync, SymbolFinder.FindDerivedInterfacesAsync],
                "Class": [SymbolFinder.FindDerivedClassesAsync],
            }.get(kind, [])
            own = documentation_id(symbol)
            found = set()
            for finder in finders:
                task = finder(symbol, snapshot.solution, False, None, operation.token)
                found |= set(unique_definitions(operation.wait(task))[0]) - {own}
            checked += 1
            expandable += bool(found)
            if (own in named) != bool(found):
                differences.append((str(symbol.Name), kind, sorted(found)))
        return checked, expandable, differences

    checked, expandable, differences = shop.run(compare)
    assert checked > 20 and expandable > 3
    assert differences == []
