"""Library source: a framework method shown with its body (the reference assembly mapped to the shared
runtime's, decompiled, cached), a forwarded type followed, and a PDB's embedded source and SourceLink
address used, on an assembly built here with them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from engine import SymbolRef, queries
from engine.external.library import type_source
from engine.host.interop import Operation

SUM = "M:System.Linq.Enumerable.Sum(System.Collections.Generic.IEnumerable{System.Int32})"
VENDOR = """namespace Vendor;

public static class Pricing
{
    public static decimal Discounted(decimal price) => price * 0.9m; // kept as written
}
"""


def test_a_framework_method_is_shown_with_its_body(shop):
    definition = shop.run(queries.go_to_definition, SymbolRef(name=SUM), timeout=120)
    library = definition.library
    assert library is not None and library.route == "decompiled" and library.assembly == "System.Linq"
    lines = Path(library.location.path).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("// Decompiled (ICSharpCode.Decompiler) from System.Linq ")
    assert "/shared/Microsoft.NETCore.App/" in lines[1]  # the implementation, not the reference assembly
    assert "public static int Sum(this IEnumerable<int> source)" in lines[library.location.line - 1]
    assert definition.render().splitlines()[0].endswith("in System.Linq 10.0.0.0, decompiled (ICSharpCode.Decompiler)")
    source = shop.run(queries.get_source, SymbolRef(name=SUM), timeout=120)
    text = source.render()
    assert text.splitlines()[0].startswith("Source of Enumerable.Sum(IEnumerable<int>) from System.Linq")
    assert "public static int Sum(this IEnumerable<int> source)" in text and "throw null" not in text
    again = shop.run(queries.go_to_definition, SymbolRef(name=SUM))
    assert again.library == library  # from the cache
    assert shop.run(queries.read_file, library.location.path, 1, 1).lines == (lines[0],)


def test_a_forwarded_type_is_followed_to_its_assembly(shop):
    definition = shop.run(
        queries.go_to_definition,
        SymbolRef(name="M:System.String.Split(System.Char,System.StringSplitOptions)"),
        timeout=120,
    )
    assert definition.library is not None and definition.library.assembly == "System.Private.CoreLib"


@pytest.fixture(scope="module")
def vendor(tmp_path_factory):
    """A library built with its sources embedded in its PDB, and one with a SourceLink address instead."""
    built = {}
    for kind, properties in (
        ("embedded", "<DebugType>embedded</DebugType><EmbedAllSources>true</EmbedAllSources>"),
        ("sourcelink", "<DebugType>embedded</DebugType><SourceLink>sourcelink.json</SourceLink>"),
    ):
        folder = tmp_path_factory.mktemp(kind)
        (folder / "Vendor.csproj").write_text(
            f'<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net10.0</TargetFramework>{properties}'
            "</PropertyGroup></Project>"
        )
        (folder / "Pricing.cs").write_text(VENDOR)
        (folder / "sourcelink.json").write_text(
            json.dumps({"documents": {f"{folder.as_posix()}/*": "https://example.invalid/vendor/*"}})
        )
        subprocess.run(
            ["dotnet", "build", "-o", "out", "--nologo", "-v", "q"], cwd=folder, check=True, capture_output=True
        )
        built[kind] = folder / "out" / "Vendor.dll"
    return built


def test_the_pdb_embedded_source_is_used_as_written(vendor):
    found = type_source(str(vendor["embedded"]), "Vendor.Pricing", Operation("test", 120))
    assert found["route"] == "embedded" and found["text"] == VENDOR
    assert found["lines"]["M:Vendor.Pricing.Discounted(System.Decimal)"] == 5


def test_a_sourcelink_address_is_given_and_the_type_decompiled_without_network(vendor):
    found = type_source(str(vendor["sourcelink"]), "Vendor.Pricing", Operation("test", 120))
    assert found["address"] == "https://example.invalid/vendor/Pricing.cs"
    assert found["route"] == "decompiled" and "Discounted(decimal price)" in found["text"]
