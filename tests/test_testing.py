"""Builds, tests and stack traces on a private copy of the Loop fixture: real ``dotnet build`` and
``dotnet test`` runs, their results compared with what ``dotnet test`` itself reports."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest

from engine import SymbolRef, load_solution, testing
from engine.errors import NotTrusted
from engine.testing.child import ChildFailed, child_environment, run_child
from engine.trust import Trust

from .conftest import copy_fixture


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    root = copy_fixture("Loop", tmp_path_factory.mktemp("testing"))
    session = load_solution(root / "Loop.slnx", watch=False)
    yield session
    session.close()


def reaching(session, name, depth=6):
    return session.run(testing.find_tests, SymbolRef(name=name), depth)


def test_find_tests_through_an_interface_call_nearest_first_with_the_path(loop):
    found = reaching(loop, "PercentOff.Apply")
    names = [item.test.qualified_name for item in found.items]
    assert names == [
        "Loop.Tests.CartTests.Percent_off_rounds_to_cents",
        "Loop.Tests.CartTests.Total_applies_every_rule",
        "Loop.Tests.CheckoutTests.Pay_leaves_the_change",
        "Loop.Tests.CheckoutTests.Pay_more_than_the_balance",
    ]
    # Cart.Total calls IPriceRule.Apply: an interface call reaches the implementation.
    assert found.items[1].path == ("CartTests.Total_applies_every_rule()", "Cart.Total()", "PercentOff.Apply(decimal)")
    assert [item.depth for item in found.items] == [1, 2, 3, 3]
    assert found.by_project == (("Loop.Tests", 4),)
    assert "    via Checkout.PayAsync(decimal) -> Cart.Total() -> PercentOff.Apply(decimal)" in found.render()


def test_find_tests_through_an_override_a_type_and_a_depth_limit(loop):
    # The test calls RuleBase.Describe; FlatOff.Describe overrides it.
    override = reaching(loop, "FlatOff.Describe")
    assert [i.test.name for i in override.items] == ["Describe_names_the_rule"]
    cart = reaching(loop, "Cart")
    assert len(cart.items) == 5 and all(item.depth == 1 for item in cart.items)
    shallow = reaching(loop, "PercentOff.Apply", depth=1)
    assert [i.depth for i in shallow.items] == [1] and shallow.depth_reached
    assert "callers beyond 1 calls were not followed" in shallow.render()
    itself = reaching(loop, "CartTests.Total_applies_every_rule")
    assert [(i.test.name, i.depth) for i in itself.items] == [("Total_applies_every_rule", 0)]


def test_run_tests_agrees_with_dotnet_test(loop):
    run = testing.run_tests(loop)
    native = subprocess.run(
        ["dotnet", "test", str(loop.root / "Loop.slnx"), "--nologo"], capture_output=True, text=True, timeout=600
    )
    summary = re.search(r"Failed:\s+(\d+), Passed:\s+(\d+), Skipped:\s+(\d+), Total:\s+(\d+)", native.stdout)
    assert summary, native.stdout[-2000:]
    failed, passed, skipped, total = (int(n) for n in summary.groups())
    assert (run.failed, run.passed, run.skipped, run.total) == (failed, passed, skipped, total) == (3, 5, 1, 9)
    failed_names = {line.split()[1] for line in native.stdout.splitlines() if line.strip().startswith("Failed ")}
    assert {item.name for item in run.items if item.outcome == "failed"} == failed_names
    assert [item.outcome for item in run.items] == ["failed"] * 3 + ["skipped"] + ["passed"] * 5
    rounding = next(item for item in run.items if item.name.endswith("Percent_off_rounds_to_cents"))
    assert (rounding.expected, rounding.actual) == ("8.98", "8.99")
    skipped = next(item for item in run.items if item.outcome == "skipped")
    assert skipped.message == "Waiting for currencies"
    assert all(Path(file).is_file() for file in run.results)


def test_a_whole_class_is_one_term_of_the_filter_which_is_never_shown(loop):
    names = ["Total_applies_every_rule", "Count_adds_quantities", "Percent_off_rounds_to_cents", "Currencies_are_kept"]
    run = testing.run_tests(loop, tests=[f"CartTests.{name}" for name in names])
    assert run.filter == "FullyQualifiedName~Loop.Tests.CartTests."
    assert run.items and all(item.name.startswith("Loop.Tests.CartTests.") for item in run.items)
    assert "FullyQualifiedName" not in run.render()  # the run's test.log has it
    some = testing.run_tests(loop, tests=["CartTests.Total_applies_every_rule"])
    assert some.filter.startswith("FullyQualifiedName=Loop.Tests.CartTests.Total_applies_every_rule|")


def test_a_failure_stack_is_taken_to_source_lambdas_and_local_functions_included(loop):
    run = testing.run_tests(loop, tests=["CheckoutTests.Receipt_of_a_big_order", "Pay_more_than_the_balance"])
    assert (run.failed, run.passed) == (2, 0)
    receipt = next(item for item in run.items if item.name.endswith("Receipt_of_a_big_order"))
    own = [f for f in receipt.frames if not f.external]
    checkout = (loop.root / "src" / "Loop.Core" / "Checkout.cs").read_text().splitlines()
    assert [(f.symbol.display, f.inner, f.location.line) for f in own] == [
        ("Checkout.Receipt()", "local function Format", 30),
        ("Checkout.Receipt()", "lambda", 25),
        ("CheckoutTests.Receipt_of_a_big_order()", "", 28),
    ]
    assert "throw new FormatException" in checkout[29] and "Select(line => Format(line))" in checkout[24]
    assert any(f.external and "ListSelectIterator" in f.frame for f in receipt.frames)
    pay = next(item for item in run.items if item.name.endswith("Pay_more_than_the_balance"))
    assert [(f.symbol.display, f.inner) for f in pay.frames if not f.external][:2] == [
        ("Checkout.PayAsync(decimal)", "local function Charge"),
        ("Checkout.PayAsync(decimal)", ""),
    ]


def test_run_the_tests_that_reach_a_symbol(loop):
    run = testing.run_tests(loop, symbol=SymbolRef(name="Checkout.PayAsync"))
    assert sorted(item.name.rsplit(".", 1)[1] for item in run.items) == [
        "Pay_leaves_the_change",
        "Pay_more_than_the_balance",
    ]
    assert run.selection == "the 2 tests reaching Checkout.PayAsync(decimal)"
    assert run.target == "tests/Loop.Tests/Loop.Tests.csproj"
    nothing = testing.run_tests(loop, symbol=SymbolRef(name="Audit.Record"))
    assert nothing.total == 0 and nothing.problems == ("No test reaches Audit.Record(string).",)


def test_release_stacks_and_traces_without_line_numbers_map_to_declarations(loop):
    run = testing.run_tests(loop, filter="FullyQualifiedName~Pay_more", configuration="Release")
    assert run.failed == 1
    frames = [f for f in run.items[0].frames if not f.external]
    assert frames[0].symbol.display == "Checkout.PayAsync(decimal)"
    # A trace without file and line (a build without symbols, a log): each frame at its declaration.
    stripped = "\n".join(re.sub(r" in .*:line \d+$", "", f.frame) for f in run.items[0].frames)
    resolved = loop.run(testing.resolve_stack_trace, stripped)
    own = [f for f in resolved.items if not f.external]
    assert own and not any(f.exact_line for f in own)
    checkout = (loop.root / "src" / "Loop.Core" / "Checkout.cs").read_text().splitlines()
    assert "static decimal Charge(" in checkout[own[0].location.line - 1]  # the local function's own line
    assert "public async Task<decimal> PayAsync(" in checkout[own[1].location.line - 1]
    assert "(declaration)" in resolved.render()


@pytest.mark.parametrize(
    ("frame", "member", "inner"),
    [
        (
            "at Loop.Core.Checkout.<PayAsync>d__2.MoveNext() in /ci/src/Checkout.cs:line 13",
            "Checkout.PayAsync(decimal)",
            "async state machine or iterator",
        ),
        ("at Loop.Core.Checkout..ctor(Cart cart)", "Checkout.Checkout(Cart)", ""),
        ("at Loop.Core.Cart.get_Lines()", "Cart.Lines", ""),
        ("at Loop.Core.Cart.Add(String sku, Decimal price, Int32 quantity)", "Cart.Add(string, decimal, int)", ""),
        ("at Loop.Core.Audit.<>c__DisplayClass2_0.<Record>b__0(String x)", "Audit.Record(string)", "lambda"),
        ("at Shelf.Describe(RuleBase rule)", "Shelf.Describe(RuleBase)", ""),
        ("at Loop.Core.PercentOff.Loop.Core.IPriceRule.Apply(Decimal price)", "PercentOff.Apply(decimal)", ""),
    ],
)
def test_compiler_generated_names_are_taken_back_to_the_member(loop, frame, member, inner):
    resolved = loop.run(testing.resolve_stack_trace, f"System.Exception: boom\n   {frame}")
    item = resolved.items[0]
    assert (item.symbol.display, item.inner, item.external) == (member, inner, False)


def test_a_trace_from_another_machine_keeps_its_line_in_the_same_named_file(loop):
    trace = (
        "   at Loop.Core.Checkout.<PayAsync>d__2.MoveNext() in C:\\agent\\_work\\src\\Loop.Core\\Checkout.cs:line 13"
    )
    item = loop.run(testing.resolve_stack_trace, trace).items[0]
    assert (
        item.exact_line
        and item.location.line == 13
        and item.location.path == str(loop.root / "src" / "Loop.Core" / "Checkout.cs")
    )


def test_build_reports_errors_with_their_member_and_progress_per_project(loop):
    program = loop.root / "src" / "Loop.App" / "Program.cs"
    original = program.read_text()
    program.write_text(original.replace("=> rule.Describe();", "=> rule.Describe() + missing;"))
    try:
        seen = []
        report = testing.run_build(loop, progress=lambda done, total, item: seen.append((done, total, item)))
    finally:
        program.write_text(original)
    assert not report.succeeded and report.errors == 1
    error = report.items[0]
    assert (error.id, error.project, error.member) == ("CS0103", "Loop.App", "Shelf.Describe(RuleBase)")
    assert (Path(error.location.path), error.location.line) == (program, 9)
    assert "src/Loop.App/Program.cs:9:" in report.render() and Path(report.log).is_file()
    assert seen and seen[-1][1] == 3  # three projects to build
    clean = testing.run_build(loop, project="Loop.Core")
    assert clean.succeeded and clean.errors == 0 and clean.target == "src/Loop.Core/Loop.Core.csproj"


def test_bad_build_and_test_arguments_say_what_to_do(loop):
    from engine.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="No project is named 'Nope'"):
        testing.run_build(loop, project="Nope")
    with pytest.raises(InvalidArgument, match="is not a configuration name"):
        testing.run_build(loop, configuration="Debug; rm -rf /")
    with pytest.raises(InvalidArgument, match="is not a test method"):
        testing.run_tests(loop, tests=["Cart.Total"])
    with pytest.raises(InvalidArgument, match="No stack frame was found"):
        loop.run(testing.resolve_stack_trace, "nothing to see here")


def test_an_untrusted_solution_never_builds(tmp_path):
    root = copy_fixture("Loop", tmp_path)
    session = load_solution(root / "Loop.slnx", trust=Trust(False, "not trusted"), watch=False)
    try:
        with pytest.raises(NotTrusted):
            testing.run_build(session)
        with pytest.raises(NotTrusted):
            testing.run_tests(session)
    finally:
        session.close()
    assert not (root / "src" / "Loop.Core" / "bin").exists()


def test_children_inherit_no_secrets_and_leave_no_process_behind(monkeypatch):
    monkeypatch.setenv("ASSISTANT_API_KEY", "secret")
    environment = child_environment()
    assert "ASSISTANT_API_KEY" not in environment and environment["DOTNET_CLI_TELEMETRY_OPTOUT"] == "1"
    printed = run_child(["/usr/bin/env"], Path("/"), 10)
    assert "ASSISTANT_API_KEY" not in printed.output and "PATH=" in printed.output
    lines: list[str] = []
    with pytest.raises(ChildFailed, match="ran past 1 s"):
        run_child(["sh", "-c", "sleep 60 & echo $!; wait"], Path("/"), 1, lines.append)
    sleeper = int(lines[0])
    # Killed with its group: on a loaded machine the kernel can take a moment to take it down.
    deadline = time.monotonic() + 5
    while not _ended(sleeper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _ended(sleeper)


def _ended(pid: int) -> bool:
    """Whether ``pid`` is gone or a zombie (its parent, the ended child, reaped it no longer)."""
    try:
        return "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]
    except OSError:
        return True


def test_a_theory_s_case_as_a_run_names_it_runs_that_theory(loop):
    """A run names a theory's cases with their arguments (``Count_adds_quantities(quantity: 1)``); passed
    back, as an assistant passes a slow test to profile_tests, such a name runs its theory."""
    first = testing.run_tests(loop, tests=["CartTests.Count_adds_quantities"])
    case = next(item.name for item in first.items if "(" in item.name)
    again = testing.run_tests(loop, tests=[case])
    assert sorted(item.name for item in again.items) == sorted(item.name for item in first.items)
    assert len(again.items) == 2 and again.passed == 2
