"""Editing on real code: every named fix and refactoring previewed on a private copy of the Workbench
fixture and checked to add no compiler error; rename across Shop's projects; analyzers on and off;
organize usings and format idempotent."""

from __future__ import annotations

import pytest

from engine import SymbolRef, editing, load_solution
from engine.errors import EditRefused, InvalidArgument
from engine.queries import diagnostics

from .conftest import copy_fixture


@pytest.fixture(scope="module")
def workbench(tmp_path_factory):
    """One loaded copy for the preview-only tests of this module (previews write nothing)."""
    root = copy_fixture("Workbench", tmp_path_factory.mktemp("workbench"))
    session = load_solution(root / "Workbench.slnx", watch=False)
    yield session
    session.close()


def action_titled(session, place, title):
    listed = editing.code_actions(session, *place)
    titles = [item.title for item in listed.items]
    matching = [item for item in listed.items if item.title == title]
    assert matching, f"{title!r} not offered at {place}; offered: {titles}"
    return matching[0]


CORE = "Workbench.Core/"

# (place: file, line, column[, end_line, end_column]), action title, a line the diff must add
NAMED_ACTIONS = [
    ((CORE + "Clock.cs", 5, 12), "using System.Diagnostics;", "+using System.Diagnostics;"),
    ((CORE + "Clock.cs", 5, 12), "System.Diagnostics.Stopwatch", "+    public System.Diagnostics.Stopwatch Start()"),
    ((CORE + "Unfinished.cs", 3, 23), "Implement interface", "+    public string Name =>"),
    ((CORE + "Unfinished.cs", 7, 14), "Implement abstract class", "+    public override double Perimeter()"),
    ((CORE + "Point.cs", 5, 5, 6, 28), "Generate constructor 'Point(int x, int y)'", "+    public Point(int x, int y)"),
    ((CORE + "Clock.cs", 9, 9), "Generate method 'Reset'", "+    private void Reset()"),
    ((CORE + "Inventory.cs", 33, 30), "Add null check", "+        ArgumentNullException.ThrowIfNull(item);"),
    ((CORE + "Inventory.cs", 25, 16, 25, 29), "Extract method", "+    private double NewMethod(double value)"),
    (
        (CORE + "Inventory.cs", 25, 16, 25, 29),
        "Introduce local > Introduce local for 'value * count'",
        "+        double v = value * count;",
    ),
    ((CORE + "Inventory.cs", 19, 13), "Inline temporary variable", '+        return "Inventory of " + Owner + ": " +'),
    (
        (CORE + "Inventory.cs", 28, 16),
        "Use expression body for method",
        "+    public int Twice(int value) => value * 2;",
    ),
    (
        (CORE + "Inventory.cs", 20, 16),
        "Convert to interpolated string",
        '+        return $"Inventory of {Owner}: {total} items";',
    ),
    ((CORE + "Inventory.cs", 9, 17), "Add readonly modifier", "+    private readonly int count;"),
    ((CORE + "Inventory.cs", 18, 13), "Remove unused variable", "-        int unused = 0;"),
    ((CORE + "Inventory.cs", 28, 16), "Make static", "+    public static int Twice(int value)"),
    ((CORE + "Unfinished.cs", 3, 23), "Fix all in solution: Implement interface", "+    public double Area()"),
]


@pytest.mark.parametrize(("place", "title", "added"), NAMED_ACTIONS, ids=[case[1] for case in NAMED_ACTIONS])
def test_each_named_action_previews_a_diff_that_adds_no_error(workbench, place, title, added):
    action = action_titled(workbench, place, title)
    preview = editing.apply_code_action(workbench, action.id)
    lines = preview.render().splitlines()
    assert any(line.startswith(added) for line in lines), preview.render()
    assert preview.new_errors == ()
    assert preview.problems == ()
    assert preview.preview_token.startswith("pv-")


def test_fixes_come_before_refactorings_and_ids_are_stable(workbench):
    first = editing.code_actions(workbench, CORE + "Clock.cs", 5, 12)
    kinds = [item.kind for item in first.items]
    assert kinds == sorted(kinds, key=lambda kind: kind != "fix")
    assert [i.id for i in editing.code_actions(workbench, CORE + "Clock.cs", 5, 12).items] == [
        i.id for i in first.items
    ]


def test_only_the_fixes_for_one_diagnostic(workbench):
    listed = editing.code_actions(workbench, CORE + "Inventory.cs", 28, 16, diagnostic_id="CA1822")
    assert {item.diagnostic_id for item in listed.items} == {"CA1822"}
    assert {item.scope for item in listed.items} == {"", "document", "project", "solution"}


def test_an_unknown_action_id_is_refused(workbench):
    with pytest.raises(EditRefused, match="No code action has the id 'ca-nothing'"):
        editing.apply_code_action(workbench, "ca-nothing")


def test_analyzer_diagnostics_follow_the_projects_settings(workbench):
    core = workbench.run(diagnostics, project="Workbench.Core")
    ca1822 = [d for d in core.items if d.id == "CA1822"]
    assert ca1822 and all(d.severity == "warning" and d.fixable for d in ca1822)  # raised by .editorconfig
    assert ca1822[0].category == "Performance" and "ca1822" in ca1822[0].help_link.lower()
    plain = workbench.run(diagnostics, project="Workbench.Plain", severity="hidden", include_hidden=True)
    assert not [d for d in plain.items if d.id.startswith("CA")]  # EnableNETAnalyzers=false
    info = workbench.run(diagnostics, file=CORE + "Inventory.cs", severity="info")
    assert "IDE0044" in {d.id for d in info.items}  # the IDE's own analyzers, as an editor shows them


def test_rename_across_projects_through_interface_implementation_and_override(shop):
    preview = editing.rename_symbol(shop, SymbolRef(name="IRepository.Add"), "Insert")
    changed = {shop.snapshot().relative(f.path) for f in preview.files}
    assert {
        "src/Shop.Core/IRepository.cs",  # the interface member
        "src/Shop.Data/InMemoryRepository.cs",  # its implementation (virtual)
        "src/Shop.Data/CustomerRepository.cs",  # the override and its base.Add call
    } <= changed
    text = preview.render()
    assert "+    void Insert(T item);" in text
    assert "public override void Insert(Customer item)" in text
    assert preview.problems == ()


def test_rename_to_an_invalid_name_is_refused(shop):
    with pytest.raises(EditRefused, match="'class' is not a valid C# identifier"):
        editing.rename_symbol(shop, SymbolRef(name="Customer.Name"), "class")
    with pytest.raises(EditRefused, match="not a valid C# identifier"):
        editing.rename_symbol(shop, SymbolRef(name="Customer.Name"), "2nd")


def test_a_rename_that_conflicts_names_the_places_and_is_never_applied(shop):
    preview = editing.rename_symbol(shop, SymbolRef(name="Customer.Name"), "Level")  # Customer.Level exists
    assert any(p.startswith("conflict at src/Shop.Core/Customer.cs") for p in preview.problems)
    with pytest.raises(EditRefused, match="was not applied"):
        editing.rename_symbol(shop, SymbolRef(name="Customer.Name"), "Level", apply=True)


def test_a_symbol_from_metadata_cannot_be_renamed(shop):
    with pytest.raises(EditRefused, match="declared in a referenced assembly"):
        editing.rename_symbol(shop, SymbolRef(name="System.String"), "Text")


def test_rename_preview_finds_a_symbol_by_position(shop):
    preview = editing.rename_symbol(shop, SymbolRef(file="src/Shop.Core/Journal.cs", line=33, column=17), "Record")
    assert "Rename Journal.Add(Order) to Record" in preview.render().splitlines()[0]


def test_unknown_preview_token_is_refused(workbench):
    with pytest.raises(EditRefused, match="No preview has the token"):
        editing.organize_usings(workbench, CORE + "Inventory.cs", apply=True, preview_token="pv-0000")


def test_a_token_applies_only_with_the_tool_that_made_it(workbench):
    preview = editing.format_document(workbench, CORE + "Messy.cs")
    with pytest.raises(EditRefused, match="is a preview of format, not of organize usings"):
        editing.organize_usings(workbench, CORE + "Messy.cs", apply=True, preview_token=preview.preview_token)


def test_an_untrusted_solution_runs_no_analyzer_and_offers_no_edit(tmp_path):
    from engine.errors import NotTrusted
    from engine.trust import Trust

    root = copy_fixture("Workbench", tmp_path)
    session = load_solution(root / "Workbench.slnx", trust=Trust(False, "not trusted"), watch=False)
    try:
        for edit in (
            lambda: editing.code_actions(session, CORE + "Clock.cs", 5, 12),
            lambda: editing.rename_symbol(session, SymbolRef(name="Inventory"), "Stock"),
            lambda: editing.format_document(session, CORE + "Messy.cs"),
            lambda: session.run(diagnostics),
        ):
            with pytest.raises(NotTrusted, match="not trusted"):
                edit()
    finally:
        session.close()


def test_move_type_to_file_previews_a_file_of_its_own(shop):
    preview = editing.move_type_to_file(shop, SymbolRef(name="Money"))
    changes = {shop.snapshot().relative(f.path): f.kind for f in preview.files}
    assert changes == {"src/Shop.Core/Order.cs": "modified", "src/Shop.Core/Money.cs": "added"}
    assert preview.title == "Move type to Money.cs" and preview.problems == ()
    assert "+public record struct Money(decimal Amount, string Currency)" in preview.render()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Customer", "declared in 2 places"),  # partial
        ("Entity", "already in src/Shop.Core/Entity.cs, the file named after it"),
        ("Customer.Address", "nested in Customer"),
        ("Journal.Add(string)", "only a type moves"),
    ],
)
def test_move_type_to_file_refuses_what_cannot_move(shop, name, message):
    with pytest.raises((EditRefused, InvalidArgument), match=message):
        editing.move_type_to_file(shop, SymbolRef(name=name))


def test_change_signature_follows_implementations_overrides_and_call_sites(shop):
    preview = editing.change_signature(shop, SymbolRef(name="IRepository.Add"), ["item", "bool audit = false"])
    changed = {shop.snapshot().relative(f.path) for f in preview.files}
    assert changed == {
        "src/Shop.Core/IRepository.cs",  # the interface member
        "src/Shop.Data/InMemoryRepository.cs",  # its implementation
        "src/Shop.Data/CustomerRepository.cs",  # the override
    }
    assert "+    public override void Add(Customer item, bool audit = false)" in preview.render()
    assert preview.problems == () and preview.new_errors == ()


def test_change_signature_reorders_renames_and_passes_values(shop):
    reordered = editing.change_signature(
        shop, SymbolRef(name="Journal.Add(string, decimal)"), ["amount", "text as note", "int priority = 0"]
    )
    text = reordered.render()
    assert '+        journal.Add(5m, "deposit");' in text  # the call site, reordered
    assert "+    public void Add(decimal amount, string note, int priority = 0)" in text
    assert '+        _entries.Add($"{note}: {amount}");' in text  # the renamed parameter's uses
    assert reordered.new_errors == ()
    delegate = editing.change_signature(shop, SymbolRef(name="EntryAddedHandler"), ["amount", "text"])
    assert "+        journal.EntryAdded += (amount, text) => Console.WriteLine(text);" in delegate.render()
    assert delegate.new_errors == ()
    valued = editing.change_signature(shop, SymbolRef(name="Workflow.End"), ["n", "int step: 1"])
    assert "+    public static int Middle(int n) => End(n, 1) * 2 + Countdown(n);" in valued.render()


@pytest.mark.parametrize(
    ("name", "parameters", "message"),
    [
        ("Workflow.End", ["count"], "has no parameter 'count'"),
        ("Workflow.End", ["n", "n"], "names n twice"),
        ("Workflow.End", ["n", "= 3"], "is not a parameter entry"),
        ("Workflow.End", ["n", "Nonsuch extra = 1"], "no type 'Nonsuch' where the method is declared"),
        ("Customer", ["n"], "only|a method's, constructor's or delegate's signature"),
    ],
)
def test_change_signature_refuses_a_bad_list(shop, name, parameters, message):
    with pytest.raises((EditRefused, InvalidArgument), match=message):
        editing.change_signature(shop, SymbolRef(name=name), parameters)


def test_extract_interface_from_chosen_members(shop):
    preview = editing.extract_interface(shop, SymbolRef(name="Journal"), ["Add", "Count"], "IJournal")
    files = {shop.snapshot().relative(f.path): f.kind for f in preview.files}
    assert files == {"src/Shop.Core/IJournal.cs": "added", "src/Shop.Core/Journal.cs": "modified"}
    text = preview.render()
    assert "+    public interface IJournal" in text and "+        void Add(string text, decimal amount);" in text
    assert "+        int Count { get; }" in text and "+public class Journal : IJournal" in text
    interface = text.split("+++ b/src/Shop.Core/IJournal.cs")[1].split("--- a/")[0]
    assert "EntryAdded" not in interface  # only the members asked for
    assert preview.new_errors == ()
    with pytest.raises(InvalidArgument, match="has no public member 'Missing'"):
        editing.extract_interface(shop, SymbolRef(name="Journal"), ["Missing"])
