"""The migrations' model snapshot (``[DbContext(typeof(X))] class XModelSnapshot : ModelSnapshot``) held
to the model read from the code: where they disagree, a migration is pending (``dotnet ef migrations
add`` would write one). Read from the snapshot's ``BuildModel`` as written: each
``modelBuilder.Entity("Name", b => ...)`` with its ``b.Property<T>("Name")`` calls (``IsRequired``,
``HasMaxLength``, ``HasColumnType``) and ``b.ToTable``. Owned types (nested ``OwnsMany`` blocks) are not
compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..host.interop import Operation
from ..symbols.describe import location_of, typed
from ..views.data_model import Entity, ModelProblem
from .types import derives_from, source_types

_SNAPSHOT = "Microsoft.EntityFrameworkCore.Infrastructure.ModelSnapshot"
KIND = "pending model changes"


@dataclass
class _Column:
    required: bool = False
    max_length: int | None = None
    store_type: str = ""


@dataclass
class _Entity:
    table: str = ""
    columns: dict[str, _Column] = field(default_factory=dict)


def snapshot_problems(
    compilation: Any, context: Any, entities: list[Entity], compare_types: bool, operation: Operation
) -> list[ModelProblem]:
    """Where ``context``'s snapshot (if the code has one) and its model read from the code differ."""
    snapshot = _snapshot_of(compilation, context)
    if snapshot is None:
        return []
    place = location_of(snapshot.Locations[0])
    written = _read(snapshot, compilation, operation)
    problems = []

    def problem(text: str) -> None:
        problems.append(ModelProblem(KIND, f"{snapshot.Name}: {text}", place))

    model = {e.name: e for e in entities if e.kind != "owned"}
    missing = [name for name in model if name not in written]
    if missing:
        problem(f"{len(missing)} of the model's entities are not in it: {', '.join(sorted(missing))}")
    gone = [name for name in written if name not in model and not _owned(name, entities)]
    if gone:
        problem(f"it has {', '.join(sorted(gone))}, which the model no longer has")
    for name, entity in sorted(model.items()):
        kept = written.get(name)
        if kept is None or entity.location is None:
            continue  # a library's entity (Identity's): its configuration is in the library's OnModelCreating
        if kept.table and kept.table != entity.table.split(".")[-1]:
            problem(f"{name}'s table is {entity.table} in the model, {kept.table} in the snapshot")
        for column in entity.columns:
            old = kept.columns.get(column.property)
            if old is None:
                problem(f"{name}.{column.property} is in the model, not in the snapshot")
                continue
            if column.max_length != old.max_length:
                problem(
                    f"{name}.{column.property}'s max length is {column.max_length} in the model, {old.max_length} in the snapshot"
                )
            # The snapshot says IsRequired of reference types only (a value type is required unless T?).
            reference = column.type.rstrip("?") in ("string", "byte[]") and column.property not in entity.key
            if reference and (not column.nullable) != old.required:
                problem(
                    f"{name}.{column.property} is {'required' if not column.nullable else 'optional'} in the model, "
                    f"{'required' if old.required else 'optional'} in the snapshot"
                )
            if (
                compare_types
                and column.store_type
                and old.store_type
                and _same(column.store_type, old.store_type) is False
            ):
                problem(
                    f"{name}.{column.property} is {column.store_type} in the model, {old.store_type} in the snapshot"
                )
        for removed in sorted(set(kept.columns) - {c.property for c in entity.columns}):
            problem(f"{name}.{removed} is in the snapshot, no longer in the model")
    return problems


def _same(ours: str, theirs: str) -> bool:
    return ours.replace(" ", "").lower() == theirs.replace(" ", "").lower()


def _owned(name: str, entities: list[Entity]) -> bool:
    return any(e.name == name and e.kind == "owned" for e in entities)


def _snapshot_of(compilation: Any, context: Any) -> Any:
    base = compilation.GetTypeByMetadataName(_SNAPSHOT)
    if base is None:
        return None
    for candidate in source_types(compilation):
        if not derives_from(candidate, base):
            continue
        for attribute in candidate.GetAttributes():
            if attribute.AttributeClass is None or str(attribute.AttributeClass.Name) != "DbContextAttribute":
                continue
            # typeof(X)'s value comes through as Roslyn's internal symbol: compared by its full name.
            given = [a.Value for a in attribute.ConstructorArguments]
            if given and str(given[0]) == str(context):
                return candidate
    return None


def _read(snapshot: Any, compilation: Any, operation: Operation) -> dict[str, _Entity]:
    from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
        InvocationExpressionSyntax,
        MemberAccessExpressionSyntax,
    )
    from System.Linq import Enumerable  # type: ignore[import-not-found]

    found: dict[str, _Entity] = {}
    for member in snapshot.GetMembers("BuildModel"):
        for reference in typed(member).DeclaringSyntaxReferences:
            body = reference.GetSyntax(operation.token)
            model = compilation.GetSemanticModel(body.SyntaxTree)
            for node in Enumerable.OfType[InvocationExpressionSyntax](body.DescendantNodes()):
                access = node.Expression
                if (
                    not isinstance(access, MemberAccessExpressionSyntax)
                    or str(access.Name.Identifier.ValueText) != "Entity"
                ):
                    continue
                if str(access.Expression) != "modelBuilder" or node.ArgumentList.Arguments.Count < 2:
                    continue
                name = _constant(model, node.ArgumentList.Arguments[0].Expression, operation)
                if not isinstance(name, str):
                    continue
                entity = found.setdefault(name.split(".")[-1], _Entity())
                _read_block(node.ArgumentList.Arguments[1].Expression, entity, model, operation)
    return found


def _read_block(block: Any, entity: _Entity, model: Any, operation: Operation) -> None:
    """``b => { b.Property<T>("X").IsRequired()...; b.ToTable("T"); }``: only the block's own calls."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
        ExpressionStatementSyntax,
        InvocationExpressionSyntax,
        MemberAccessExpressionSyntax,
    )

    body = getattr(block, "Body", None)
    statements = list(getattr(body, "Statements", []) or [])
    for statement in statements:
        if not isinstance(statement, ExpressionStatementSyntax):
            continue
        calls: list[tuple[str, Any]] = []
        current = statement.Expression
        while isinstance(current, InvocationExpressionSyntax) and isinstance(
            current.Expression, MemberAccessExpressionSyntax
        ):
            calls.insert(0, (str(current.Expression.Name.Identifier.ValueText), current))
            current = current.Expression.Expression
        if not calls:
            continue
        first, call = calls[0]
        arguments = [_constant(model, a.Expression, operation) for a in call.ArgumentList.Arguments]
        if first == "ToTable" and arguments and isinstance(arguments[0], str):
            entity.table = arguments[0]
        if first != "Property" or not arguments or not isinstance(arguments[0], str):
            continue
        column = entity.columns.setdefault(arguments[0], _Column())
        for name, each in calls[1:]:
            values = [_constant(model, a.Expression, operation) for a in each.ArgumentList.Arguments]
            if name == "IsRequired":
                column.required = not values or values[0] is not False
            elif name == "HasMaxLength" and values and isinstance(values[0], int):
                column.max_length = values[0]
            elif name == "HasColumnType" and values and isinstance(values[0], str):
                column.store_type = values[0]


def _constant(model: Any, expression: Any, operation: Operation) -> Any:
    value = model.GetConstantValue(expression, operation.token)
    return value.Value if value.HasValue else None
