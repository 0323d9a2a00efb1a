"""What the source view draws over the code, from the engine: Roslyn's inlay hints and the code lenses'
counts on the Shop fixture, their errors, the brief member names of reference rows, and the drawing of
marks beside a line (pure)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from engine import CodeLens, FileNotInSolution, PositionOutOfRange, SymbolRef, code_view
from engine.queries import file_outline, find_implementations, find_references
from engine.views.brief_names import brief_names
from tui.widgets.code_marks import Mark, column_at, draw_marks

from .conftest import SHOP_SLN

PROGRAM = SHOP_SLN.parent / "src" / "Shop.App" / "Program.cs"
CUSTOMER = SHOP_SLN.parent / "src" / "Shop.Core" / "Customer.cs"


def test_inlay_hints_name_literal_arguments_and_inferred_types(shop):
    text = PROGRAM.read_text(encoding="utf-8").splitlines()
    hints = shop.run(code_view.inlay_hints, str(PROGRAM), 1, len(text))
    found = {(text[h.line - 1][h.column - 1 :][:12], h.kind, h.text.strip()) for h in hints.items}
    assert ('"start"); //', "parameter", "text:") in found  # journal.Add("start")
    assert ('"deposit", 5', "parameter", "text:") in found
    assert ("5m); // over", "parameter", "amount:") in found
    assert ("3)} {free}, ", "parameter", "n:") in found  # Workflow.Start(3)
    assert ("repository =", "type", "CustomerRepository?") in found  # var repository, in a nullable context
    assert ("text, amount", "type", "string") in found  # the lambda's parameters
    assert all(h.text.endswith(" ") for h in hints.items)  # each drawn with its own space before the code
    # Only literals get parameter names: a variable passed as an argument says its own name.
    assert not any(h.kind == "parameter" and text[h.line - 1][h.column - 1 :].startswith("repository)") for h in hints.items)
    one_line = shop.run(code_view.inlay_hints, str(PROGRAM), 16, 16)
    assert [h.text for h in one_line.items] == ["text: ", "amount: "]


def test_code_lens_counts_what_the_panels_find(shop):
    lines = len(CUSTOMER.read_text(encoding="utf-8").splitlines())
    lenses = shop.run(code_view.code_lens, str(CUSTOMER), 1, lines, tests=False)
    outline = shop.run(file_outline, str(CUSTOMER))
    assert len(lenses.items) >= 5
    assert {lens.line for lens in lenses.items} <= {n.location.line for n in _walk(outline.items)}
    for lens in lenses.items:
        ref = SymbolRef(name=lens.documentation_id)
        assert lens.references == shop.run(find_references, ref).total, lens.name
        if lens.implementations is not None:
            assert lens.implementations == shop.run(find_implementations, ref).total, lens.name
        assert lens.tests is None  # asked without tests, and Shop has no test project
    assert lenses.render().splitlines()[0].endswith(f"{len(lenses.items)} declarations")


def _walk(nodes):
    for node in nodes:
        yield node
        yield from _walk(node.children)


def test_a_range_outside_the_file_or_a_file_outside_the_solution_is_named(shop):
    with pytest.raises(PositionOutOfRange, match=r"Lines 500-600 are not in src/Shop\.App/Program\.cs, which has"):
        shop.run(code_view.inlay_hints, str(PROGRAM), 500, 600)
    with pytest.raises(PositionOutOfRange, match="Lines 9-3 end before they start"):
        shop.run(code_view.code_lens, str(PROGRAM), 9, 3)
    with pytest.raises(FileNotInSolution):
        shop.run(code_view.code_lens, str(Path(SHOP_SLN.parent / "src" / "Missing.cs")), 1, 10)


def test_brief_names_stay_unambiguous_within_the_list():
    names = brief_names(
        [
            "Store<TKey, TValue>.Shard.LoadAsync(Store<TKey, TValue>.Entry, params object[])",
            "Cart.Add(string, decimal, int)",
            "Cart.Add(Line)",
            "Other.Cart.Add(Line)",
            "X.Y.Add(int, string)",
            "X.Y.Add(int, int)",
            "Loop.Core.Cart.Lines",
        ]
    )
    assert names["Store<TKey, TValue>.Shard.LoadAsync(Store<TKey, TValue>.Entry, params object[])"] == (
        "Shard.LoadAsync(Entry, …)"
    )
    assert names["Cart.Add(string, decimal, int)"] == "Cart.Add(string, …)"
    assert names["Cart.Add(Line)"] == "Cart.Add(Line)" and names["Other.Cart.Add(Line)"] == "Other.Cart.Add(Line)"
    assert names["X.Y.Add(int, string)"] == "Y.Add(int, string)" and names["X.Y.Add(int, int)"] == "Y.Add(int, int)"
    assert names["Loop.Core.Cart.Lines"] == "Cart.Lines"
    assert len(set(names.values())) == len(names)


def test_reference_rows_name_members_briefly_only_when_asked(shop):
    balance = shop.run(find_references, SymbolRef(name="Customer.Balance"))
    long_names = dataclasses.replace(
        balance,
        items=tuple(
            dataclasses.replace(item, containing_member=f"Shop.Outer<TKey, TValue>.{item.containing_member}")
            for item in balance.items
        ),
    )
    full, brief = long_names.rows(), long_names.rows(brief=True)
    assert [index for _, index in full] == [index for _, index in brief]
    changed = [(a, b) for (a, _), (b, _) in zip(full, brief, strict=True) if a != b]
    assert changed and all("Shop.Outer<TKey, TValue>." in a and "Outer<" not in b for a, b in changed)
    assert long_names.render().splitlines()[1:] == [text for text, _ in full]  # the assistant's text keeps them whole


def test_marks_are_drawn_beside_the_code_and_clicks_map_back_to_it():
    line = "    Hub.Tick(2, x);"
    strip = Strip([Segment(" 1  "), Segment(line), Segment(" " * 20)])
    marks = [Mark(line.index("2"), "n: ")]
    drawn = draw_marks(
        strip, line, marks, "3 references", gutter=4, scroll_x=0, tab_width=4, hint_style=Style(), lens_style=Style()
    )
    text = "".join(s.text for s in drawn)
    assert text.startswith(" 1      Hub.Tick(n: 2, x);   3 references")
    assert drawn.cell_length == strip.cell_length
    tick = line.index("2")
    assert column_at(line, marks, tick, 4) == tick  # a click on the hint is on the argument it names
    assert column_at(line, marks, tick + len("n: "), 4) == tick  # the argument itself, drawn after the hint
    assert column_at(line, marks, tick + len("n: ") + 3, 4) == tick + 3
    assert column_at(line, marks, 2, 4) == 2  # before any hint nothing moves


def test_a_reference_count_within_a_time_is_the_places_found_by_then(shop):
    from engine.queries.references import reference_count_within

    ref = SymbolRef(name="Shop.Core.Customer")
    total = shop.run(find_references, ref).total
    assert shop.run(reference_count_within, ref, 30.0) == (total, True)
    hurried, complete = shop.run(reference_count_within, ref, 0.001)
    assert hurried <= total and (hurried == total or not complete)  # never more, and short only when cut
    lens = CodeLens(1, 1, "T:Shop.Core.Customer", "Customer", 1575, 2, None, more_references=True)
    assert lens.label() == "1,575+ refs | 2 impl"
    assert dataclasses.replace(lens, references=1, more_references=False).label() == "1 ref | 2 impl"
