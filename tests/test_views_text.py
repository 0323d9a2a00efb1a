"""The plain text both front ends print: exact, stable, one line per item (references grouped under
their file's path), relative paths."""

from __future__ import annotations

from engine import SymbolRef
from engine.queries import call_hierarchy, diagnostics, find_references, find_symbols, type_hierarchy
from engine.views.paging import page


def test_references_text(shop):
    text = shop.run(find_references, SymbolRef(name="Customer.OrderCount")).render()
    assert text == (
        "References to Customer.OrderCount: 2 in 1 file (1 read, 1 read-write)\n"
        "src/Shop.Core/Customer.Orders.cs\n"
        "  21:13  read  Customer.AddOrder(Order)  if (OrderCount >= MaxOrders) // reads OrderCount and MaxOrders\n"
        "  25:9  read-write  Customer.AddOrder(Order)  OrderCount++; // increment: a read-write reference to OrderCount"
    )


def test_a_page_says_which_slice_it_is(shop):
    balance = shop.run(find_references, SymbolRef(name="Customer.Balance"))
    lines = page(balance, 2, 3).render().splitlines()
    assert lines[0] == (
        "References to Customer.Balance: 8 in 5 files (4 read, 2 read-write, 2 write; "
        "Shop.Data 3, Shop.App 2, Shop.Broken 1, Shop.Core 1, Shop.Multi 1) (showing 3-5 of 8)"
    )
    assert [line.split("  ")[0] if not line.startswith(" ") else line.split()[0] for line in lines[1:]] == [
        "src/Shop.Broken/Broken.cs",
        "12:25",
        "src/Shop.Core/Customer.Orders.cs",
        "24:9",
        "src/Shop.Data/Seeder.cs",
        "13:50",
    ]


def test_search_text(shop):
    shop.wait_warm()  # the live answer: the on-disk index may answer (and say so) while the compiler warms
    assert shop.run(find_symbols, "GBI").render() == (
        "Symbols matching 'GBI': 2\n"
        "src/Shop.Core/IRepository.cs:10:8  method  IRepository<T>.GetById(int)\n"
        "src/Shop.Data/InMemoryRepository.cs:11:15  method  InMemoryRepository<T>.GetById(int)"
    )


def test_type_hierarchy_text(shop):
    assert shop.run(type_hierarchy, SymbolRef(name="Entity")).render() == (
        "Type hierarchy of class Entity  src/Shop.Core/Entity.cs:4:23\n"
        "bases: 0\n"
        "interfaces: 1\n"
        "  interface  IEntity  src/Shop.Core/IEntity.cs:4:18  direct\n"
        "derived: 2\n"
        "  class  Customer  src/Shop.Core/Customer.Orders.cs:3:22\n"
        "  class  Supplier  src/Shop.Data/Supplier.cs:6:14"
    )


def test_call_hierarchy_text(shop):
    text = shop.run(call_hierarchy, SymbolRef(name="Workflow.Countdown"), direction="both").render()
    assert text.splitlines()[:6] == [
        "Call hierarchy of Workflow.Countdown(int)  src/Shop.App/Workflow.cs:16:23  (depth 1)",
        "incoming: 2 callers, 2 call sites",
        "  called by  Workflow.Middle(int)  src/Shop.App/Workflow.cs:8:23  …",
        "    at src/Shop.App/Workflow.cs:8:53  public static int Middle(int n) => End(n) * 2 + Countdown(n);",
        "  called by  Workflow.Countdown(int)  src/Shop.App/Workflow.cs:16:23  (cycle)",
        "    at src/Shop.App/Workflow.cs:16:56  public static int Countdown(int n) => n <= 0 ? 0 : Countdown(n - 1); "
        "// direct recursion: a one-method cycle",
    ]


def test_diagnostics_text(shop):
    assert shop.run(diagnostics, severity="error").render() == (
        "Diagnostics in the solution: 2 errors (CS0029 1, CS0103 1)\n"
        "src/Shop.Broken/Broken.cs:11:21  error  CS0029  [fix]  Cannot implicitly convert type 'string' to 'int'\n"
        "src/Shop.Broken/Broken.cs:12:35  error  CS0103  [fix]  The name 'missingValue' does not exist in the current "
        "context"
    )


def test_a_long_page_steps_down_before_it_shows_fewer_references(shop):
    from engine.views.paging import page
    from mcp_server.paging import fit, message_size

    balance = shop.run(find_references, SymbolRef(name="Customer.Balance"))
    full = balance.render()
    without_code = balance.stepped_down()[0]
    budget = message_size(without_code, without_code.render())  # the page fits only without its code
    shown, text = fit(len(balance.items), lambda n: page(balance, 0, n), budget)
    assert len(shown.items) == balance.total and text != full
    assert text.splitlines()[1] == "(shown without each line's code: the page in full is over the response budget)"
    per_file = balance.stepped_down()[1]
    shown, text = fit(len(balance.items), lambda n: page(balance, 0, n), message_size(per_file, per_file.render()))
    assert len(shown.items) == balance.total and "src/Shop.Data/Seeder.cs  3 references" in text
    shown, text = fit(len(balance.items), lambda n: page(balance, 0, n), 600)
    assert 1 <= len(shown.items) < balance.total and "counted per file" in text  # then fewer items


def test_later_pages_come_from_the_first_computation(shop):
    """A cursor's later pages are cut from the view the first page was cut from: the same snapshot
    version of the same call; another version (an edit was made) or call computes again."""
    from engine import SymbolRef
    from engine.queries import find_references
    from mcp_server.paging import KeptViews

    kept = KeptViews(most=2)
    view = shop.run(find_references, SymbolRef(name="Customer.Balance"))
    kept.keep("refs", "Shop@1", view)
    assert kept.get("refs", "Shop@1") is view
    assert kept.get("refs", "Shop@2") is None  # the solution changed since
    kept.keep("a", "Shop@1", view)
    kept.keep("b", "Shop@1", view)
    assert kept.get("refs", "Shop@1") is None  # bounded: the oldest went first
