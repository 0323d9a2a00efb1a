"""The app's EF Core data model, read from the compilation (the app never runs, no database is opened).

For each ``DbContext`` of the solution: the entities its ``DbSet`` properties, ``Entity<T>()`` calls and
applied ``IEntityTypeConfiguration<T>`` classes name, and those their navigations reach; owned types
(``[Owned]``, ``Owned<T>()``, ``OwnsOne``/``OwnsMany``); then EF Core's conventions
(``ef_conventions``) over the attributes and the Fluent API (``ef_fluent``) give keys, foreign keys,
tables and columns.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..symbols.describe import display, full_name, location_of, typed
from ..views.data_model import DataModel, Entity, ModelProblem, data_model_view
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .ef_conventions import Conventions
from .ef_drafts import ModelDraft
from .ef_fluent import FluentReader, configuration_entity
from .ef_snapshot import snapshot_problems
from .ef_store_types import KNOWN, providers, store_type
from .ef_types import attribute, has_attribute, mapped_members
from .types import derives_from, source_types

_DB_CONTEXT = "Microsoft.EntityFrameworkCore.DbContext"
_DB_SET = "Microsoft.EntityFrameworkCore.DbSet<TEntity>"


@query(scope="every_project")
def data_model(
    snapshot: Snapshot,
    operation: Operation,
    context: str | None = None,
    project: str | None = None,
    provider: str | None = None,
) -> DataModel:
    """The entities of every EF Core context of the solution (or of ``project``; of the contexts whose
    name contains ``context`` when given), with the problems met reading them; each column's store type
    for the provider the code uses (``provider``: ``SQL Server``, ``SQLite`` or ``PostgreSQL`` instead)."""
    if provider is not None and provider not in KNOWN:
        raise InvalidArgument(
            f"No store types are known for provider '{provider}'.", f"Give one of: {', '.join(KNOWN)}."
        )
    used = providers([snapshot.compilation(p, operation) for p in snapshot.projects], operation) if not provider else {}
    items: list[Entity] = []
    problems: list[ModelProblem] = []
    every_context: list[str] = []
    for each in snapshot.chosen_projects(project):
        operation.check()
        compilation = snapshot.compilation(each, operation)
        base = compilation.GetTypeByMetadataName(_DB_CONTEXT)
        if base is None:
            continue
        types = list(source_types(compilation))
        contexts = [t for t in types if derives_from(t, base) and not t.IsAbstract]
        every_context += [display(t) for t in contexts]
        if context:
            contexts = [t for t in contexts if context.strip().lower() in str(t.Name).lower()]
        configurations = [t for t in types if not t.IsAbstract and configuration_entity(t) is not None]
        applied: set[str] = set()
        for found in contexts:
            draft, reader = _read_context(found, compilation, operation, configurations, display_name(each))
            applied |= reader.applied
            chosen = provider or used.get(str(found.Name)) or used.get("", "")
            read = [_stored(entity, chosen) for entity in Conventions(draft, draft.project).entities()]
            items += read
            problems += snapshot_problems(compilation, found, read, chosen in KNOWN, operation)
            problems += draft.problems
        if not context:
            problems += [
                ModelProblem(
                    "not applied",
                    f"{display(c)} configures {display(configuration_entity(c))}, but no context applies it",
                    location_of(c.Locations[0]),
                )
                for c in configurations
                if full_name(c) not in applied
            ]
    if context and every_context and not items:
        raise InvalidArgument(
            f"No EF Core context's name contains '{context}'.", f"Give one of: {', '.join(sorted(every_context))}."
        )
    return data_model_view(str(snapshot.root), items, problems)


def _stored(entity: Entity, provider: str) -> Entity:
    """``entity`` with each column's store type for ``provider`` (a configured one kept)."""
    if provider not in KNOWN:
        return entity
    columns = tuple(
        dataclasses.replace(
            column,
            store_type=column.column_type
            or store_type(
                provider,
                column.type,
                column.max_length,
                column.precision,
                column.scale,
                column.concurrency_token,
                column.value_generated,
            ),
        )
        for column in entity.columns
    )
    return dataclasses.replace(entity, columns=columns)


def _read_context(
    context: Any, compilation: Any, operation: Operation, configurations: list[Any], project: str
) -> tuple[ModelDraft, FluentReader]:
    draft = ModelDraft(display(context), project)
    for name, entity_type in _db_sets(context):
        entity = draft.entity(entity_type)
        if entity is not None and not entity.db_set:
            entity.db_set = name
    reader = FluentReader(draft, compilation, operation, configurations)
    current = context
    while current is not None and full_name(current) != _DB_CONTEXT:
        for member in current.GetMembers("OnModelCreating"):
            member = typed(member)
            if member.DeclaringSyntaxReferences.Length:
                reader.read(member)
        current = current.BaseType
    _reach(draft, operation)
    for configuration in configurations:
        if _applied_by_attribute(configuration, draft):
            reader.apply(configuration)
    _reach(draft, operation)
    for entity in draft.entities.values():
        if entity.location is None and entity.symbol.Locations.Length:
            entity.location = location_of(entity.symbol.Locations[0])
    return draft, reader


def _db_sets(context: Any) -> list[tuple[str, Any]]:
    """``(property name, entity type)`` of the context's ``DbSet<T>`` properties, its bases' too."""
    found = []
    current = context
    while current is not None:
        for member in current.GetMembers():
            if str(member.Kind) != "Property" or member.IsStatic:
                continue
            prop_type = typed(typed(member).Type)
            if full_name(prop_type.OriginalDefinition) == _DB_SET:
                found.append((str(member.Name), typed(prop_type.TypeArguments[0])))
        current = current.BaseType
    return found


def _applied_by_attribute(configuration: Any, draft: ModelDraft) -> bool:
    """An ``[EntityTypeConfiguration(typeof(X))]`` on an entity of the model applies ``X``."""
    wanted = full_name(configuration)
    for entity in list(draft.entities.values()):
        found = attribute(entity.symbol, "EntityTypeConfigurationAttribute")
        if found is not None and found.ConstructorArguments.Length:
            named = found.ConstructorArguments[0].Value
            if named is not None and full_name(typed(named)) == wanted:
                return True
    return False


def _reach(draft: ModelDraft, operation: Operation) -> None:
    """Add what the entities' navigations lead to, as EF Core discovers it: an owned type (``[Owned]``
    or ``Owned<T>()``) becomes owned by the entity that navigates to it, any other class an entity."""
    pending = list(draft.entities.values())
    while pending:
        operation.check()
        entity = pending.pop()
        _, navigations = mapped_members(entity.symbol, set())
        for navigation in navigations:
            target = navigation.target
            target_name = full_name(target)
            if navigation.name in entity.ignored or has_attribute(target, "NotMappedAttribute"):
                continue
            known = target_name in draft.entities
            owned = target_name in draft.owned_types or has_attribute(target, "OwnedAttribute")
            made = draft.entity(target)
            if made is None:
                continue
            if owned and not made.owner:
                made.owner, made.owner_navigation, made.owned_many = entity.name, navigation.name, navigation.collection
            if not known:
                pending.append(made)
