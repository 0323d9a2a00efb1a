"""XML documentation: the framework's reference pack, the solution's /// comments (with inheritdoc
followed), and a restored package's XML files."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import load_solution
from engine.docs import get_documentation
from engine.errors import SymbolNotFound


def test_the_framework_documents_string_split_with_every_overload():
    view = get_documentation("System.String.Split")
    ids = [entry.documentation_id for entry in view.items]
    assert "M:System.String.Split(System.Char[])" in ids and len(ids) >= 6
    entry = next(e for e in view.items if e.documentation_id == "M:System.String.Split(System.Char[])")
    doc = entry.documentation
    assert doc.summary.startswith("Splits a string into substrings")
    assert doc.parameters[0][0] == "separator" and doc.returns
    assert entry.origin.startswith("System.Runtime.xml (Microsoft.NETCore.App.Ref ")
    assert entry.display == "String.Split(Char[])"


def test_an_overload_by_parameter_list_and_by_documentation_id():
    (one,) = get_documentation("String.Split(char[])").items
    assert one.documentation_id == "M:System.String.Split(System.Char[])"
    (same,) = get_documentation("M:System.String.Split(System.Char[])").items
    assert same.documentation == one.documentation
    (add,) = get_documentation("List<T>.Add").items
    assert add.documentation_id == "M:System.Collections.Generic.List`1.Add(`0)"
    assert "List<T>" in add.documentation.summary


def test_the_solutions_own_comments_with_parameters(shop):
    view = get_documentation("Shop.Core.Customer.Customer(int, string)", session=shop)
    (entry,) = view.items
    assert entry.documentation.summary == "Creates a customer."
    assert entry.documentation.parameters == (("id", "The identity."), ("name", "The display name."))
    assert entry.origin == "source src/Shop.Core/Customer.cs:9"


def test_inheritdoc_is_followed_to_the_base_member_and_to_a_cref(tmp_path: Path):
    (tmp_path / "Docs.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>'
        "</PropertyGroup></Project>",
        encoding="utf-8",
    )
    (tmp_path / "Shapes.cs").write_text(
        """namespace Docs;

public abstract class Shape
{
    /// <summary>The area of the shape.</summary>
    /// <returns>Square units.</returns>
    /// <example>var a = new Square(2).Area();</example>
    public abstract double Area();
}

public class Square(double side) : Shape
{
    /// <inheritdoc/>
    /// <remarks>Side times side.</remarks>
    public override double Area() => side * side;

    /// <inheritdoc cref="System.String.Trim()"/>
    public string Tidy(string text) => text.Trim();
}
""",
        encoding="utf-8",
    )
    session = load_solution(tmp_path / "Docs.csproj", watch=False)
    try:
        session.wait_loaded()
        (area,) = get_documentation("Docs.Square.Area", session=session).items
        doc = area.documentation
        assert (doc.summary, doc.returns, doc.remarks) == (
            "The area of the shape.",
            "Square units.",
            "Side times side.",
        )
        assert doc.examples == ("var a = new Square(2).Area();",)
        assert doc.inherited_from == "Shape.Area()"
        assert "(inherited from Shape.Area())" in get_documentation("Docs.Square.Area", session=session).render()
        (tidy,) = get_documentation("Docs.Square.Tidy", session=session).items
        assert tidy.documentation.summary.startswith("Removes all leading and trailing white-space")
    finally:
        session.close()


def test_a_packages_xml_documentation(shop):
    view = get_documentation("Newtonsoft.Json.JsonConvert.SerializeObject(object)", "Newtonsoft.Json", shop)
    (entry,) = view.items
    assert entry.documentation.summary == "Serializes the specified object to a JSON string."
    assert "package Newtonsoft.Json " in entry.origin


def test_an_unknown_name_says_where_it_looked():
    with pytest.raises(SymbolNotFound, match=r"No documentation for 'System\.NoSuchType\.Nope'") as raised:
        get_documentation("System.NoSuchType.Nope")
    assert "Microsoft.NETCore.App.Ref" in str(raised.value)
    assert "package_id" in raised.value.hint
