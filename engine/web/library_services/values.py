"""What the library's code evaluates to where the code alone says: constants, types, objects it makes,
the descriptors it gives the container; and the names of the container's own types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLLECTION = "Microsoft.Extensions.DependencyInjection.IServiceCollection"
DESCRIPTOR = "Microsoft.Extensions.DependencyInjection.ServiceDescriptor"
LIFETIMES = {0: "singleton", 1: "scoped", 2: "transient"}
"""``ServiceLifetime``'s values."""


class _Unknown:
    def __repr__(self) -> str:
        return "unknown"


UNKNOWN = _Unknown()
"""A value only the running code knows."""


@dataclass(frozen=True)
class TypeValue:
    """``typeof(T)``, as a type of the app's compilation."""

    symbol: Any


@dataclass(frozen=True, eq=False)
class Made:
    """Something the code makes, so never null: a lambda, or an object (``new IdentityBuilder(typeof(TUser),
    services)``) with what its constructor was given, by parameter name: what its properties answer
    (``UserType`` from ``user``)."""

    given: tuple[tuple[str, Any], ...] = ()

    def property(self, name: str) -> Any:
        wanted = name.lower()
        for parameter, value in self.given:
            if parameter.lower() in (wanted, wanted.removesuffix("type")):
                return value
        return UNKNOWN


@dataclass(frozen=True)
class Described:
    """A ``ServiceDescriptor`` the code makes."""

    lifetime: str
    service: Any
    implementation: Any
    """The type made, else ``factory`` or ``instance``."""
    key: str = ""


@dataclass(frozen=True)
class Added:
    """A service the library's code adds, as the container would hold it."""

    lifetime: str
    service: Any
    implementation: Any
    """A type symbol, or ``factory`` / ``instance``."""
    how: str
    """The call that adds it: ``TryAddScoped``, ``TryAddEnumerable``, ``Add``, ``Replace``..."""
    key: str
    chain: tuple[str, ...]
    """The library methods from the app's call to the one that adds it."""
    condition: str = ""
    """An ``if`` the code could not decide, as written."""


def lifetime_in(name: str) -> str | None:
    """``singleton`` of ``TryAddSingleton``, ``ServiceDescriptor.KeyedSingleton``..."""
    for word in ("Singleton", "Scoped", "Transient"):
        if name.endswith(word):
            return word.lower()
    return None


def named(type_symbol: Any) -> str:
    """A type's full name without its type arguments: the same whichever import the symbol came from."""
    return str(type_symbol.OriginalDefinition).split("<")[0]


def compared(kind: str, left: Any, right: Any) -> Any:
    """``left <kind> right`` (a ``BinaryOperatorKind``) where the values decide it, else ``UNKNOWN``."""
    if kind in ("ConditionalAnd", "And") and (left is False or right is False):
        return False
    if kind in ("ConditionalOr", "Or") and (left is True or right is True):
        return True
    if left is UNKNOWN or right is UNKNOWN:
        return UNKNOWN
    if isinstance(left, Made) or isinstance(right, Made):
        return kind == "NotEquals" if None in (left, right) else UNKNOWN
    if kind == "Equals":
        return left == right
    if kind == "NotEquals":
        return left != right
    if kind in ("ConditionalAnd", "And", "ConditionalOr", "Or") and isinstance(left, bool) and isinstance(right, bool):
        return left and right if "And" in kind else left or right
    return UNKNOWN


def joined(condition: str, more: str) -> str:
    return f"{condition} && {more}" if condition else more
