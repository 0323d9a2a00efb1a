"""The Fluent API of a context, read call by call: ``OnModelCreating``, the methods it hands the builder
to, and the ``IEntityTypeConfiguration<T>.Configure`` methods it applies.

Each chain of calls (``modelBuilder.Entity<Order>().Property(o => o.Total).HasColumnName("total")``) is
read from its receiver's type: what a builder configures is in its type (``EntityTypeBuilder<Order>``,
``OwnedNavigationBuilder<Customer, Address>``), and each call's return type says what the next one
configures. Calls that shape entities, keys, tables, columns and relationships are followed; those that
only constrain or annotate (``IsRequired``, ``HasIndex``...) are known and left alone; any other call on
an EF Core builder is named as not understood, never guessed at.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..host.interop import Operation
from ..symbols.describe import display, full_name, location_of, typed
from . import ef_facets as facets
from .ef_drafts import ModelDraft, RelationDraft
from .ef_types import navigation_target

# Calls that change nothing this model shows (constraints, values, indexes, annotations, behaviour).
_NO_SHAPE = {
    "IsRequired",
    "HasMaxLength",
    "HasPrecision",
    "HasConversion",
    "HasDefaultValue",
    "HasDefaultValueSql",
    "HasComputedColumnSql",
    "ValueGeneratedOnAdd",
    "ValueGeneratedOnUpdate",
    "ValueGeneratedOnAddOrUpdate",
    "ValueGeneratedNever",
    "IsConcurrencyToken",
    "IsRowVersion",
    "IsUnicode",
    "IsFixedLength",
    "HasColumnType",
    "HasComment",
    "HasAnnotation",
    "UseIdentityColumn",
    "HasField",
    "UsePropertyAccessMode",
    "HasColumnOrder",
    "HasSentinel",
    "HasValueGenerator",
    "HasIndex",
    "IsUnique",
    "HasDatabaseName",
    "HasFilter",
    "IsDescending",
    "HasData",
    "HasQueryFilter",
    "HasChangeTrackingStrategy",
    "Navigation",
    "AutoInclude",
    "IsSparse",
    "OnDelete",
    "HasConstraintName",
    "HasName",
    "HasSequence",
    "UseCollation",
    "HasDbFunction",
    "IsMemoryOptimized",
    "HasCheckConstraint",
    "ToJson",
    "HasJsonPropertyName",
    "UseHiLo",
    "HasTrigger",
    "IsClustered",
    "HasNoDiscriminator",
    "HasDiscriminator",
    "HasValue",
    "IsComplete",
    "HasAlternateKey",
    "SplitToTable",
    "Metadata",
    "UseSqlOutputClause",
    "WithOwner",
}
_STRATEGIES = {"UseTptMappingStrategy": "TPT", "UseTpcMappingStrategy": "TPC", "UseTphMappingStrategy": ""}


@dataclass
class _Subject:
    """What the next call of a chain configures."""

    kind: str  # model, entity, property, relation, other
    entity: str = ""
    property: str = ""
    relation: RelationDraft | None = None


def configuration_entity(type_symbol: Any) -> Any:
    """``T`` of a class implementing ``IEntityTypeConfiguration<T>``, else ``None``."""
    for interface in type_symbol.AllInterfaces:
        interface = typed(interface)
        if str(interface.Name) == "IEntityTypeConfiguration" and interface.TypeArguments.Length == 1:
            return typed(interface.TypeArguments[0])
    return None


class FluentReader:
    """Reads the Fluent API of one context into its draft."""

    def __init__(self, draft: ModelDraft, compilation: Any, operation: Operation, configurations: list[Any]) -> None:
        self.draft = draft
        self.compilation = compilation
        self.operation = operation
        self.configurations = configurations
        """The project's ``IEntityTypeConfiguration<T>`` classes (for ``ApplyConfigurationsFromAssembly``)."""
        self.applied: set[str] = set()
        self._read: set[str] = set()

    def read(self, method: Any) -> None:
        """Follow the Fluent API of ``method`` (a source method symbol) and of what it calls with a builder."""
        key = str(method.GetDocumentationCommentId() or method.ToDisplayString())
        if key in self._read:
            return
        self._read.add(key)
        for reference in method.DeclaringSyntaxReferences:
            syntax = reference.GetSyntax(self.operation.token)
            model = self.compilation.GetSemanticModel(syntax.SyntaxTree)
            for calls, root in _chains(syntax):
                self.operation.check()
                self._chain(model, calls, root)

    def apply(self, configuration: Any) -> None:
        self.applied.add(full_name(configuration))
        for member in configuration.GetMembers("Configure"):
            member = typed(member)
            if member.DeclaringSyntaxReferences.Length:
                self.read(member)

    # -- a chain ---------------------------------------------------------------------------------------

    def _chain(self, model: Any, calls: list[Any], root: Any) -> None:
        root_type = model.GetTypeInfo(root, self.operation.token).Type
        subject = self._subject_of(typed(root_type)) if root_type is not None else None
        for call in calls:
            info = model.GetSymbolInfo(call, self.operation.token)
            method = typed(info.Symbol) if info.Symbol is not None else None
            if method is None:
                return
            if not _is_ef(method):
                if subject is not None and method.DeclaringSyntaxReferences.Length:
                    self.read(method.ReducedFrom or method)  # the solution's own helper, given the builder
                return
            if subject is None:
                return
            subject = self._call(model, call, method, subject)

    def _subject_of(self, type_symbol: Any, previous: _Subject | None = None) -> _Subject | None:
        """What a value of this builder type configures; ``None`` for a type that is no EF Core builder."""
        name = str(type_symbol.Name)
        if not _is_ef(type_symbol):
            return None
        arguments = [typed(t) for t in type_symbol.TypeArguments] if hasattr(type_symbol, "TypeArguments") else []
        if name == "ModelBuilder":
            return _Subject("model")
        if name == "EntityTypeBuilder" and arguments:
            return _Subject("entity", self._entity(arguments[0]))
        if name == "OwnedNavigationBuilder" and len(arguments) == 2:
            return _Subject("entity", self._entity(arguments[1]))
        if previous is not None and name.startswith(("PropertyBuilder", "ComplexPropertyBuilder")):
            return _Subject("property", previous.entity, previous.property)
        if (
            previous is not None
            and previous.relation is not None
            and "Builder" in name
            and (name.startswith(("Reference", "Collection")))
        ):
            return _Subject("relation", previous.entity, relation=previous.relation)
        if name == "EntityTypeBuilder" and previous is not None:
            return _Subject("entity", previous.entity)
        return _Subject("other", previous.entity if previous else "")

    def _entity(self, type_symbol: Any) -> str:
        draft = self.draft.entity(type_symbol)
        return draft.name if draft is not None else ""

    def _call(self, model: Any, call: Any, method: Any, subject: _Subject) -> _Subject | None:
        name = str(method.Name)
        arguments = list(call.ArgumentList.Arguments)
        type_arguments = [typed(t) for t in method.TypeArguments]
        place = location_of(call.GetLocation())
        handled = True
        following = _Subject(subject.kind, subject.entity, subject.property, subject.relation)
        if subject.kind == "model":
            handled = self._model_call(model, name, arguments, type_arguments)
        elif subject.kind == "entity" and subject.entity:
            entity = self.draft.entities[subject.entity]
            if name in ("ToTable", "ToView") and arguments:
                values = [v for v in (self._string(model, a.Expression) for a in arguments) if v is not None]
                if values:
                    entity.table = values[0]
                    entity.schema = values[1] if len(values) > 1 else entity.schema
            elif name == "HasKey":
                entity.key = tuple(self._members(model, arguments))
            elif name == "HasNoKey":
                entity.keyless = True
            elif name == "Property":
                following.property = (self._members(model, arguments) or [""])[0]
                if type_arguments and arguments and self._string(model, arguments[0].Expression):
                    entity.shadow.setdefault(following.property, display(type_arguments[0]))
            elif name == "Ignore":
                entity.ignored.update(self._members(model, arguments))
            elif name in ("HasOne", "HasMany", "OwnsOne", "OwnsMany"):
                following = self._navigation_call(model, name, arguments, type_arguments, method, subject, place)
            elif name in _STRATEGIES:
                entity.strategy = _STRATEGIES[name]
            elif name == "HasBaseType" or name == "ComplexProperty":
                pass  # the base is read from the type; a complex property's columns stay in its owner's table
            elif name not in _NO_SHAPE:
                handled = False
        elif subject.kind == "property":
            entity = self.draft.entities[subject.entity]
            if name == "HasColumnName" and arguments:
                value = self._string(model, arguments[0].Expression)
                if value is not None and subject.property:
                    entity.column_names[subject.property] = value
            elif subject.property and facets.fluent(
                entity.facets.setdefault(subject.property, facets.Facets()),
                name,
                [self._constant(model, a.Expression) for a in arguments],
            ):
                pass
            elif name not in _NO_SHAPE:
                handled = False
        elif subject.kind == "relation" and subject.relation is not None:
            handled = self._relation_call(model, name, arguments, type_arguments, subject.relation)
        elif name not in _NO_SHAPE:
            handled = False
        if not handled:
            self.draft.problem("not understood", f"{_receiver_name(method)}.{name}(...)", place)
        returned = typed(method.ReturnType)
        return self._subject_of(returned, following) if returned is not None else None

    def _model_call(self, model: Any, name: str, arguments: list[Any], type_arguments: list[Any]) -> bool:
        target = type_arguments[0] if type_arguments else self._typeof(model, arguments)
        if name == "Entity":
            if target is not None:
                self.draft.entity(target)
        elif name == "Owned" and target is not None:
            self.draft.owned_types.add(full_name(target))
        elif name == "Ignore" and target is not None:
            self.draft.ignored_types.add(full_name(target))
            self.draft.entities.pop(full_name(target), None)
        elif name == "ApplyConfiguration" and arguments:
            made = model.GetTypeInfo(arguments[0].Expression, self.operation.token).Type
            if made is not None:
                self.apply(typed(made))
        elif name == "ApplyConfigurationsFromAssembly":
            for configuration in self.configurations:
                self.apply(configuration)
        elif name == "HasDefaultSchema" and arguments:
            self.draft.schema = self._string(model, arguments[0].Expression) or ""
        else:
            return name in _NO_SHAPE
        return True

    def _navigation_call(
        self,
        model: Any,
        name: str,
        arguments: list[Any],
        type_arguments: list[Any],
        method: Any,
        subject: _Subject,
        place: Any,
    ) -> _Subject:
        navigation = next(iter(self._members(model, arguments[:1])), "")
        target = type_arguments[0] if type_arguments else self._navigation_type(subject.entity, navigation)
        if target is None:
            return _Subject("other", subject.entity)
        target_name = self._entity(target)
        if name.startswith("Owns"):
            owned = self.draft.entities.get(target_name)
            if owned is not None:
                owned.owner, owned.owner_navigation, owned.owned_many = subject.entity, navigation, name == "OwnsMany"
            return _Subject("entity", target_name)
        relation = RelationDraft(subject.entity, target_name, navigation, name == "HasOne", location=place)
        self.draft.relations.append(relation)
        return _Subject("relation", subject.entity, relation=relation)

    def _relation_call(
        self, model: Any, name: str, arguments: list[Any], type_arguments: list[Any], relation: RelationDraft
    ) -> bool:
        if name in ("WithOne", "WithMany"):
            relation.inverse = next(iter(self._members(model, arguments[:1])), "")
            relation.inverse_reference = name == "WithOne"
        elif name in ("HasForeignKey", "HasPrincipalKey"):
            members = tuple(self._members(model, arguments))
            if name == "HasForeignKey":
                relation.foreign_key = members
            else:
                relation.principal_key = members
            if type_arguments:
                named = full_name(type_arguments[0])
                if name == "HasForeignKey":
                    relation.dependent = named
                else:
                    relation.dependent = relation.target if named == relation.source else relation.source
        elif name == "UsingEntity":
            join = full_name(type_arguments[0]) if type_arguments else None
            strings = [v for v in (self._string(model, a.Expression) for a in arguments) if v is not None]
            relation.join = join if join is not None else (strings[0] if strings else "")
            return bool(relation.join)
        else:
            return name in _NO_SHAPE
        return True

    # -- arguments -------------------------------------------------------------------------------------

    def _navigation_type(self, entity: str, navigation: str) -> Any:
        draft = self.draft.entities.get(entity)
        if draft is None or not navigation:
            return None
        current = draft.symbol
        while current is not None:
            for member in current.GetMembers(navigation):
                if str(member.Kind) == "Property":
                    return navigation_target(typed(member).Type)[0]
            current = current.BaseType
        return None

    def _constant(self, model: Any, expression: Any) -> Any:
        """The value of a constant argument (``80``, ``"date"``, ``false``), else ``None``."""
        value = model.GetConstantValue(expression, self.operation.token)
        return value.Value if value.HasValue else None

    def _string(self, model: Any, expression: Any) -> str | None:
        constant = model.GetConstantValue(expression, self.operation.token)
        return str(constant.Value) if constant.HasValue and isinstance(constant.Value, str) else None

    def _typeof(self, model: Any, arguments: list[Any]) -> Any:
        if arguments and str(arguments[0].Expression.GetType().Name) == "TypeOfExpressionSyntax":
            found = model.GetTypeInfo(arguments[0].Expression.Type, self.operation.token).Type
            return typed(found) if found is not None else None
        return None

    def _members(self, model: Any, arguments: list[Any]) -> list[str]:
        """Property names as the call gives them: ``o => o.Number``, ``o => new { o.A, o.B }``, strings,
        ``nameof``."""
        names: list[str] = []
        for argument in arguments:
            expression = argument.Expression
            text = self._string(model, expression)
            if text is not None:
                names.append(text)
                continue
            body = getattr(expression, "ExpressionBody", None)
            if body is None:
                continue
            kind = str(body.GetType().Name)
            if kind == "MemberAccessExpressionSyntax":
                names.append(str(body.Name.Identifier.ValueText))
            elif kind == "AnonymousObjectCreationExpressionSyntax":
                for initializer in body.Initializers:
                    member = initializer.Expression
                    if str(member.GetType().Name) == "MemberAccessExpressionSyntax":
                        names.append(str(member.Name.Identifier.ValueText))
        return names


def _is_ef(symbol: Any) -> bool:
    namespace = symbol.ContainingNamespace
    return namespace is not None and full_name(namespace).startswith("Microsoft.EntityFrameworkCore")


def _receiver_name(method: Any) -> str:
    original = method.ReducedFrom or method
    receiver = original.Parameters[0].Type if original.IsExtensionMethod and original.Parameters.Length else None
    return str((receiver or method.ContainingType).Name)


def _chains(syntax: Any) -> Iterator[tuple[list[Any], Any]]:
    """``(calls, root)`` of every chain of member calls in ``syntax``, outermost chains only, calls in
    order: ``b.Entity<T>().ToTable("t")`` is ``([Entity<T>(), ToTable("t")], b)``."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
        InvocationExpressionSyntax,
        MemberAccessExpressionSyntax,
    )
    from System.Linq import Enumerable  # type: ignore[import-not-found]

    for node in Enumerable.OfType[InvocationExpressionSyntax](syntax.DescendantNodes()):
        parent = node.Parent
        if isinstance(parent, MemberAccessExpressionSyntax) and isinstance(parent.Parent, InvocationExpressionSyntax):
            continue  # inside a longer chain: read with it
        calls = []
        current = node
        while isinstance(current, InvocationExpressionSyntax) and isinstance(
            current.Expression, MemberAccessExpressionSyntax
        ):
            calls.append(current)
            current = current.Expression.Expression
        if calls:
            yield list(reversed(calls)), current
