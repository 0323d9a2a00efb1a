"""Implementations, overrides and type hierarchies: the cases not covered by test_queries_hierarchy.py.

Expected answers come from reading tests/fixtures/Shop (see tests/fixtures/README.md, "Implementations,
overrides, derived types").
"""

from __future__ import annotations

import pytest

from engine import InvalidArgument, SymbolRef
from engine.queries import find_implementations, find_overrides, type_hierarchy
from engine.views.hierarchy import tree_lines

from .queries_helpers import at


def related(view):
    return [(item.symbol.display, item.relation, item.direct) for item in view.items]


def test_an_interface_implemented_through_a_base_class_is_transitive(shop):
    # Entity and the record Order declare IEntity; Customer and Supplier get it from Entity.
    view = shop.run(find_implementations, SymbolRef(name="IEntity"))
    assert related(view) == [
        ("Entity", "implements", True),
        ("Order", "implements", True),
        ("Customer", "implements", False),
        ("Supplier", "implements", False),
    ]
    assert (
        view.render().splitlines()[0]
        == "Implementations of IEntity: 4 (2 direct; class 3, record 1; Shop.Core 3, Shop.Data 1) in 4 files"
    )


def test_a_derived_interface_is_implemented_directly(shop):
    assert related(shop.run(find_implementations, SymbolRef(name="ICustomerRepository"))) == [
        ("CustomerRepository", "implements", True)
    ]


def test_a_generic_interface_member_reports_the_definition(shop):
    view = shop.run(find_implementations, SymbolRef(name="IRepository.GetById"))
    assert related(view) == [("InMemoryRepository<T>.GetById(int)", "implements", True)]
    assert at(view.items[0].symbol.location) == "Shop.Data/InMemoryRepository.cs:11:15"


def test_a_virtual_member_is_implemented_by_its_overrides(shop):
    view = shop.run(find_implementations, SymbolRef(name="InMemoryRepository.Add"))
    assert related(view) == [("CustomerRepository.Add(Customer)", "overrides", True)]


def test_explicit_implementation_text(shop):
    assert shop.run(find_implementations, SymbolRef(name="ILog.Write")).render() == (
        "Implementations of ILog.Write(string): 1 (1 direct) in 1 file\n"
        "src/Shop.Core/AuditLog.cs\n"
        "  16:15  method  AuditLog.ILog.Write(string)  implements (explicit)"
    )


def test_a_non_virtual_member_has_no_implementations(shop):
    # AuditLog.Dispose implements IDisposable.Dispose, but nothing can implement or override it in turn.
    with pytest.raises(InvalidArgument, match="nothing can implement or override it"):
        shop.run(find_implementations, SymbolRef(name="AuditLog.Dispose"))


def test_overrides_of_a_virtual_member_of_a_generic_class(shop):
    view = shop.run(find_overrides, SymbolRef(name="InMemoryRepository.Add"))
    assert [(o.symbol.display, at(o.symbol.location), o.direct) for o in view.items] == [
        ("CustomerRepository.Add(Customer)", "Shop.Data/CustomerRepository.cs:10:26", True)
    ]
    assert view.overridden is None


def test_an_override_says_what_it_overrides(shop):
    assert shop.run(find_overrides, SymbolRef(name="CustomerRepository.Add")).render() == (
        "Overrides of CustomerRepository.Add(Customer): 0\n"
        "overrides InMemoryRepository<T>.Add(T)  src/Shop.Data/InMemoryRepository.cs:13:25"
    )


def test_overrides_of_a_type_is_an_error(shop):
    with pytest.raises(InvalidArgument, match="not a member that can be overridden"):
        shop.run(find_overrides, SymbolRef(name="Customer"))


def test_a_class_in_the_middle_of_a_chain(shop):
    # IRepository<T> <- InMemoryRepository<T> <- CustomerRepository
    assert shop.run(type_hierarchy, SymbolRef(name="InMemoryRepository")).render() == (
        "Type hierarchy of class InMemoryRepository<T>  src/Shop.Data/InMemoryRepository.cs:7:14\n"
        "bases: 0\n"
        "interfaces: 1\n"
        "  interface  IRepository<T>  src/Shop.Core/IRepository.cs:5:18  direct\n"
        "derived: 1\n"
        "  class  CustomerRepository  src/Shop.Data/CustomerRepository.cs:6:14"
    )
    with_object = shop.run(
        type_hierarchy, SymbolRef(name="InMemoryRepository"), direction="ancestors", include_object=True
    )
    assert [(b.symbol.display, b.symbol.location) for b in with_object.bases] == [("object", None)]
    assert with_object.derived == ()


def test_a_value_type_stops_before_value_type_unless_asked(shop):
    assert shop.run(type_hierarchy, SymbolRef(name="Money"), direction="ancestors").bases == ()
    with_object = shop.run(type_hierarchy, SymbolRef(name="Money"), direction="ancestors", include_object=True)
    assert [b.symbol.display for b in with_object.bases] == ["ValueType", "object"]


def test_interface_descendants_tree_and_implemented_members(shop):
    view = shop.run(type_hierarchy, SymbolRef(name="IEntity"), direction="descendants", include_overrides=True)
    tree = [(n.relation, n.symbol.display, [(c.relation, c.symbol.display) for c in n.children]) for n in view.derived]
    assert tree == [
        ("implements", "Entity", [("derives", "Customer"), ("derives", "Supplier")]),
        ("implements", "Order", []),
    ]
    assert view.bases == () and view.interfaces == ()
    assert [(m.member.display, [at(o.location) for o in m.overrides]) for m in view.overrides] == [
        ("IEntity.Id", ["Shop.Core/Entity.cs:8:16", "Shop.Core/Order.cs:6:25"])
    ]


def test_lazy_expansion_marks_only_nodes_with_children(shop):
    level = shop.run(type_hierarchy, SymbolRef(name="IEntity"), direction="descendants", max_depth=1)
    assert [(n.symbol.display, n.expandable, n.children) for n in level.derived] == [
        ("Entity", True, ()),
        ("Order", False, ()),
    ]
    entity = level.derived[0].symbol.documentation_id
    assert entity == "T:Shop.Core.Entity"
    below = shop.run(type_hierarchy, SymbolRef(name=entity), direction="descendants", max_depth=1)
    assert [(n.symbol.display, n.expandable) for n in below.derived] == [("Customer", False), ("Supplier", False)]
    assert below.render().splitlines()[-3:] == [
        "derived: 2",
        "  class  Customer  src/Shop.Core/Customer.Orders.cs:3:22",
        "  class  Supplier  src/Shop.Data/Supplier.cs:6:14",
    ]


def test_tree_labels_are_the_rendered_lines_without_indentation(shop):
    view = shop.run(type_hierarchy, SymbolRef(name="IRepository"), direction="descendants")
    lines = tree_lines(view.derived, view.root, 1)
    labels = []

    def walk(nodes, depth):
        for node in nodes:
            labels.append(("  " * depth, node.label(view.root)))
            walk(node.children, depth + 1)

    walk(view.derived, 1)
    assert lines == [indent + label for indent, label in labels]
    assert view.render().splitlines()[-len(lines) :] == lines


@pytest.mark.parametrize(
    ("arguments", "message"),
    [({"direction": "up"}, "not a direction"), ({"max_depth": 0}, "shows nothing")],
)
def test_type_hierarchy_rejects_bad_arguments(shop, arguments, message):
    with pytest.raises(InvalidArgument, match=message):
        shop.run(type_hierarchy, SymbolRef(name="Entity"), **arguments)


def test_type_hierarchy_of_a_property_is_an_error(shop):
    with pytest.raises(InvalidArgument, match="is a property, not a type"):
        shop.run(type_hierarchy, SymbolRef(name="Customer.Balance"))
