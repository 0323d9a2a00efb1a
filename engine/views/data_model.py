"""The app's data model as EF Core would build it: contexts, their entities with tables, keys and
columns, and the relationships between them, read from the code."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location
from .paging import range_note
from .text import columns, counted, plural, problem_rows, tally, where


@dataclass(frozen=True)
class Column:
    property: str
    """The property, or the name EF Core gives a shadow one (``CustomerCode``)."""
    type: str
    column: str
    """The column's name in the entity's table: configured, or EF Core's by convention."""
    shadow: bool = False
    """No property in the code holds it: EF Core adds it (a foreign key, an owned type's key)."""
    nullable: bool = False
    """Whether EF Core lets it take null (``type`` then ends in ``?``)."""
    max_length: int | None = None
    precision: int | None = None
    scale: int | None = None
    column_type: str = ""
    """The store type the code configures (``[Column(TypeName = ...)]``, ``HasColumnType``)."""
    value_generated: str = ""
    """``on add``, ``on update``, ``on add or update`` or ``never`` where EF Core says so; empty: not generated."""
    concurrency_token: bool = False
    store_type: str = ""
    """The database's type for it: the one configured, else the provider's mapping (``nvarchar(60)``) where
    the code names a provider; empty when it names none."""

    def describe(self) -> str:
        """``Title string(60)``, ``Price decimal(18, 2)``, ``Id int generated on add``, ``When DateTime [date]``."""
        size = (
            f"({self.max_length})"
            if self.max_length is not None
            else f"({self.precision}{f', {self.scale}' if self.scale is not None else ''})"
            if self.precision is not None
            else ""
        )
        words = [self.property + (f" as {self.column}" if self.column != self.property else ""), self.type + size]
        shown = self.store_type or self.column_type
        words += [f"[{shown}]"] if shown else []
        words += (
            [f"generated {self.value_generated}"] if self.value_generated and self.value_generated != "never" else []
        )
        words += ["concurrency token"] if self.concurrency_token else []
        words += ["(shadow)"] if self.shadow else []
        return " ".join(words)


@dataclass(frozen=True)
class ForeignKey:
    properties: tuple[str, ...]
    """The dependent's properties that hold the key (this entity is the dependent)."""
    principal: str
    principal_key: tuple[str, ...]
    kind: str
    """``many-to-one``, ``one-to-one``, ``owned`` (the owner) or ``join`` (a many-to-many's side)."""
    navigations: str
    """``Order.Customer / Customer.Orders``: the navigations that make it, either side."""
    configured: str
    """``Fluent API``, ``attribute`` or ``convention``."""
    location: Location | None = None
    """Where it is configured (the Fluent call or attribute), else the navigation."""


@dataclass(frozen=True)
class Entity:
    name: str
    context: str
    table: str
    """``schema.table`` when a schema is set."""
    key: tuple[str, ...]
    """The primary key's properties; empty when keyless."""
    kind: str
    """``entity``, ``owned`` (by ``owner``), ``join`` (made by EF Core for a many-to-many) or ``keyless``."""
    columns: tuple[Column, ...]
    foreign_keys: tuple[ForeignKey, ...]
    location: Location | None
    """The type's declaration (the owner's navigation for a join EF Core makes)."""
    owner: str = ""
    db_set: str = ""
    """The context's ``DbSet`` property of it, if any."""
    project: str = field(default="", metadata=TEXT_ONLY)


@dataclass(frozen=True)
class ModelProblem:
    kind: str
    """``not understood`` (a configuration call this reading does not follow), ``no key``, ``ambiguous``
    (navigations EF Core cannot pair), ``not applied`` (an ``IEntityTypeConfiguration`` no context uses) or
    ``pending model changes`` (the migrations' snapshot and the model differ)."""
    text: str
    location: Location | None


@dataclass(frozen=True)
class DataModel:
    root: str
    items: tuple[Entity, ...]
    total: int
    problems: tuple[ModelProblem, ...] = ()
    by_context: tuple[tuple[str, int], ...] = ()
    offset: int = 0

    def render(self) -> str:
        header = f"Data model: {plural(self.total, 'entity', 'entities')}"
        if self.by_context:
            header += f" in {plural(len(self.by_context), 'context')} ({tally(self.by_context)})"
        if self.problems:
            header += f"; {plural(len(self.problems), 'problem')}"
        lines = [header + range_note(self.offset, len(self.items), self.total)]
        lines.extend(text for text, _ in self.rows())
        return "\n".join(lines)

    def rows(self) -> list[tuple[str, int | None]]:
        """Problems first (on the first page), then an entity a line with its columns and foreign keys under it."""
        rows = problem_rows(self.problems, self.offset, self.root)
        if not self.total:
            rows.append(("No data model: no project declares an EF Core DbContext.", None))
        for index, item in enumerate(self.items):
            key = f"key ({', '.join(item.key)})" if item.key else "no key"
            kind = f"owned by {item.owner}" if item.kind == "owned" else "" if item.kind == "entity" else item.kind
            table = f"-> {item.table}" if item.table else ""
            db_set = f"DbSet {item.db_set}" if item.db_set else ""
            rows.append(
                (columns(item.context, item.name, table, key, kind, db_set, where(item.location, self.root)), index)
            )
            shown = [column.describe() for column in item.columns]
            if shown:
                rows.append(("    columns: " + "; ".join(shown), index))
            for fk in item.foreign_keys:
                rows.append(
                    (
                        "    "
                        + columns(
                            f"FK ({', '.join(fk.properties)}) -> {fk.principal} ({', '.join(fk.principal_key)})",
                            fk.kind,
                            fk.navigations,
                            fk.configured,
                            where(fk.location, self.root) if fk.location else "",
                        ),
                        index,
                    )
                )
        return rows


def data_model_view(root: str, items: list[Entity], problems: list[ModelProblem]) -> DataModel:
    ordered = sorted(items, key=lambda item: (item.context, item.name))
    return DataModel(
        root,
        tuple(ordered),
        len(ordered),
        tuple(sorted(problems, key=lambda p: (p.kind, p.text))),
        counted(item.context for item in ordered),
    )
