"""roslyn-index: a SCIP index of the Shop fixture, read back with scip.proto's field numbers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.scip import write_index

from .conftest import SHOP, SHOP_SLN
from .scip_wire import DEFINITION, IMPORT, read_index

CORE = "scip-dotnet nuget Shop.Core 1.0.0.0 "


@pytest.fixture(scope="module")
def index(shop, tmp_path_factory):
    path = tmp_path_factory.mktemp("scip") / "shop.scip"
    summary = shop.run(write_index, path, timeout=300)
    assert summary.path == str(path) and summary.bytes == path.stat().st_size
    return read_index(path.read_bytes()), summary


def documents(index):
    return {d.one("relative_path"): d for d in index.all("documents")}


def position(relative: str, text: str, word: str) -> list[int]:
    """The range of ``word`` in the first line of ``relative`` that holds ``text``."""
    lines = (SHOP / relative).read_text(encoding="utf-8").splitlines()
    line = next(n for n, content in enumerate(lines) if text in content)
    column = lines[line].index(word, lines[line].index(text))
    return [line, column, column + len(word)]


def occurrences(document, symbol: str) -> list:
    return [o for o in document.all("occurrences") if o.one("symbol") == symbol]


def test_the_index_has_every_source_file_and_its_metadata(index):
    decoded, summary = index
    metadata = decoded.one("metadata")
    assert metadata.one("project_root") == SHOP.resolve().as_uri() + "/"
    assert metadata.one("tool_info").one("name") == "roslyn-tui"
    paths = set(documents(decoded))
    on_disk = {str(p.relative_to(SHOP)) for p in SHOP.glob("src/*/*.cs")}
    assert paths == on_disk  # build outputs under obj/ left out, a multi-target project's files once
    assert summary.documents == len(paths) and summary.occurrences > 0
    assert {d.one("language") for d in decoded.all("documents")} == {"CSharp"}


def test_definitions_and_references_share_one_symbol_across_projects(index):
    decoded, _ = index
    by_path = documents(decoded)
    customer = CORE + "Core/Customer#"
    # A partial class: each part's name is a definition of the same symbol.
    for part in ("src/Shop.Core/Customer.cs", "src/Shop.Core/Customer.Orders.cs"):
        found = occurrences(by_path[part], customer)
        assert any(o.one("symbol_roles", 0) & DEFINITION for o in found), part
    program = by_path["src/Shop.App/Program.cs"]
    uses = occurrences(program, customer)
    assert uses and not any(o.one("symbol_roles", 0) & DEFINITION for o in uses)
    assert position("src/Shop.App/Program.cs", "Customer first", "Customer") in [o.one("range") for o in uses]
    # The using directive's namespace is an import.
    imports = [o for o in program.all("occurrences") if o.one("symbol_roles", 0) & IMPORT]
    assert position("src/Shop.App/Program.cs", "using Shop.Core;", "Core") in [o.one("range") for o in imports]


def test_overloads_locals_and_parameters_are_told_apart(index):
    decoded, _ = index
    journal = documents(decoded)["src/Shop.Core/Journal.cs"]
    defined = [o for o in journal.all("occurrences") if o.one("symbol_roles", 0) & DEFINITION]
    adds = {o.one("symbol") for o in defined if o.one("symbol").endswith(").") and "#Add(" in o.one("symbol")}
    assert adds == {CORE + "Core/Journal#Add().", CORE + "Core/Journal#Add(+1).", CORE + "Core/Journal#Add(+2)."}
    assert CORE + "Core/Journal#Add(+1).(amount)" in {o.one("symbol") for o in defined}
    program = documents(decoded)["src/Shop.App/Program.cs"]
    locals_ = {o.one("symbol") for o in program.all("occurrences") if o.one("symbol").startswith("local ")}
    assert locals_  # `var repository`, `c`, `log`: numbered within the document
    repository = position("src/Shop.App/Program.cs", "var repository =", "repository")
    local = next(o for o in program.all("occurrences") if o.one("range") == repository)
    assert local.one("symbol").startswith("local ") and local.one("symbol_roles", 0) & DEFINITION


def test_symbol_information_has_documentation_kind_and_relationships(index):
    decoded, _ = index
    by_path = documents(decoded)
    information = {s.one("symbol"): s for d in decoded.all("documents") for s in d.all("symbols")}
    customer = information[CORE + "Core/Customer#"]
    assert customer.all("documentation")[0].startswith("```cs\nclass Customer")
    assert "A customer." in customer.all("documentation")[1]  # the /// comment
    assert customer.one("kind") == 7  # Class
    assert {r.one("symbol") for r in customer.all("relationships")} >= {CORE + "Core/Entity#", CORE + "Core/IEntity#"}
    # An override across projects: implementation and reference of the base member.
    describe = information["scip-dotnet nuget Shop.Data 1.0.0.0 Data/Supplier#Describe()."]
    (relation,) = describe.all("relationships")
    assert relation.one("symbol") == CORE + "Core/Entity#Describe()."
    assert relation.one("is_implementation") and relation.one("is_reference")
    assert describe.one("enclosing_symbol") == "scip-dotnet nuget Shop.Data 1.0.0.0 Data/Supplier#"
    # Information is written where the symbol is defined.
    assert CORE + "Core/Customer#" in {s.one("symbol") for s in by_path["src/Shop.Core/Customer.cs"].all("symbols")}


def test_an_index_per_project_joins_the_whole_one(index, tmp_path):
    """roslyn-index run as a user runs it, on one project: its symbols are the whole index's."""
    decoded, _ = index
    path = tmp_path / "core.scip"
    done = subprocess.run(
        [sys.executable, "-m", "engine.scip.cli", str(SHOP_SLN), "-o", str(path), "--project", "Shop.Core"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert f"{path}:" in done.stdout
    core = read_index(path.read_bytes())
    assert {d.one("relative_path").split("/")[1] for d in core.all("documents")} == {"Shop.Core"}
    defined = {
        o.one("symbol")
        for d in core.all("documents")
        for o in d.all("occurrences")
        if o.one("symbol_roles", 0) & DEFINITION and not o.one("symbol").startswith("local ")
    }
    used_elsewhere = {
        o.one("symbol")
        for d in decoded.all("documents")
        if not d.one("relative_path").startswith("src/Shop.Core/")
        for o in d.all("occurrences")
    }
    joined = defined & used_elsewhere
    assert CORE + "Core/Customer#" in joined and CORE + "Core/Entity#Describe()." in joined


def test_bad_requests_are_refused_with_what_to_do(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "engine.scip.cli", str(SHOP_SLN), "-o", str(tmp_path / "x.scip"), "--project", "Nope"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 2
    assert "No project is named Nope" in done.stderr and "Shop.Core" in done.stderr
    assert not (tmp_path / "x.scip").exists() and not list(tmp_path.iterdir())
