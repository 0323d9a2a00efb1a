"""Symbol-level edits on a private copy of the Loop fixture: replace a declaration or its body, insert
a member, delete a symbol; each previewed with the errors it would add anywhere in the solution,
applied, and undone."""

from __future__ import annotations

import pytest

from engine import SymbolRef, editing, load_solution, symbol_edits
from engine.errors import AmbiguousSymbol, EditRefused, FilesChangedSincePreview, InvalidArgument

from .conftest import copy_fixture


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    """One copy for the module: every test that writes undoes its edit (undo is under test too)."""
    root = copy_fixture("Loop", tmp_path_factory.mktemp("symbol-edits"))
    session = load_solution(root / "Loop.slnx", watch=False)
    yield session
    session.close()


def core(session, name):
    return session.root / "src" / "Loop.Core" / name


def test_replace_a_body_preview_apply_and_undo(loop):
    cart = core(loop, "Cart.cs")
    original = cart.read_bytes()
    preview = symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Count"), "=> _lines.Count;", body_only=True)
    assert preview.new_errors == () and not preview.applied
    assert "-    public int Count() => _lines.Sum(line => line.Quantity);" in preview.render()
    assert "+    public int Count() => _lines.Count;" in preview.render()
    assert cart.read_bytes() == original  # a preview writes nothing
    applied = symbol_edits.replace_symbol(loop, apply=True, preview_token=preview.preview_token, ref=None, code="")
    assert applied.applied
    text = cart.read_text()
    # The doc comment and the attribute stay: only the body changed.
    assert "/// <summary>How many items the cart holds.</summary>\n    [System.Diagnostics.Contracts.Pure]\n" in text
    assert "public int Count() => _lines.Count;" in text
    undone = editing.undo_edit(loop)
    assert undone.applied and undone.title == "Undo Replace the body of Cart.Count()"
    assert cart.read_bytes() == original


def test_replace_a_whole_declaration_keeps_its_documentation_and_attributes(loop):
    preview = symbol_edits.replace_symbol(
        loop, SymbolRef(name="Cart.Count"), "public int Count()\n{\n    return _lines.Count;\n}"
    )
    text = preview.render()
    assert (
        "     /// <summary>How many items the cart holds.</summary>\n     [System.Diagnostics.Contracts.Pure]" in text
    )
    assert "+    public int Count()\n+    {\n+        return _lines.Count;\n+    }" in text
    own = symbol_edits.replace_symbol(
        loop, SymbolRef(name="Cart.Count"), "/// <summary>Lines, not items.</summary>\npublic int Count() => 0;"
    )
    assert "-    /// <summary>How many items the cart holds.</summary>" in own.render()
    assert "+    /// <summary>Lines, not items.</summary>" in own.render()
    assert "[System.Diagnostics.Contracts.Pure]" in own.render()  # no attribute of its own: the old one stays


def test_an_edit_that_breaks_another_project_names_its_error_and_is_held_back(loop):
    cart = core(loop, "Cart.cs")
    original = cart.read_bytes()
    code = "public Cart Add(string sku, decimal price, int quantity, string note)\n{\n    return this;\n}"
    preview = symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Add"), code)
    errors = "\n".join(preview.new_errors)
    # Loop.App's Program.cs was not edited, and only depends on Loop.Core.
    assert "CS7036 at src/Loop.App/Program.cs:3:23" in errors
    assert "tests/Loop.Tests/CartTests.cs" in errors
    with pytest.raises(EditRefused, match=r"would add \d+ compiler errors: CS7036"):
        symbol_edits.replace_symbol(loop, apply=True, preview_token=preview.preview_token, ref=None, code="")
    assert cart.read_bytes() == original
    applied = symbol_edits.replace_symbol(
        loop, apply=True, preview_token=preview.preview_token, allow_errors=True, ref=None, code=""
    )
    assert applied.applied and "string note" in cart.read_text()
    editing.undo_edit(loop)
    assert cart.read_bytes() == original


def test_a_body_edit_checks_only_its_own_file_and_finds_its_errors(loop):
    preview = symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Count"), "return missing;", body_only=True)
    assert [e.split(":", 1)[0] for e in preview.new_errors] == ["CS0103 at src/Loop.Core/Cart.cs"]


def test_insert_a_member_after_a_named_one_with_the_using_it_needs(loop):
    cart = core(loop, "Cart.cs")
    original = cart.read_bytes()
    code = "public StringBuilder Describe() => new StringBuilder().Append(Count());"
    preview = symbol_edits.insert_member(loop, SymbolRef(name="Cart"), code, after="Total", apply=True)
    assert preview.applied and preview.new_errors == ()
    text = cart.read_text()
    assert text.startswith("using System.Text;\n")
    total_end = text.index("return _rules.Aggregate")
    describe = text.index("    public StringBuilder Describe()")
    assert total_end < describe < text.index("/// <summary>How many items")
    assert "    }\n\n    public StringBuilder Describe() => new StringBuilder().Append(Count());\n\n" in text
    editing.undo_edit(loop)
    assert cart.read_bytes() == original


def test_insert_into_a_record_declared_without_a_body(loop):
    preview = symbol_edits.insert_member(loop, SymbolRef(name="Line"), "public decimal Amount => Price * Quantity;")
    assert "+public record Line(string Sku, decimal Price, int Quantity)\n+{\n+    public decimal Amount" in (
        preview.render()
    )
    assert preview.new_errors == ()


def test_partial_parts_the_body_goes_to_the_implementation_and_a_position_names_a_part(loop):
    body = symbol_edits.replace_symbol(
        loop, SymbolRef(name="Audit.Record"), "_entries.Add(what.Trim());", body_only=True
    )
    assert [f.path.rsplit("/", 1)[1] for f in body.files] == ["Audit.Log.cs"]
    # By name, a member goes to the part in the file named after the type; by position, to that part.
    by_name = symbol_edits.insert_member(loop, SymbolRef(name="Audit"), "public void Clear() { }")
    assert [f.path.rsplit("/", 1)[1] for f in by_name.files] == ["Audit.cs"]
    log = "src/Loop.Core/Audit.Log.cs"
    by_place = symbol_edits.insert_member(loop, SymbolRef(file=log, line=3, column=22), "public void Clear() { }")
    assert [f.path.rsplit("/", 1)[1] for f in by_place.files] == ["Audit.Log.cs"]
    with pytest.raises(AmbiguousSymbol, match="declared in 2 parts"):
        symbol_edits.replace_symbol(loop, SymbolRef(name="Audit"), "public class Audit { }")


def test_delete_is_refused_while_references_remain_unless_forced(loop):
    pricing = core(loop, "Pricing.cs")
    original = pricing.read_bytes()
    preview = symbol_edits.delete_symbol(loop, SymbolRef(name="FlatOff.Describe"))
    assert (
        "is still referenced 2 times: src/Loop.App/Program.cs:9:51, tests/Loop.Tests/CheckoutTests.cs:35:48"
        in (preview.problems[0])
    )
    with pytest.raises(EditRefused, match="still referenced"):
        symbol_edits.delete_symbol(loop, apply=True, preview_token=preview.preview_token, ref=None)
    forced = symbol_edits.delete_symbol(loop, SymbolRef(name="FlatOff.Describe"), force=True, apply=True)
    # Calls go to RuleBase.Describe now: nothing breaks.
    assert forced.applied and forced.new_errors == ()
    assert "Describe" not in pricing.read_text().split("class FlatOff", 1)[1]
    editing.undo_edit(loop)
    assert pricing.read_bytes() == original


def test_delete_a_type_and_its_file_only_when_asked(loop):
    audit = symbol_edits.delete_symbol(loop, SymbolRef(name="Audit"))
    assert {f.kind for f in audit.files} == {"modified"}
    assert audit.title == (
        "Delete Audit (src/Loop.Core/Audit.cs, src/Loop.Core/Audit.Log.cs are left with no declaration;"
        " delete_file=true removes it)"
    )
    removed = symbol_edits.delete_symbol(loop, SymbolRef(name="Audit"), delete_file=True, apply=True)
    assert sorted(f.kind for f in removed.files) == ["removed", "removed"]
    assert not core(loop, "Audit.cs").exists() and not core(loop, "Audit.Log.cs").exists()
    editing.undo_edit(loop)
    assert core(loop, "Audit.cs").exists() and "partial void Record" in core(loop, "Audit.Log.cs").read_text()


def test_undo_is_refused_after_an_outside_change_and_levels_go_back_in_order(loop):
    cart = core(loop, "Cart.cs")
    original = cart.read_bytes()
    symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Count"), "=> 1;", body_only=True, apply=True)
    symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Total"), "=> 2m;", body_only=True, apply=True)
    edited = cart.read_bytes()
    cart.write_bytes(edited + b"// the user's line\n")
    with pytest.raises(FilesChangedSincePreview, match=r"cannot be undone: src/Loop\.Core/Cart\.cs changed"):
        editing.undo_edit(loop)
    cart.write_bytes(edited)
    assert editing.undo_edit(loop).title == "Undo Replace the body of Cart.Total()"
    assert editing.undo_edit(loop).title == "Undo Replace the body of Cart.Count()"
    assert cart.read_bytes() == original


@pytest.mark.parametrize(
    ("code", "body_only", "message"),
    [
        ("public int Count( => 1;", False, r"not a declaration: CS1001 at line 1, column 19 of the code"),
        ("public int A() => 1;\npublic int B() => 2;", False, "holds 2 declarations; it must be one"),
        ("x = 1;", False, "is a statement, not a declaration"),
        ("return (;", True, r"not a body: CS1525 at line 1, column 9 of the code"),
        ("", False, "The code is empty"),
    ],
)
def test_code_that_is_not_one_declaration_or_body_is_refused_with_the_parsers_words(loop, code, body_only, message):
    with pytest.raises(InvalidArgument, match=message):
        symbol_edits.replace_symbol(loop, SymbolRef(name="Cart.Count"), code, body_only=body_only)


def test_wrong_targets_say_what_to_do(loop):
    with pytest.raises(InvalidArgument, match="members are inserted into a type"):
        symbol_edits.insert_member(loop, SymbolRef(name="Cart.Count"), "public int X;")
    with pytest.raises(InvalidArgument, match="has no member named 'Nope'"):
        symbol_edits.insert_member(loop, SymbolRef(name="Cart"), "public int X;", before="Nope")
    with pytest.raises(EditRefused, match="has no body"):
        symbol_edits.replace_symbol(loop, SymbolRef(name="RuleBase.Apply"), "=> 1m;", body_only=True)
    with pytest.raises(EditRefused, match="not declared in the solution's own source"):
        symbol_edits.replace_symbol(loop, SymbolRef(name="System.String"), "class String { }")
