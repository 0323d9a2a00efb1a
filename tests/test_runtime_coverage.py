"""Coverage by symbol on a private copy of Loop: the tests run with Microsoft.CodeCoverage (which
Microsoft.NET.Test.Sdk brings), and every answer held to the collector's own Cobertura report, read here
with nothing of the engine's: each file's covered and coverable lines, and each method the report names
placed in the member Roslyn declares around it."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from engine import EngineError, SymbolRef, load_solution, review, runtime

from .conftest import copy_fixture
from .mcp_client import McpClient


@pytest.fixture(scope="module")
def covered(tmp_path_factory):
    root = copy_fixture("Loop", tmp_path_factory.mktemp("coverage"))
    session = load_solution(root / "Loop.slnx", watch=False)
    with pytest.raises(EngineError, match="No test run with coverage"):
        runtime.coverage(session)
    run = runtime.run_tests_with_coverage(session)
    yield root, session, run
    session.close()


def _report(run) -> ElementTree.Element:
    (report,) = run.coverage.reports
    return ElementTree.parse(report).getroot()


def _lines_by_file(report: ElementTree.Element, root: Path) -> dict[str, dict[int, int]]:
    """Each file's lines and their most hits, as the report's classes give them (of ``root``)."""
    found: dict[str, dict[int, int]] = {}
    for each in report.iter("class"):
        lines = found.setdefault(each.get("filename"), {})
        for line in each.iterfind("lines/line"):
            number = int(line.get("number"))
            lines[number] = max(lines.get(number, 0), int(line.get("hits")))
    return {path: lines for path, lines in found.items() if path.startswith(str(root))}


def test_the_run_says_what_it_covered_and_keeps_the_report(covered):
    root, _, run = covered
    assert (run.passed, run.failed, run.skipped) == (5, 3, 1)
    assert run.coverage.collector == "Microsoft.CodeCoverage"
    expected = _lines_by_file(_report(run), root)
    assert run.coverage.files == len(expected)
    assert run.coverage.lines == sum(len(lines) for lines in expected.values())
    assert run.coverage.lines_covered == sum(1 for lines in expected.values() for hits in lines.values() if hits)
    assert "coverage (Microsoft.CodeCoverage):" in run.render()


def test_each_file_s_lines_are_the_report_s(covered):
    root, session, run = covered
    for path, lines in _lines_by_file(_report(run), root / "src").items():
        answer = runtime.coverage(session, file=path)
        assert answer.lines == len(lines), path
        assert answer.lines_covered == sum(1 for hits in lines.values() if hits), path
        uncovered = sorted(line for item in answer.items for line in item.uncovered)
        assert uncovered == sorted(n for n, hits in lines.items() if not hits), path


def test_each_method_the_report_names_is_in_the_member_declared_around_it(covered):
    """A method the compiler named after the source (not a lambda's or a local function's class) has
    its lines in one member's row, whose name it bears (an accessor its property's, a constructor its
    type's, a positional record's property its record's); the row's uncovered lines include those of
    the method's lines that nothing ran."""
    root, session, run = covered
    checked = 0
    for each in _report(run).iter("class"):
        path = each.get("filename")
        if not path.startswith(str(root / "src")) or "<" in each.get("name"):
            continue
        rows = runtime.coverage(session, file=path).items
        file_hits = _lines_by_file(_report(run), root)[path]
        type_name = each.get("name").rsplit(".", 1)[-1]
        for method in each.iterfind("methods/method"):
            name = method.get("name")
            if "<" in name:
                continue
            lines = {int(line.get("number")): int(line.get("hits")) for line in method.iterfind("lines/line")}
            member = name.removeprefix("get_").removeprefix("set_").rsplit(".", 1)[-1]
            member = type_name if name in (".ctor", ".cctor") else member
            holding = [r for r in rows if set(lines) <= set(r.lines_of)]
            assert len(holding) == 1, (path, name, lines, [r.display for r in rows])
            # A positional record's properties are declared on its line: theirs are the record's.
            positional = holding[0].kind in ("record", "record struct") and holding[0].display == type_name
            assert member in holding[0].display or positional, (name, holding[0].display)
            # A line two methods share (a record's accessors) is covered when either ran.
            assert {n for n in lines if not file_hits[n]} <= set(holding[0].uncovered), name
            checked += 1
    assert checked >= 15


def test_a_member_s_coverage_names_the_tests_that_reach_it(covered):
    _, session, _ = covered
    answer = runtime.coverage(session, SymbolRef(name="Loop.Core.Checkout.Receipt"))
    (row,) = answer.items
    assert row.display == "Checkout.Receipt()" and row.uncovered and row.lines_covered < row.lines
    assert answer.tests == ("CheckoutTests.Receipt_of_a_big_order()",)
    assert "the call graph" in answer.tests_from
    whole = runtime.coverage(session, SymbolRef(name="Loop.Core.Cart"))
    assert {r.display.split("(")[0] for r in whole.items} >= {"Cart.Add", "Cart.Total", "Cart.Count"}
    assert not whole.tests_from  # a type's tests are its members'


def test_a_changed_file_is_named_and_bad_requests_say_what_to_give(covered):
    root, session, _ = covered
    with pytest.raises(EngineError, match="one of symbol, file or project"):
        runtime.coverage(session, SymbolRef(name="Loop.Core.Cart"), file="src/Loop.Core/Cart.cs")
    with pytest.raises(EngineError, match="No project is named 'Nope'"):
        runtime.coverage(session, project="Nope")
    audit = root / "src" / "Loop.Core" / "Audit.Log.cs"
    original = audit.read_text()
    try:
        audit.write_text(original + "\n// edited after the run\n")
        answer = runtime.coverage(session, project="Loop.Core")
        assert answer.stale_files == ("src/Loop.Core/Audit.Log.cs",)
        assert "changed since the run: src/Loop.Core/Audit.Log.cs" in answer.render()
    finally:
        audit.write_text(original)


def test_over_mcp_run_tests_with_coverage_then_coverage(tmp_path):
    root = copy_fixture("Loop", tmp_path)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Loop.slnx")}) as client:
        before = client.call("coverage")
        assert before.is_error and "run_tests with coverage=true" in before.content[0].text
        ran = client.call("run_tests", coverage=True)
        assert "coverage (Microsoft.CodeCoverage):" in ran.content[0].text
        answer = client.call("coverage", symbol="Checkout.PayAsync")
        assert not answer.is_error, answer.content[0].text
        result = answer.structured_content["result"]
        assert result["lines_covered"] == result["lines"] > 0
        assert answer.content[0].text.startswith("Coverage of Checkout.PayAsync(decimal): 100% of lines")


def test_a_review_names_the_changed_lines_no_test_runs(tmp_path):
    """Diff coverage: a change adds a member no test calls and edits one the tests run; the review, with
    the tests that reach the change run with coverage first, names the new member's lines only."""
    root = copy_fixture("Loop", tmp_path)
    for args in (
        ["init", "-q", "-b", "main"],
        ["add", "-A"],
        ["-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-qm", "first"],
    ):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)
    cart = root / "src" / "Loop.Core" / "Cart.cs"
    text = cart.read_text()
    text = text.replace(
        "        return _rules.Aggregate(subtotal, (price, rule) => rule.Apply(price));",
        "        var total = _rules.Aggregate(subtotal, (price, rule) => rule.Apply(price));\n        return total;",
    )
    text = text.replace(
        "    public int Count() =>",
        "    public int Twice()\n    {\n        return Count() * 2;\n    }\n\n    public int Count() =>",
    )
    cart.write_text(text)
    session = load_solution(root / "Loop.slnx", watch=False)
    try:
        view = review.review_with_coverage(session, "HEAD", run_first=True)
        assert view.coverage.startswith("tests of") or "tests of" in view.coverage
        (twice,) = view.uncovered
        assert twice.display == "Cart.Twice()"
        lines = cart.read_text().splitlines()
        assert [lines[n - 1].strip() for n in twice.lines] == ["{", "return Count() * 2;", "}"]
        assert view.changed_coverable == len(twice.lines) + 2  # Total's two changed lines ran
        assert "Changed lines no test ran (3 of 5 in 1 member;" in view.render()
    finally:
        session.close()
