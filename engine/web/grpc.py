"""gRPC services an app maps (``MapGrpcService<T>()``), as the HTTP endpoints they are.

gRPC serves each method of a service at ``POST /{package}.{Service}/{Method}``. The code Grpc.Tools
generates from the ``.proto`` file says both: the service's static class holds ``__ServiceName``
(``greet.Greeter``) and a ``__Method_<Name>`` descriptor per method, and its ``<Service>Base`` class
(marked ``[BindServiceMethod]``) declares a virtual method per rpc. The methods the mapped type
overrides are the code that runs; the others answer UNIMPLEMENTED and are not listed.
"""

from __future__ import annotations

from typing import Any

from ..models import Location
from ..symbols.describe import display, location_of, typed
from ..views.endpoints import Endpoint
from .routes import attached_authorization


def grpc_endpoints(service: Any, place: Location, authorization: str, project: str, token: Any) -> list[Endpoint]:
    """The endpoints of the gRPC service type ``service`` mapped at ``place`` (its overridden methods)."""
    base, generated = _bound_base(service)
    if base is None or generated is None:
        return []
    name = _service_name(generated, token)
    if not name:
        return []
    found = []
    for member in service.GetMembers():
        method = typed(member)
        if str(method.Kind) != "Method" or not method.IsOverride:
            continue
        overridden = method.OverriddenMethod
        while overridden is not None and not overridden.ContainingType.Equals(base, _default_comparer()):
            overridden = overridden.OverriddenMethod
        if overridden is None:
            continue
        location = location_of(method.Locations[0]) if method.Locations.Length else None
        attached = attached_authorization(method) or attached_authorization(service) or authorization
        found.append(
            Endpoint(("POST",), f"/{name}/{method.Name}", "gRPC", display(method), location or place, attached, project)
        )
    return found


def _bound_base(service: Any) -> tuple[Any, Any]:
    """The generated ``<Service>Base`` the type derives from and the static class it is bound by."""
    current = service.BaseType
    while current is not None:
        for attribute in current.GetAttributes():
            if (
                attribute.AttributeClass is not None
                and str(attribute.AttributeClass.Name) == "BindServiceMethodAttribute"
            ):
                bound = attribute.ConstructorArguments[0].Value if attribute.ConstructorArguments.Length else None
                # typeof(Greeter) arrives as an object: seen through its interface, as the API declares it
                return current, _named_type(bound) if bound is not None else current.ContainingType
        current = current.BaseType
    return None, None


def _named_type(value: Any) -> Any:
    from Microsoft.CodeAnalysis import INamedTypeSymbol  # type: ignore[import-not-found]

    return INamedTypeSymbol(value)


def _service_name(generated: Any, token: Any) -> str:
    """``greet.Greeter``: the initializer of the generated class's ``__ServiceName``."""
    for member in generated.GetMembers("__ServiceName"):
        for reference in member.DeclaringSyntaxReferences:
            initializer = getattr(reference.GetSyntax(token), "Initializer", None)
            value = getattr(initializer, "Value", None)
            token = getattr(value, "Token", None)
            if token is not None and isinstance(token.Value, str):
                return str(token.Value)
    return ""


def _default_comparer() -> Any:
    from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

    return SymbolEqualityComparer.Default
