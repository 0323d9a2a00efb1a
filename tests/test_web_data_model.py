"""The app's EF Core model (``engine.web.data_model``) read from the code of ``tests/fixtures/Web`` and held
to the model EF Core itself builds for the same context (``tests/fixtures/WebModel`` prints it)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import load_solution
from engine.web import data_model

from .conftest import FIXTURES, copy_fixture
from .mcp_client import McpClient
from .test_web_razor import WEB, _place


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """EF Core's model of the fixture's context (the printer runs on a copy) and ours of the same copy."""
    root = tmp_path_factory.mktemp("model")
    web = copy_fixture("Web", root)
    shutil.copytree(FIXTURES / "WebModel", root / "WebModel", ignore=shutil.ignore_patterns("bin", "obj"))
    printed = subprocess.run(
        ["dotnet", "run", "--project", str(root / "WebModel")], capture_output=True, text=True, timeout=600
    )
    assert printed.returncode == 0, printed.stdout + printed.stderr
    session = load_solution(web / "Web.slnx", watch=False, warm_up=False)
    try:
        yield json.loads(printed.stdout), session.run(data_model), web
    finally:
        session.close()


def test_entities_keys_tables_columns_and_foreign_keys_are_ef_cores(both):
    ef_core, ours, _ = both

    def shape(name, table, key, columns, foreign_keys):
        return name, (table, tuple(key), columns, frozenset(foreign_keys))

    expected = dict(
        shape(
            e["name"],
            e["table"],
            e["key"],
            e["columns"],
            ((tuple(f["properties"]), f["principal"], tuple(f["principal_key"])) for f in e["foreign_keys"]),
        )
        for e in ef_core
    )
    found = dict(
        shape(
            e.name,
            e.table,
            e.key,
            {c.property: c.column for c in e.columns},
            ((f.properties, f.principal, f.principal_key) for f in e.foreign_keys),
        )
        for e in ours.items
    )
    assert found == expected
    assert {e["name"] for e in ef_core if e["owned"]} == {e.name for e in ours.items if e.kind == "owned"}
    assert {e["name"] for e in ef_core if e["join"]} == {e.name for e in ours.items if e.kind == "join"}
    assert not ours.problems


_GENERATED = {
    "": "Never",
    "never": "Never",
    "on add": "OnAdd",
    "on update": "OnUpdate",
    "on add or update": "OnAddOrUpdate",
}


def test_each_columns_facets_are_ef_cores(both):
    """Null or not, length, precision and scale, the store type configured, value generation and
    concurrency, column by column, as EF Core's own model has them."""
    ef_core, ours, _ = both
    expected = {
        (e["name"], name): (
            f["nullable"],
            f["max_length"],
            f["precision"],
            f["scale"],
            f["column_type"],
            f["value_generated"],
            f["concurrency_token"],
        )
        for e in ef_core
        for name, f in e["facets"].items()
    }
    found = {
        (e.name, c.property): (
            c.nullable,
            c.max_length,
            c.precision,
            c.scale,
            c.column_type,
            _GENERATED[c.value_generated],
            c.concurrency_token,
        )
        for e in ours.items
        for c in e.columns
    }
    assert found == expected
    by_name = {e.name: {c.property: c for c in e.columns} for e in ours.items}
    assert by_name["Customer"]["Email"].type == "string?" and by_name["Customer"]["Name"].type == "string"
    assert by_name["OrderLine"]["Note"].type == "string"  # [Required] over string?
    text = ours.render()
    assert "Total as total_amount decimal(18, 2)" in text and "Placed DateTime [date]" in text
    assert "Version byte[]? generated on add or update concurrency token" in text


def test_where_each_part_is_configured(both):
    _, ours, web = both
    by_name = {e.name: e for e in ours.items}
    context = web / "Web.Server/Data/ShopContext.cs"
    (to_customer,) = by_name["Order"].foreign_keys
    assert (to_customer.kind, to_customer.configured, to_customer.navigations) == (
        "many-to-one",
        "Fluent API",
        "Order.Customer / Customer.Orders",
    )
    assert (to_customer.location.path, to_customer.location.line) == (str(context), _place(context, ".HasOne(")[0])
    (to_order,) = by_name["OrderLine"].foreign_keys
    assert (to_order.configured, to_order.navigations) == ("convention", "OrderLine.Order / Order.Lines")
    (created_by,) = by_name["Tag"].foreign_keys
    assert (created_by.navigations, created_by.properties) == ("Tag.CreatedBy", ("CreatedByCode",))
    assert [c.shadow for c in by_name["Tag"].columns if c.property == "CreatedByCode"] == [True]
    assert (by_name["Address"].owner, by_name["Phone"].owner) == ("Customer", "Customer")
    assert (by_name["Customer"].db_set, by_name["Tag"].db_set) == ("Customers", "")
    customer = web / "Web.Server/Data/Customer.cs"
    assert by_name["Customer"].location.path == str(customer)
    assert by_name["Customer"].location.line == _place(customer, "class Customer")[0]
    lines = ours.render().splitlines()
    assert lines[0] == "Data model: 8 entities in 1 context (ShopContext 8)"
    assert "ShopContext  Order  -> PurchaseOrders  key (Number)  DbSet Orders  Web.Server/Data/Order.cs:7:14" in lines
    assert (
        "    columns: Number int generated on add; Total as total_amount decimal(18, 2); Placed DateTime [date];"
        " Version byte[]? generated on add or update concurrency token; CustomerCode string;"
        " Discriminator string(13) (shadow)"
    ) in lines
    assert "    columns: Id int generated on add; Label string(40); CreatedByCode string? (shadow)" in lines


def test_what_the_reading_does_not_follow_is_named(tmp_path):
    """A Fluent call outside what is read, a configuration no context applies and navigations EF Core
    cannot pair are problems with their places, not guesses."""
    web = copy_fixture("Web", tmp_path)
    context = web / "Web.Server/Data/ShopContext.cs"
    text = context.read_text()
    text = text.replace(
        "modelBuilder.ApplyConfiguration(new CustomerConfiguration());",
        'modelBuilder.ApplyConfiguration(new CustomerConfiguration());\n        modelBuilder.SharedTypeEntity<Dictionary<string, object>>("Settings");',
    )
    text += (
        "\npublic class Unused : IEntityTypeConfiguration<Tag>\n{\n"
        "    public void Configure(EntityTypeBuilder<Tag> builder) => builder.HasKey(t => t.Id);\n}\n"
    )
    context.write_text(text)
    order = web / "Web.Server/Data/OrderLine.cs"
    order.write_text(
        order.read_text().replace(
            "public Order? Order { get; set; }",
            "public Order? Order { get; set; }\n\n    public Order? Replaces { get; set; }",
        )
    )
    session = load_solution(web / "Web.slnx", watch=False, warm_up=False)
    try:
        view = session.run(data_model)
    finally:
        session.close()
    problems = {(p.kind, p.text, p.location.line if p.location else 0) for p in view.problems}
    assert ("not understood", "ModelBuilder.SharedTypeEntity(...)", _place(context, "SharedTypeEntity")[0]) in problems
    assert (
        "not applied",
        "Unused configures Tag, but no context applies it",
        _place(context, "class Unused")[0],
    ) in problems
    ambiguous = [p for p in problems if p[0] == "ambiguous"]
    assert ambiguous and "Order.Lines: 2 navigations of OrderLine lead back (Order, Replaces)" in ambiguous[0][1]
    assert view.render().splitlines()[1].startswith("! ambiguous  Order.Lines")


def test_data_model_over_mcp():
    with McpClient({"DOTNET_SOLUTION_PATH": str(WEB / "Web.slnx")}) as mcp:
        answer = mcp.call("data_model", context="shop", limit=2)
        assert not answer.is_error, answer.content[0].text
        lines = answer.content[0].text.splitlines()
        assert lines[0] == "Data model: 8 entities in 1 context (ShopContext 8) (showing 1-2 of 8)"
        assert lines[1].startswith("ShopContext  Address  -> Clients  key (CustomerCode)  owned by Customer")
        structured = answer.structured_content["result"]
        assert structured["total"] == 8 and [e["name"] for e in structured["items"]] == ["Address", "Customer"]
        nothing = mcp.call("data_model", context="nothing")
        assert nothing.is_error
        assert "No EF Core context's name contains 'nothing'" in nothing.content[0].text
        assert "Give one of: ShopContext." in nothing.content[0].text


def test_each_columns_store_type_is_the_providers(both):
    """For a provider (here SQLite, as the printer builds the model with), each column's store type is the
    one EF Core's type mapping gives; a configured one is kept."""
    ef_core, _, web = both
    session = load_solution(web / "Web.slnx", watch=False, warm_up=False)
    try:
        ours = session.run(data_model, provider="SQLite")
        with pytest.raises(Exception, match="No store types are known for provider 'Oracle'"):
            session.run(data_model, provider="Oracle")
    finally:
        session.close()
    expected = {(e["name"], name): f["store_type"] for e in ef_core for name, f in e["facets"].items()}
    found = {(e.name, c.property): c.store_type for e in ours.items for c in e.columns}
    assert found == expected


SNAPSHOT = """// <auto-generated />
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Web.Server.Data;

namespace Web.Server.Migrations
{
    [DbContext(typeof(ShopContext))]
    partial class ShopContextModelSnapshot : ModelSnapshot
    {
        protected override void BuildModel(ModelBuilder modelBuilder)
        {
            modelBuilder.HasAnnotation("ProductVersion", "10.0.15");

            modelBuilder.Entity("Web.Server.Data.Tag", b =>
                {
                    b.Property<int>("Id")
                        .ValueGeneratedOnAdd()
                        .HasColumnType("INTEGER");

                    b.Property<string>("CreatedByCode")
                        .HasColumnType("TEXT");

                    b.Property<string>("Label")
                        .IsRequired()
                        .HasMaxLength(30)
                        .HasColumnType("TEXT");

                    b.Property<string>("Colour")
                        .HasColumnType("TEXT");

                    b.HasKey("Id");

                    b.ToTable("Tag");
                });
        }
    }
}
"""


def test_a_migrations_snapshot_behind_the_model_is_a_pending_change(tmp_path):
    """The snapshot a migration last wrote, here one that knows only Tag, with Label at 30 and a column since
    removed: each difference is named, and nothing where they agree."""
    web = copy_fixture("Web", tmp_path)
    migrations = web / "Web.Server/Migrations"
    migrations.mkdir()
    (migrations / "ShopContextModelSnapshot.cs").write_text(SNAPSHOT)
    session = load_solution(web / "Web.slnx", watch=False, warm_up=False)
    try:
        model = session.run(data_model, provider="SQLite")
    finally:
        session.close()
    pending = sorted(p.text for p in model.problems if p.kind == "pending model changes")
    assert pending == [
        "ShopContextModelSnapshot: 5 of the model's entities are not in it: "
        "Customer, Order, OrderLine, OrderTag, PriorityOrder",
        "ShopContextModelSnapshot: Tag.Colour is in the snapshot, no longer in the model",
        "ShopContextModelSnapshot: Tag.Label's max length is 40 in the model, 30 in the snapshot",
    ]
    assert all(Path(p.location.path).name == "ShopContextModelSnapshot.cs" for p in model.problems if p.location)
