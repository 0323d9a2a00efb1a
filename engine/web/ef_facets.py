"""A column's facets as EF Core sets them: whether it takes null, its length, precision and scale, the
store type configured, and how its value is generated, from the property's type and nullability, its
data annotations and the Fluent API (which wins over an annotation, as EF Core applies them).

EF Core 10's conventions followed: a reference type is optional unless nullable reference types are
on and it is not annotated ``?`` (or ``[Required]``/``IsRequired``); a value type is optional only as
``Nullable<T>``; a key is never optional; a single-property key of an integer type or ``Guid`` that is no
foreign key is generated on add; ``[Timestamp]``/``IsRowVersion`` is generated on add or update and is a
concurrency token.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .ef_types import attribute, named_argument

GENERATED_KEY_TYPES = {"int", "long", "short", "Guid", "System.Guid"}
"""Key types EF Core generates values for on add (a single-property key that is no foreign key)."""
_GENERATED = {
    "ValueGeneratedNever": "never",
    "ValueGeneratedOnAdd": "on add",
    "ValueGeneratedOnUpdate": "on update",
    "ValueGeneratedOnAddOrUpdate": "on add or update",
}
_DATABASE_GENERATED = {"0": "never", "1": "on add", "2": "on add or update"}
"""``DatabaseGeneratedOption`` None, Identity, Computed."""


@dataclass
class Facets:
    """What the code configures of one property (``None``: not configured, the convention decides)."""

    required: bool | None = None
    max_length: int | None = None
    precision: int | None = None
    scale: int | None = None
    column_type: str = ""
    value_generated: str = ""
    concurrency_token: bool = False
    configured: list[str] = field(default_factory=list)
    """How: ``attribute``, ``Fluent API``."""

    def merged(self, fluent: Facets) -> Facets:
        """These (from annotations) with what the Fluent API sets over them."""
        return replace(
            self,
            required=fluent.required if fluent.required is not None else self.required,
            max_length=fluent.max_length if fluent.max_length is not None else self.max_length,
            precision=fluent.precision if fluent.precision is not None else self.precision,
            scale=fluent.scale if fluent.scale is not None else self.scale,
            column_type=fluent.column_type or self.column_type,
            value_generated=fluent.value_generated or self.value_generated,
            concurrency_token=fluent.concurrency_token or self.concurrency_token,
        )


def annotated(prop: Any) -> Facets:
    """The facets a property's data annotations set."""
    facets = Facets()
    if attribute(prop, "RequiredAttribute") is not None:
        facets.required = True
    for name in ("MaxLengthAttribute", "StringLengthAttribute"):
        found = attribute(prop, name)
        if found is not None and found.ConstructorArguments.Length and found.ConstructorArguments[0].Value is not None:
            facets.max_length = int(found.ConstructorArguments[0].Value)
    precision = attribute(prop, "PrecisionAttribute")
    if precision is not None:
        values = [int(a.Value) for a in precision.ConstructorArguments if a.Value is not None]
        facets.precision = values[0] if values else None
        facets.scale = values[1] if len(values) > 1 else None
    facets.column_type = named_argument(prop, "ColumnAttribute", "TypeName")
    generated = attribute(prop, "DatabaseGeneratedAttribute")
    if generated is not None and generated.ConstructorArguments.Length:
        facets.value_generated = _DATABASE_GENERATED.get(str(generated.ConstructorArguments[0].Value), "")
    if attribute(prop, "TimestampAttribute") is not None:
        facets.value_generated = "on add or update"
        facets.concurrency_token = True
    if attribute(prop, "ConcurrencyCheckAttribute") is not None:
        facets.concurrency_token = True
    return facets


def fluent(facets: Facets, name: str, values: list[Any]) -> bool:
    """Apply the property builder's call ``name(values...)`` (constants read from the code); whether it
    is one of the facets'."""
    if name == "IsRequired":
        facets.required = bool(values[0]) if values and isinstance(values[0], bool) else True
    elif name == "HasMaxLength" and values and isinstance(values[0], int):
        facets.max_length = values[0]
    elif name == "HasPrecision" and values and isinstance(values[0], int):
        facets.precision = values[0]
        facets.scale = values[1] if len(values) > 1 and isinstance(values[1], int) else None
    elif name == "HasColumnType" and values and isinstance(values[0], str):
        facets.column_type = values[0]
    elif name in _GENERATED:
        facets.value_generated = _GENERATED[name]
    elif name == "IsRowVersion":
        facets.value_generated = "on add or update"
        facets.concurrency_token = True
    elif name == "IsConcurrencyToken":
        facets.concurrency_token = not values or values[0] is not False
    else:
        return False
    return True


def optional(prop: Any) -> bool:
    """Whether EF Core would let the property's column take null by its type alone."""
    kind = prop.Type
    if bool(kind.IsValueType):
        return str(kind.OriginalDefinition.SpecialType) == "System_Nullable_T"
    return str(prop.NullableAnnotation) != "NotAnnotated"
