"""What the code says of one context's model, gathered before EF Core's conventions fill in the rest:
each entity's configuration (from attributes and the Fluent API) and the relationships configured."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..models import Location
from ..symbols.describe import full_name, typed
from ..views.data_model import ModelProblem
from .ef_facets import Facets


@dataclass
class EntityDraft:
    symbol: Any
    name: str
    table: str = ""
    schema: str = ""
    key: tuple[str, ...] = ()
    keyless: bool = False
    owner: str = ""
    """The owning entity's full name when owned."""
    owner_navigation: str = ""
    owned_many: bool = False
    strategy: str = ""
    """``TPT`` or ``TPC`` when the Fluent API says so; ``TPH`` is EF Core's default."""
    ignored: set[str] = field(default_factory=set)
    column_names: dict[str, str] = field(default_factory=dict)
    shadow: dict[str, str] = field(default_factory=dict)
    """Properties the Fluent API adds (``Property<int>("Id")``): name -> type."""
    facets: dict[str, Facets] = field(default_factory=dict)
    """What the Fluent API sets of each property's column (required, length, precision, type...)."""
    db_set: str = ""
    location: Location | None = None


@dataclass
class RelationDraft:
    """A relationship as configured from one side: ``HasOne``/``HasMany`` on ``source`` through
    ``navigation``, to ``target``, and ``WithOne``/``WithMany`` back through ``inverse``."""

    source: str
    target: str
    navigation: str
    reference: bool
    inverse: str = ""
    inverse_reference: bool | None = None
    """``True`` after ``WithOne``, ``False`` after ``WithMany``, ``None`` when not said."""
    foreign_key: tuple[str, ...] = ()
    principal_key: tuple[str, ...] = ()
    dependent: str = ""
    """Named by ``HasForeignKey<T>`` / ``HasPrincipalKey<T>`` of a one-to-one."""
    join: str = ""
    configured: str = "Fluent API"
    location: Location | None = None


@dataclass
class ModelDraft:
    context: str
    project: str
    entities: dict[str, EntityDraft] = field(default_factory=dict)
    relations: list[RelationDraft] = field(default_factory=list)
    owned_types: set[str] = field(default_factory=set)
    ignored_types: set[str] = field(default_factory=set)
    schema: str = ""
    problems: list[ModelProblem] = field(default_factory=list)

    def entity(self, symbol: Any, location: Location | None = None) -> EntityDraft | None:
        """The draft of ``symbol``'s entity, made when first met; ``None`` for a type the model ignores."""
        from Microsoft.CodeAnalysis import NullableAnnotation  # type: ignore[import-not-found]

        symbol = typed(symbol.WithNullableAnnotation(NullableAnnotation.NotAnnotated))  # Address, not Address?
        name = full_name(symbol)
        if name in self.ignored_types:
            return None
        draft = self.entities.get(name)
        if draft is None:
            draft = self.entities[name] = EntityDraft(symbol, name, location=location)
        return draft

    def problem(self, kind: str, text: str, location: Location | None) -> None:
        self.problems.append(ModelProblem(kind, text, location))
