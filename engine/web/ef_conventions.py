"""EF Core's conventions over what the code configures: the relationships navigations make, the keys,
foreign keys, tables and columns a context's model ends with.

Followed as EF Core 10 does for a relational provider: a key is ``[PrimaryKey]``/``HasKey``, ``[Key]``,
else a property ``Id`` or ``<Type>Id``; navigations pair with their single inverse (or
``[InverseProperty]``); a foreign key is configured, ``[ForeignKey]``, else the dependent's property named
``<navigation><principal key>`` or ``<principal type><principal key>``, else a shadow property of that
name; a many-to-many gets a join entity named after both types (ordinal order); a table is
``[Table]``/``ToTable``, else the context's ``DbSet`` name, else the type's name; an owned reference
lives in its owner's table with ``<navigation>_<property>`` columns, keyed by the owner's key; a hierarchy
shares its root's table (TPH) with a ``Discriminator`` column unless TPT or TPC is configured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import Location
from ..symbols.describe import display, full_name, location_of
from ..views.data_model import Column, Entity, ForeignKey
from .ef_drafts import EntityDraft, ModelDraft, RelationDraft
from .ef_facets import GENERATED_KEY_TYPES, Facets, annotated, optional
from .ef_types import Navigation, Scalar, attribute_strings, has_attribute, mapped_members, named_argument


@dataclass
class _Relation:
    dependent: str
    principal: str
    to_principal: str
    to_dependent: str
    kind: str  # many-to-one, one-to-one, many-to-many
    configured: str
    location: Location | None
    foreign_key: tuple[str, ...] = ()
    principal_key: tuple[str, ...] = ()
    join: str = ""


class Conventions:
    """One context's model, completed: ``entities()`` gives the view's entities."""

    def __init__(self, draft: ModelDraft, project: str) -> None:
        self.draft = draft
        self.project = project
        names = set(draft.entities)
        self.members: dict[str, tuple[list[Scalar], list[Navigation]]] = {}
        for name, entity in draft.entities.items():
            scalars, navigations = mapped_members(entity.symbol, names)
            self.members[name] = (
                [s for s in scalars if s.name not in entity.ignored],
                [n for n in navigations if n.name not in entity.ignored],
            )
        self.relations = self._relations()

    # -- entities -------------------------------------------------------------------------------------

    def entities(self) -> list[Entity]:
        found = []
        for name, entity in self.draft.entities.items():
            found.append(self._entity(name, entity))
        for relation in self.relations:
            if relation.kind == "many-to-many":
                found.append(self._join(relation))
        return found

    def _entity(self, name: str, entity: EntityDraft) -> Entity:
        scalars, _ = self.members[name]
        key = self.key(name)
        foreign = {
            prop
            for relation in self.relations
            if relation.dependent == name and relation.kind != "many-to-many"
            for prop in self._foreign_key(relation)[0]
        }
        columns = [self._scalar_column(entity, s, key, foreign) for s in scalars]
        known = {c.property for c in columns}
        foreign_keys = []
        for relation in self.relations:
            if relation.dependent != name or relation.kind == "many-to-many":
                continue
            fk, shadow = self._foreign_key(relation)
            foreign_keys.append(self._fk_view(relation, fk))
            for index, prop in enumerate(fk):
                if prop not in known and shadow:
                    known.add(prop)
                    principal_key = self._principal_key(relation)[index]
                    # A shadow key's type is the principal key's made nullable: the relationship is optional.
                    principal_type = self._type_of(relation.principal, principal_key).removesuffix("?") + "?"
                    columns.append(Column(prop, principal_type, prop, shadow=True, nullable=True))
        if self._discriminated(name) and "Discriminator" not in known:
            known.add("Discriminator")
            # Its values are the hierarchy's type names: EF Core makes the column as long as the longest.
            longest = max(len(self._short(n)) for n in self._hierarchy(name))
            columns.append(Column("Discriminator", "string", "Discriminator", shadow=True, max_length=longest))
        for prop, type_name in entity.shadow.items():
            if prop not in known:
                known.add(prop)
                columns.append(Column(prop, type_name, entity.column_names.get(prop, prop), shadow=True))
        if entity.owner:
            owner_key = self.key(entity.owner)
            owner_short = self._short(entity.owner)
            owner_draft = self.draft.entities[entity.owner]
            fk = tuple(owner_short + k for k in owner_key)
            for prop, principal_key in zip(fk, owner_key, strict=True):
                if prop not in known:
                    column = prop if entity.owned_many else self._column_of(owner_draft, principal_key)
                    columns.insert(0, Column(prop, self._type_of(entity.owner, principal_key), column, shadow=True))
            if entity.owned_many and "Id" not in known:
                columns.insert(len(fk), Column("Id", "int", "Id", shadow=True, value_generated="on add"))
            foreign_keys.insert(
                0,
                ForeignKey(
                    fk,
                    owner_short,
                    owner_key,
                    "owned",
                    f"{owner_short}.{entity.owner_navigation}",
                    "convention",
                    None,
                ),
            )
        kind = "owned" if entity.owner else "keyless" if not key else "entity"
        return Entity(
            display(entity.symbol),
            self.draft.context,
            self.table(name),
            key,
            kind,
            tuple(columns),
            tuple(foreign_keys),
            entity.location,
            self._short(entity.owner) if entity.owner else "",
            entity.db_set,
            self.project,
        )

    def _scalar_column(self, entity: EntityDraft, scalar: Scalar, key: tuple[str, ...], foreign: set[str]) -> Column:
        """A property's column with its facets: the data annotations', the Fluent API's over them, and EF
        Core's conventions for what neither says (``ef_facets``)."""
        configured = annotated(scalar.symbol).merged(entity.facets.get(scalar.name, Facets()))
        nullable = optional(scalar.symbol) and configured.required is not True and scalar.name not in key
        generated = configured.value_generated
        if not generated and key == (scalar.name,) and scalar.name not in foreign:
            generated = "on add" if scalar.type in GENERATED_KEY_TYPES else ""
        shown = scalar.type.removesuffix("?") + ("?" if nullable else "")
        return Column(
            scalar.name,
            shown,
            self._column(entity, scalar),
            nullable=nullable,
            max_length=configured.max_length,
            precision=configured.precision,
            scale=configured.scale,
            column_type=configured.column_type,
            value_generated=generated,
            concurrency_token=configured.concurrency_token,
        )

    def _join(self, relation: _Relation) -> Entity:
        left, right = sorted((relation.dependent, relation.principal), key=self._short)
        fks, columns = [], []
        for side in (left, right):
            # named by the navigation that leads to this side from the other one
            navigation = relation.to_principal if side == relation.principal else relation.to_dependent
            base = navigation or self._short(side)
            side_key = self.key(side)
            names = tuple(base + k for k in side_key)
            columns += [Column(n, self._type_of(side, k), n, shadow=True) for n, k in zip(names, side_key, strict=True)]
            fks.append(
                ForeignKey(
                    names,
                    self._short(side),
                    side_key,
                    "join",
                    self._navigations(relation),
                    relation.configured,
                    relation.location,
                )
            )
        name = relation.join or self._short(left) + self._short(right)
        schema = self.draft.schema
        return Entity(
            name.split(".")[-1],
            self.draft.context,
            f"{schema}.{name.split('.')[-1]}" if schema else name.split(".")[-1],
            tuple(c.property for c in columns),
            "join",
            tuple(columns),
            tuple(fks),
            relation.location,
            project=self.project,
        )

    # -- keys, tables, columns ------------------------------------------------------------------------

    def key(self, name: str) -> tuple[str, ...]:
        entity = self.draft.entities[name]
        base = self._base(entity)
        if base is not None:
            return self.key(base)
        if entity.owner:
            owner_key = self.key(entity.owner)
            fk = tuple(self._short(entity.owner) + k for k in owner_key)
            return (*fk, "Id") if entity.owned_many else fk
        if entity.keyless or has_attribute(entity.symbol, "KeylessAttribute"):
            return ()
        if entity.key:
            return entity.key
        declared = attribute_strings(entity.symbol, "PrimaryKeyAttribute")
        if declared:
            return tuple(declared)
        scalars, _ = self.members[name]
        marked = tuple(s.name for s in scalars if has_attribute(s.symbol, "KeyAttribute"))
        if marked:
            return marked
        short = self._short(name)
        for wanted in ("id", f"{short.lower()}id"):
            for scalar in scalars:
                if scalar.name.lower() == wanted:
                    return (scalar.name,)
        return ()

    def table(self, name: str) -> str:
        entity = self.draft.entities[name]
        if entity.owner and not entity.owned_many:
            return self.table(entity.owner)
        base = self._base(entity)
        root_strategy = self.draft.entities[self._root(name)].strategy
        if base is not None and not root_strategy and not entity.table:
            return self.table(base)
        annotated = attribute_strings(entity.symbol, "TableAttribute")
        table = entity.table or (annotated[0] if annotated else "") or entity.db_set
        table = table or self._short(name)
        schema = entity.schema or named_argument(entity.symbol, "TableAttribute", "Schema") or self.draft.schema
        return f"{schema}.{table}" if schema else table

    def _column(self, entity: EntityDraft, scalar: Scalar) -> str:
        configured = entity.column_names.get(scalar.name) or next(
            iter(attribute_strings(scalar.symbol, "ColumnAttribute")), ""
        )
        if configured:
            return configured
        if entity.owner and not entity.owned_many:
            return f"{entity.owner_navigation}_{scalar.name}"
        return scalar.name

    def _column_of(self, entity: EntityDraft, prop: str) -> str:
        for scalar in self.members[entity.name][0]:
            if scalar.name == prop:
                return self._column(entity, scalar)
        return entity.column_names.get(prop, prop)

    def _type_of(self, entity: str, prop: str) -> str:
        for scalar in self.members[entity][0]:
            if scalar.name == prop:
                return scalar.type
        return self.draft.entities[entity].shadow.get(prop, "")

    def _discriminated(self, name: str) -> bool:
        """The root of a hierarchy mapped to one table (TPH, EF Core's default) gets a discriminator column."""
        entity = self.draft.entities[name]
        if self._base(entity) is not None or entity.strategy:
            return False
        return any(self._base(other) == name for other in self.draft.entities.values())

    def _hierarchy(self, root: str) -> list[str]:
        """``root`` and every entity derived from it, however deep."""
        found = [root]
        for name, entity in self.draft.entities.items():
            base = self._base(entity)
            while base is not None and base != root:
                base = self._base(self.draft.entities[base])
            if base == root:
                found.append(name)
        return found

    def _base(self, entity: EntityDraft) -> str | None:
        base = entity.symbol.BaseType
        while base is not None:
            name = full_name(base)
            if name in self.draft.entities:
                return name
            base = base.BaseType
        return None

    def _root(self, name: str) -> str:
        base = self._base(self.draft.entities[name])
        return self._root(base) if base is not None else name

    def _short(self, name: str) -> str:
        return str(self.draft.entities[name].symbol.Name)

    # -- relationships --------------------------------------------------------------------------------

    def _relations(self) -> list[_Relation]:
        consumed: set[tuple[str, str]] = set()
        relations = [self._configured(r, consumed) for r in self.draft.relations]
        navigations = {
            name: [n for n in navs if self._entity_name(n.target) in self.draft.entities]
            for name, (_, navs) in self.members.items()
        }
        for name, navs in navigations.items():
            for navigation in navs:
                target = self._entity_name(navigation.target)
                if (name, navigation.name) in consumed or self.draft.entities[target].owner:
                    continue
                inverse = self._inverse(name, navigation, navigations.get(target, []), consumed)
                consumed.add((name, navigation.name))
                if inverse is not None:
                    consumed.add((target, inverse.name))
                relations.append(self._by_convention(name, navigation, target, inverse))
        return relations

    def _inverse(
        self, name: str, navigation: Navigation, candidates: list[Navigation], consumed: set[tuple[str, str]]
    ) -> Navigation | None:
        target = self._entity_name(navigation.target)
        named = attribute_strings(navigation.symbol, "InversePropertyAttribute")
        back = [
            n
            for n in candidates
            if self._entity_name(n.target) == name
            and (target, n.name) not in consumed
            and not (target == name and n.name == navigation.name)
        ]
        if named:
            return next((n for n in back if n.name == named[0]), None)
        back = [n for n in back if not attribute_strings(n.symbol, "InversePropertyAttribute")]
        if len(back) == 1:
            return back[0]
        if len(back) > 1:
            self.draft.problem(
                "ambiguous",
                f"{self._short(name)}.{navigation.name}: {len(back)} navigations of {self._short(target)} "
                f"lead back ({', '.join(n.name for n in back)}); EF Core needs [InverseProperty] or the Fluent API",
                location_of(navigation.symbol.Locations[0]) if navigation.symbol.Locations.Length else None,
            )
        return None

    def _by_convention(self, name: str, navigation: Navigation, target: str, inverse: Navigation | None) -> _Relation:
        place = location_of(navigation.symbol.Locations[0]) if navigation.symbol.Locations.Length else None
        how = (
            "attribute"
            if inverse is not None and has_attribute(navigation.symbol, "InversePropertyAttribute")
            else "convention"
        )
        back = inverse.name if inverse is not None else ""
        if navigation.collection and inverse is not None and inverse.collection:
            return _Relation(target, name, back, navigation.name, "many-to-many", how, place)
        if navigation.collection:
            return _Relation(target, name, back, navigation.name, "many-to-one", how, place)
        if inverse is not None and not inverse.collection:
            dependent, principal, to_principal, to_dependent = self._one_to_one_sides(
                name, navigation.name, target, back
            )
            return _Relation(dependent, principal, to_principal, to_dependent, "one-to-one", how, place)
        return _Relation(name, target, navigation.name, back, "many-to-one", how, place)

    def _one_to_one_sides(self, first: str, first_nav: str, second: str, second_nav: str) -> tuple[str, str, str, str]:
        """The dependent of a one-to-one is the side holding a foreign key to the other (EF Core refuses
        the model when neither or both do; then the first side read is taken as the dependent)."""
        probe = _Relation(second, first, second_nav, first_nav, "one-to-one", "", None)
        if self._matching_foreign_key(probe):
            return second, first, second_nav, first_nav
        return first, second, first_nav, second_nav

    def _configured(self, relation: RelationDraft, consumed: set[tuple[str, str]]) -> _Relation:
        consumed.add((relation.source, relation.navigation))
        if relation.inverse:
            consumed.add((relation.target, relation.inverse))
        if relation.reference and relation.inverse_reference is True:
            source_is_dependent = relation.dependent != relation.target
            kind = "one-to-one"
        elif not relation.reference and relation.inverse_reference is False:
            source_is_dependent, kind = True, "many-to-many"
        else:
            source_is_dependent, kind = relation.reference, "many-to-one"
        if source_is_dependent:
            made = _Relation(
                relation.source,
                relation.target,
                relation.navigation,
                relation.inverse,
                kind,
                relation.configured,
                relation.location,
            )
        else:
            made = _Relation(
                relation.target,
                relation.source,
                relation.inverse,
                relation.navigation,
                kind,
                relation.configured,
                relation.location,
            )
        made.foreign_key, made.principal_key, made.join = relation.foreign_key, relation.principal_key, relation.join
        return made

    def _principal_key(self, relation: _Relation) -> tuple[str, ...]:
        return relation.principal_key or self.key(relation.principal)

    def _foreign_key(self, relation: _Relation) -> tuple[tuple[str, ...], bool]:
        """The dependent's foreign key properties, and whether EF Core adds them as shadow properties."""
        if relation.foreign_key:
            return relation.foreign_key, False
        matched = self._matching_foreign_key(relation)
        if matched:
            return matched, False
        base = relation.to_principal or self._short(relation.principal)
        return tuple(base + k for k in self._principal_key(relation)), True

    def _matching_foreign_key(self, relation: _Relation) -> tuple[str, ...]:
        scalars, navigations = self.members[relation.dependent]
        by_name = {s.name.lower(): s for s in scalars}
        if relation.to_principal:
            navigation = next((n for n in navigations if n.name == relation.to_principal), None)
            named = attribute_strings(navigation.symbol, "ForeignKeyAttribute") if navigation else []
            if named:
                relation.configured = "attribute"
                return tuple(part.strip() for part in named[0].split(","))
            for scalar in scalars:
                if relation.to_principal in attribute_strings(scalar.symbol, "ForeignKeyAttribute"):
                    relation.configured = "attribute"
                    return (scalar.name,)
        principal_key = self._principal_key(relation)
        principal_short = self._short(relation.principal)
        for base in (relation.to_principal, principal_short):
            if not base:
                continue
            found = []
            for key in principal_key:
                wanted = [base + key]
                if key.lower().startswith(principal_short.lower()) and len(key) > len(principal_short):
                    wanted.append(base + key[len(principal_short) :])
                match = next((by_name[w.lower()] for w in wanted if w.lower() in by_name), None)
                if match is None:
                    break
                found.append(match.name)
            if len(found) == len(principal_key) and found:
                return tuple(found)
        return ()

    def _fk_view(self, relation: _Relation, fk: tuple[str, ...]) -> ForeignKey:
        return ForeignKey(
            fk,
            self._short(relation.principal),
            self._principal_key(relation),
            relation.kind,
            self._navigations(relation),
            relation.configured,
            relation.location,
        )

    def _navigations(self, relation: _Relation) -> str:
        sides = [
            f"{self._short(relation.dependent)}.{relation.to_principal}" if relation.to_principal else "",
            f"{self._short(relation.principal)}.{relation.to_dependent}" if relation.to_dependent else "",
        ]
        return " / ".join(side for side in sides if side)

    def _entity_name(self, type_symbol: Any) -> str:
        return full_name(type_symbol)
