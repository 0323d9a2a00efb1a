"""Call hierarchies: the cases not covered by test_queries_hierarchy.py.

Expected answers come from reading tests/fixtures/Shop (see tests/fixtures/README.md, "Call hierarchy").
"""

from __future__ import annotations

import pytest

from engine import InvalidArgument, SymbolRef
from engine.queries import call_hierarchy
from engine.views.calls import node_lines

from .conftest import copy_fixture
from .queries_helpers import at

VIA = "via an interface or override"

# Shop has no local function: a copy of the Single fixture gets one file with a recursive pair of them.
LOCAL_FUNCTIONS = """namespace Single;

public static class Local
{
    public static int Sum(int n)
    {
        return Add(n, 0);

        int Add(int k, int total) => k == 0 ? total : Add(k - 1, total + Twice(k));

        static int Twice(int x) => x * 2;
    }
}
"""


@pytest.fixture(scope="module")
def local_functions(tmp_path_factory):
    from engine import load_solution

    root = copy_fixture("Single", tmp_path_factory.mktemp("local"))
    (root / "Local.cs").write_text(LOCAL_FUNCTIONS)
    return root / "Local.cs", load_solution(root / "Single.csproj", watch=False)


def sites(node):
    return [(at(site.location), site.note) for site in node.sites]


def test_directness_belongs_to_each_call_site(shop):
    # Program.cs:22:33 binds to Customer.Describe, 24:36 to Entity.Describe: each is direct for one of them.
    customer = shop.run(call_hierarchy, SymbolRef(name="Customer.Describe"))
    (main,) = customer.incoming
    assert (main.symbol.display, main.note) == ("Program.Main(string[])", "")
    assert sites(main) == [("Shop.App/Program.cs:22:33", ""), ("Shop.App/Program.cs:24:36", VIA)]
    (main,) = shop.run(call_hierarchy, SymbolRef(name="Entity.Describe")).incoming
    assert sites(main) == [("Shop.App/Program.cs:22:33", VIA), ("Shop.App/Program.cs:24:36", "")]


def test_a_caller_reaching_only_through_an_interface_is_marked(shop):
    calls = shop.run(call_hierarchy, SymbolRef(file="src/Shop.Core/AuditLog.cs", line=16, column=15))
    assert calls.symbol.display == "AuditLog.ILog.Write(string)"
    assert [(n.symbol.display, n.note, sites(n)) for n in calls.incoming] == [
        ("Program.Main(string[])", VIA, [("Shop.App/Program.cs:32:25", VIA)])
    ]
    assert calls.render().splitlines()[2:4] == [
        f"  called by  Program.Main(string[])  src/Shop.App/Program.cs:8:23  {VIA}  …",
        f'    at src/Shop.App/Program.cs:32:25  ({VIA})  ((ILog)log).Write("done"); '
        "// explicit interface member, reachable only through the cast",
    ]


def test_a_base_call_does_not_make_an_override_its_own_caller(shop):
    # base.Add(item) in CustomerRepository.Add is a non-virtual call of InMemoryRepository<T>.Add.
    calls = shop.run(call_hierarchy, SymbolRef(name="CustomerRepository.Add"), depth=2)
    assert [(n.symbol.display, n.note, sites(n)) for n in calls.incoming] == [
        (
            "Seeder.Seed(ICustomerRepository)",
            VIA,
            [("Shop.Data/Seeder.cs:21:20", VIA), ("Shop.Data/Seeder.cs:22:20", VIA)],
        )
    ]
    assert [(n.symbol.display, sites(n)) for n in calls.incoming[0].children] == [
        ("Program.Main(string[])", [("Shop.App/Program.cs:11:33", "")])
    ]
    base = shop.run(call_hierarchy, SymbolRef(name="InMemoryRepository.Add"))
    assert [(n.symbol.display, n.note) for n in base.incoming] == [
        ("CustomerRepository.Add(Customer)", ""),
        ("Seeder.Seed(ICustomerRepository)", VIA),
    ]
    assert shop.run(call_hierarchy, SymbolRef(name="Customer.Validate")).incoming == ()


def test_constructors_incoming_including_initializers_and_target_typed_new(shop):
    entity = shop.run(call_hierarchy, SymbolRef(file="src/Shop.Core/Entity.cs", line=6, column=15))
    assert [(n.symbol.display, sites(n)) for n in entity.incoming] == [
        ("Customer.Customer(int, string)", [("Shop.Core/Customer.cs:9:44", "")]),
        ("Customer.Customer()", [("Shop.Core/Customer.cs:12:25", "")]),
        ("Supplier.Supplier(int, string)", [("Shop.Data/Supplier.cs:8:47", "")]),
    ]
    unnamed = shop.run(call_hierarchy, SymbolRef(file="src/Shop.Core/Customer.cs", line=12, column=12))
    assert [(n.symbol.display, sites(n)) for n in unnamed.incoming] == [
        ("Seeder.Seed(ICustomerRepository)", [("Shop.Data/Seeder.cs:13:26", "")])
    ]


def test_constructor_outgoing_follows_the_base_initializer(shop):
    calls = shop.run(
        call_hierarchy, SymbolRef(file="src/Shop.Core/Customer.cs", line=9, column=12), direction="outgoing", depth=2
    )
    assert [(n.relation, n.symbol.display, [at(s.location) for s in n.sites]) for n in calls.outgoing] == [
        ("calls", "Entity.Entity(int)", ["Shop.Core/Customer.cs:9:44"]),
        ("writes", "Customer.Name", ["Shop.Core/Customer.cs:9:56"]),
    ]
    base = calls.outgoing[0]
    assert [(n.relation, n.symbol.display, [at(s.location) for s in n.sites]) for n in base.children] == [
        ("writes", "Entity.Id", ["Shop.Core/Entity.cs:6:33"])
    ]


def test_properties_incoming_and_outgoing(shop):
    balance = shop.run(call_hierarchy, SymbolRef(name="Customer.Balance"))
    assert [(n.symbol.display, [at(s.location) for s in n.sites]) for n in balance.incoming] == [
        ("Program.Main(string[])", ["Shop.App/Program.cs:19:15", "Shop.App/Program.cs:26:37"]),
        ("Broken.Total(Customer)", ["Shop.Broken/Broken.cs:12:25"]),
        ("Customer.AddOrder(Order)", ["Shop.Core/Customer.Orders.cs:24:9"]),
        (
            "Seeder.Seed(ICustomerRepository)",
            ["Shop.Data/Seeder.cs:13:50", "Shop.Data/Seeder.cs:20:13", "Shop.Data/Seeder.cs:20:29"],
        ),
        # Report.cs is compiled for two targets: its one reference is listed once.
        ("Report.Summarize(Customer)", ["Shop.Multi/Report.cs:18:59"]),
    ]
    count = shop.run(call_hierarchy, SymbolRef(name="Journal.Count"), direction="outgoing")
    assert [(n.relation, n.symbol.display, n.symbol.location is None) for n in count.outgoing] == [
        ("reads", "Journal._entries", False),
        ("reads", "List<T>.Count", True),
    ]


def test_outgoing_depth_three_with_a_self_recursive_branch(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Workflow.Start"), direction="outgoing", depth=3)

    def shape(nodes):
        return [(n.symbol.display, n.cycle, n.expandable, shape(n.children)) for n in nodes]

    assert shape(calls.outgoing) == [
        (
            "Workflow.Middle(int)",
            False,
            False,
            [
                ("Workflow.Countdown(int)", False, False, [("Workflow.Countdown(int)", True, False, [])]),
                ("Workflow.End(int)", False, False, [("Workflow.IsEven(int)", False, True, [])]),
            ],
        )
    ]


def test_both_directions_around_the_mutual_recursion(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Workflow.IsEven"), direction="both", depth=2)
    assert [(n.symbol.display, [(c.symbol.display, c.cycle) for c in n.children]) for n in calls.incoming] == [
        ("Workflow.End(int)", [("Workflow.Middle(int)", False)]),
        ("Workflow.IsOdd(int)", [("Workflow.IsEven(int)", True)]),
    ]
    assert [(n.symbol.display, [(c.symbol.display, c.cycle) for c in n.children]) for n in calls.outgoing] == [
        ("Workflow.IsOdd(int)", [("Workflow.IsEven(int)", True)])
    ]
    lines = calls.render().splitlines()
    assert lines[0] == "Call hierarchy of Workflow.IsEven(int)  src/Shop.App/Workflow.cs:12:24  (depth 2)"
    assert "incoming: 2 callers, 2 call sites" in lines and "outgoing: 1" in lines


def test_node_labels_are_the_rendered_lines_without_indentation(shop):
    calls = shop.run(call_hierarchy, SymbolRef(name="Workflow.IsEven"), direction="incoming", depth=3)
    lines = node_lines(calls.incoming, calls.root, 1)
    assert calls.render().splitlines()[2:] == lines
    first = calls.incoming[0]
    assert lines[0] == "  " + first.label(calls.root)
    assert first.symbol.documentation_id == "M:Shop.App.Workflow.End(System.Int32)"


@pytest.mark.parametrize("name", ["Customer.Tier", "Shop.Core.Customer.Address"])
def test_types_are_not_callable(shop, name):
    with pytest.raises(InvalidArgument, match="neither called nor has a body"):
        shop.run(call_hierarchy, SymbolRef(name=name))


def test_an_unknown_direction_is_an_error(shop):
    with pytest.raises(InvalidArgument, match="not a direction"):
        shop.run(call_hierarchy, SymbolRef(name="Workflow.Start"), direction="up")


def test_local_functions_are_callables_of_their_own(local_functions):
    path, session = local_functions

    def tree(nodes):
        return [
            (n.relation, n.symbol.display, [s.location.line for s in n.sites], n.cycle, tree(n.children)) for n in nodes
        ]

    add = session.run(call_hierarchy, SymbolRef(file=str(path), line=9, column=13), direction="both", depth=2)
    assert add.symbol.display == "Add(int, int)"
    assert tree(add.incoming) == [
        ("called by", "Local.Sum(int)", [7], False, []),
        ("called by", "Add(int, int)", [9], True, []),
    ]
    assert tree(add.outgoing) == [
        ("calls", "Add(int, int)", [9], True, []),
        ("calls", "Twice(int)", [9], False, []),
    ]
    # The enclosing method calls only Add: the calls inside Add's body belong to Add.
    total = session.run(call_hierarchy, SymbolRef(name="Local.Sum"), direction="outgoing", depth=2)
    assert tree(total.outgoing) == [
        (
            "calls",
            "Add(int, int)",
            [7],
            False,
            [("calls", "Add(int, int)", [9], True, []), ("calls", "Twice(int)", [9], False, [])],
        )
    ]


def test_callers_come_in_pages_that_add_up_to_the_whole_list(shop):
    ref = SymbolRef(name="IEntity.Id")
    whole = shop.run(call_hierarchy, ref)
    total = whole.incoming_total
    assert total == len(whole.incoming) >= 3
    firsts = [(n.sites[0].location.path, n.sites[0].location.line) for n in whole.incoming]
    assert firsts == sorted(firsts)  # by each caller's first call site
    pages = [shop.run(call_hierarchy, ref, "incoming", 1, offset, 2) for offset in range(0, total, 2)]
    assert {page.incoming_total for page in pages} == {total}
    assert [node for page in pages for node in page.incoming] == list(whole.incoming)
    sites = sum(len(node.sites) for node in whole.incoming)
    assert {page.incoming_sites for page in pages} == {whole.incoming_sites} == {sites}
    heading = f"incoming: {total} callers, {sites} call sites (showing 1-2 of {total})"
    assert pages[0].render().splitlines()[1] == heading


@pytest.mark.parametrize(("offset", "limit"), [(0, 0), (-1, 10)])
def test_an_empty_page_of_callers_is_refused(shop, offset, limit):
    with pytest.raises(InvalidArgument, match="page"):
        shop.run(call_hierarchy, SymbolRef(name="IEntity.Id"), "incoming", 1, offset, limit)
