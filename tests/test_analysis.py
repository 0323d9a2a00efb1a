"""Code health on the Health fixture, whose answers are known: unused symbols, complexity, dependencies."""

from __future__ import annotations

import pytest

UNUSED = {
    "F:Health.Core.Orders.Order._neverRead",
    "M:Health.Core.Orders.Order.Discount",
    "M:Health.Core.Orders.Order.Rounded",  # only named in a cref
    "M:Health.Core.Orders.Order.Recursive(System.Int32)",  # only calls itself
    "T:Health.Core.Orders.Leftover",
    "M:Health.Core.Orders.Leftover.Nothing",
    "T:Health.Core.Orders.Status",
    "M:Helpers.Thrice(System.Int32)",  # public, in an internal class
}


def unused_ids(view) -> set[str]:
    return {item.symbol.documentation_id for item in view.items}


def test_unused_symbols_are_exactly_the_ones_nothing_uses(health):
    from engine.analysis import find_unused

    view = health.run(find_unused)
    assert unused_ids(view) == UNUSED
    # used by contract or from elsewhere: never reported
    assert view.checked > view.total
    assert dict(view.by_project) == {"Health.Core": 7, "Health.App": 1}
    access = {item.symbol.documentation_id: item.access for item in view.items}
    assert access["M:Helpers.Thrice(System.Int32)"] == "internal"
    assert access["M:Health.Core.Orders.Order.Discount"] == "private"
    first = view.render().splitlines()[0]
    assert first.startswith("Unused private or internal symbols in the solution: 8 of ")
    assert "Health.Core 7, Health.App 1" in first


def test_unused_in_a_file_and_with_public_symbols(health):
    from engine.analysis import find_unused

    in_program = health.run(find_unused, "Health.App/Program.cs")
    assert unused_ids(in_program) == {"M:Helpers.Thrice(System.Int32)"}
    with_public = unused_ids(health.run(find_unused, None, "Health.Core", True))
    # IPriced.Price is implemented and called; Invoice.Classify is called from the app
    assert "M:Health.Core.Orders.IPriced.Price" not in with_public
    assert "M:Health.Core.Billing.Invoice.Classify(System.Int32,System.Boolean)" not in with_public
    assert UNUSED - {"M:Helpers.Thrice(System.Int32)"} <= with_public


def test_complexity_counts_each_rule(health):
    from engine.analysis import complexity

    view = health.run(complexity, None, "Health.Core")
    worst = view.items[0]
    assert worst.member == "Invoice.Classify(int, bool)"
    assert (worst.cyclomatic, worst.cognitive, worst.lines) == (9, 11, 22)
    assert worst.location.relative(health.root) == "Health.Core/Billing.cs:13:26"
    recursive = next(item for item in view.items if item.member == "Order.Recursive(int)")
    assert (recursive.cyclomatic, recursive.cognitive) == (2, 1)
    assert view.render().splitlines()[0].startswith(f"Complexity in Health.Core: {view.total} members, 0 over")


def test_dependencies_name_the_namespace_cycle(health):
    from engine.analysis import dependency_graph

    projects = health.run(dependency_graph, "project")
    assert [(e.source, e.target) for e in projects.items] == [("Health.App", "Health.Core")]
    assert not projects.cycles
    namespaces = health.run(dependency_graph, "namespace")
    (cycle,) = namespaces.cycles
    assert cycle.walk == ("Health.Core.Billing", "Health.Core.Orders")
    edge = next(e for e in namespaces.items if e.source == "Health.Core.Orders")
    assert edge.target == "Health.Core.Billing" and edge.in_cycle
    assert edge.location is not None and edge.location.relative(health.root) == "Health.Core/Orders.cs:22:31"
    assert "cycle 1: Health.Core.Billing -> Health.Core.Orders -> Health.Core.Billing" in namespaces.render()


@pytest.mark.parametrize(
    ("query", "arguments", "message"),
    [
        ("find_unused", (None, "Nope"), "No project named 'Nope'"),
        ("complexity", ("Missing.cs",), "Missing.cs does not exist"),
        ("dependency_graph", ("types",), "'types' is not a level"),
    ],
)
def test_bad_scopes_are_named(health, query, arguments, message):
    from engine import EngineError, analysis

    with pytest.raises(EngineError, match=message):
        health.run(getattr(analysis, query), *arguments)
