"""Every HTTP endpoint of the solution's web projects, read from the compilation (the app never runs).

- gRPC services mapped with ``MapGrpcService<T>``: each method ``T`` implements (``grpc``).
- Minimal APIs: ``Map{Get,Post,Put,Delete,Patch,Methods}`` and ``MapHub<T>`` on the app or on a
  ``MapGroup``, whose prefixes are followed through local variables and chained groups; the
  conventions chained on an endpoint or a group (``RequireAuthorization``, ``AllowAnonymous``).
- Controllers (``ControllerBase`` or ``[ApiController]``/``[Controller]``): ``[Route]`` on the class and
  the action, ``[Http*]`` templates, ``[controller]`` and ``[action]`` tokens; actions with no attribute
  route follow the conventional routes the app maps (``MapControllerRoute``, ``MapDefaultControllerRoute``).
- Razor Pages: a ``.cshtml`` under ``Pages/`` with ``@page`` (its folder route and template), its
  model's ``On{Verb}`` handlers giving the methods.
- Blazor components: every ``@page`` route of a ``.razor`` file.

Authorization is what is attached where the endpoint is declared: ``[Authorize]`` (with its policy)
and ``[AllowAnonymous]`` on the handler, its class or the file, and the group and endpoint conventions.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import display, location_of, typed
from ..views.endpoints import ANY, Endpoint, EndpointList, endpoint_list
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .framework_endpoints import MAPS as FRAMEWORK_MAPS
from .framework_endpoints import Call, framework_endpoints, hub_negotiation
from .grpc import grpc_endpoints
from .pages import razor_endpoints
from .routes import attached_authorization, attribute_template, combined
from .types import derives_from, source_types

_VERBS = {"MapGet": "GET", "MapPost": "POST", "MapPut": "PUT", "MapDelete": "DELETE", "MapPatch": "PATCH"}
_MAPS = {
    *_VERBS,
    "MapMethods",
    "MapHub",
    "MapGrpcService",
    "MapGroup",
    "MapControllerRoute",
    "MapDefaultControllerRoute",
    *FRAMEWORK_MAPS,
}
_HTTP_ATTRIBUTES = {
    "HttpGetAttribute": "GET",
    "HttpPostAttribute": "POST",
    "HttpPutAttribute": "PUT",
    "HttpDeleteAttribute": "DELETE",
    "HttpPatchAttribute": "PATCH",
    "HttpHeadAttribute": "HEAD",
    "HttpOptionsAttribute": "OPTIONS",
}
_DEFAULT_CONVENTIONAL = "{controller=Home}/{action=Index}/{id?}"
_CHAIN_DEPTH = 32


@query(scope="every_project")
def endpoints(
    snapshot: Snapshot, operation: Operation, project: str | None = None, route: str | None = None
) -> EndpointList:
    """Every endpoint of the solution (or of ``project``), those whose route matches ``route`` (a part
    of it, or a ``*`` pattern) when given, ordered by route."""
    chosen = snapshot.chosen_projects(project)
    items: list[Endpoint] = []
    for each in chosen:
        operation.check()
        compilation = snapshot.compilation(each, operation)
        name = display_name(each)
        # A component's @page is a route wherever it is declared: a WebAssembly project's components
        # are served by the app that references it.
        items += razor_endpoints(each, compilation, operation, name)
        if compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Routing.IEndpointRouteBuilder") is None:
            continue  # maps no route itself
        walk = RouteWalk(compilation, operation, name)
        walk.output = Path(str(each.OutputFilePath)) if each.OutputFilePath else None
        items += walk.minimal_apis()
        items += walk.controllers()
    if route:
        items = [item for item in items if _route_matches(item.route, route)]
    return endpoint_list(str(snapshot.root), items)


def _route_matches(template: str, wanted: str) -> bool:
    wanted = wanted.strip().lower()
    if any(mark in wanted for mark in "*?["):
        return fnmatch.fnmatchcase(template.lower(), wanted)
    return wanted in template.lower()


@dataclass
class _Conventions:
    authorization: str = ""

    def add(self, name: str, arguments: list[str]) -> None:
        if self.authorization:
            return  # the one nearest the endpoint wins: read from the endpoint outwards
        if name == "AllowAnonymous":
            self.authorization = "anonymous"
        elif name == "RequireAuthorization":
            policies = [a for a in arguments if a]
            self.authorization = f"authorized (policy {', '.join(policies)})" if policies else "authorized"


class RouteWalk:
    """One project's compilation, walked for minimal APIs and controllers."""

    def __init__(self, compilation: Any, operation: Operation, project: str) -> None:
        self.compilation = compilation
        self.operation = operation
        self.project = project
        self.conventional: list[str] = []
        self._invocations: list[tuple[Any, Any, str]] | None = None
        self.output: Path | None = None
        """The project's output assembly (where the static assets' manifest is)."""
        self._models: dict[str, Any] = {}

    def _model(self, tree: Any) -> Any:
        """One semantic model a tree: a new one binds everything again (the prefix walk asks per call)."""
        path = str(tree.FilePath)
        if path not in self._models:
            self._models[path] = self.compilation.GetSemanticModel(tree)
        return self._models[path]

    # -- minimal APIs -------------------------------------------------------------------------------

    def invocations(self) -> list[tuple[Any, Any, str]]:
        """``(invocation, semantic model, method name)`` of every ``Map...`` call in the project's own code."""
        if self._invocations is None:
            from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
                InvocationExpressionSyntax,
                MemberAccessExpressionSyntax,
            )
            from System.Linq import Enumerable  # type: ignore[import-not-found]

            found = []
            for tree in self.compilation.SyntaxTrees:
                self.operation.check()
                if ".Map" not in str(tree.GetText(self.operation.token)):
                    continue  # a cheap filter: the walk below crosses into .NET per node
                model = self._model(tree)
                nodes = tree.GetRoot(self.operation.token).DescendantNodes()
                for node in Enumerable.OfType[InvocationExpressionSyntax](nodes):
                    access = node.Expression
                    if not isinstance(access, MemberAccessExpressionSyntax):
                        continue
                    name = str(access.Name.Identifier.ValueText)
                    if name in _MAPS and self._is_aspnet(model, node):
                        found.append((node, model, name))
            self._invocations = found
        return self._invocations

    def _is_aspnet(self, model: Any, node: Any) -> bool:
        symbol = self._method(model, node)
        return symbol is not None and str(symbol.ContainingNamespace.ToDisplayString()).startswith(
            "Microsoft.AspNetCore"
        )

    def _method(self, model: Any, node: Any) -> Any:
        info = model.GetSymbolInfo(node, self.operation.token)
        if info.Symbol is not None:
            return info.Symbol
        return info.CandidateSymbols[0] if info.CandidateSymbols.Length else None

    def minimal_apis(self) -> list[Endpoint]:
        found = []
        for node, model, name in self.invocations():
            if name == "MapControllerRoute":
                pattern = self._argument_text(model, node, "pattern", 1)
                if pattern:
                    self.conventional.append(pattern)
                continue
            if name == "MapDefaultControllerRoute":
                self.conventional.append(_DEFAULT_CONVENTIONAL)
                continue
            if name == "MapGroup":
                continue
            prefix, group_conventions = self._prefix(model, node.Expression.Expression, 0)
            template = self._argument_text(model, node, "pattern", 0) or ""
            conventions = _Conventions()
            self._endpoint_conventions(node, conventions)
            for convention in group_conventions:
                conventions.add(*convention)
            if name == "MapGrpcService":
                mapped = typed(self._method(model, node))
                if mapped is not None and mapped.TypeArguments.Length:
                    service = typed(mapped.TypeArguments[0])
                    found += grpc_endpoints(
                        service, self._place(node), conventions.authorization, self.project, self.operation.token
                    )
                continue
            if name == "MapHub":
                hub = typed(self._method(model, node))
                handler = display(hub.TypeArguments[0]) if hub is not None and hub.TypeArguments.Length else "hub"
                location = self._place(node)
                mapped = Endpoint(
                    ANY, combined(prefix, template), "hub", handler, location, conventions.authorization, self.project
                )
                found += [mapped, hub_negotiation(mapped)]
                continue
            if name in FRAMEWORK_MAPS:
                found += framework_endpoints(self._framework_call(model, node, name, prefix, conventions))
                continue
            methods = (_VERBS[name],) if name in _VERBS else self._listed_methods(model, node)
            delegate = node.ArgumentList.Arguments[node.ArgumentList.Arguments.Count - 1].Expression
            handler, location, attached = self._handler(model, delegate)
            authorization = attached or conventions.authorization
            found.append(
                Endpoint(
                    methods, combined(prefix, template), "minimal API", handler, location, authorization, self.project
                )
            )
        return found

    def _framework_call(self, model: Any, node: Any, name: str, prefix: str, conventions: _Conventions) -> Call:
        arguments = node.ArgumentList.Arguments
        handler, place = name, self._place(node)
        if name == "MapFallback" and arguments.Count:
            handler, place, attached = self._handler(model, arguments[arguments.Count - 1].Expression)
            conventions.authorization = conventions.authorization or attached
        # A route pattern where the call takes one (its default too: MapOpenApi's); MapStaticAssets' is a
        # manifest's path.
        given = self._parameter_value(
            model, node, "staticAssetsManifestPath" if name == "MapStaticAssets" else "pattern"
        )
        pattern = given if isinstance(given, str) else None
        chained = tuple(name for name, _ in self._chained(node))
        route = (
            pattern
            if not pattern or name == "MapStaticAssets" or pattern.startswith("{")
            else combined(prefix, pattern)
        )
        return Call(
            name, route, chained, place, handler, conventions.authorization, self.project, self.output, self.compilation
        )

    def _parameter_value(self, model: Any, node: Any, parameter: str) -> Any:
        """The constant the call passes for ``parameter`` (by name, position or default), else ``None``."""
        from Microsoft.CodeAnalysis.Operations import IInvocationOperation  # type: ignore[import-not-found]

        call = model.GetOperation(node, self.operation.token)
        if call is None or str(call.Kind) != "Invocation":
            return None
        for argument in IInvocationOperation(call).Arguments:
            if argument.Parameter is not None and str(argument.Parameter.Name) == parameter:
                value = argument.Value.ConstantValue
                return value.Value if value.HasValue else None
        return None

    def _chained(self, node: Any) -> Iterator[tuple[str, Any]]:
        """The calls chained on ``node``, nearest first, with their names (``.AllowAnonymous()``,
        ``.AddInteractiveServerRenderMode()``)."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
            InvocationExpressionSyntax,
            MemberAccessExpressionSyntax,
        )

        current = node
        for _ in range(_CHAIN_DEPTH):
            access, call = current.Parent, current.Parent.Parent if current.Parent is not None else None
            if not isinstance(access, MemberAccessExpressionSyntax) or not isinstance(call, InvocationExpressionSyntax):
                return
            yield str(access.Name.Identifier.ValueText), call
            current = call

    def _prefix(self, model: Any, expression: Any, depth: int) -> tuple[str, list[tuple[str, list[str]]]]:
        """The route prefix ``expression`` (the receiver of a ``Map...`` call) stands for, through chained
        conventions, ``MapGroup`` calls and local variables; and the conventions met on the way."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
            IdentifierNameSyntax,
            InvocationExpressionSyntax,
            MemberAccessExpressionSyntax,
            VariableDeclaratorSyntax,
        )

        if depth > _CHAIN_DEPTH:
            return "", []
        if isinstance(expression, InvocationExpressionSyntax) and isinstance(
            expression.Expression, MemberAccessExpressionSyntax
        ):
            name = str(expression.Expression.Name.Identifier.ValueText)
            prefix, conventions = self._prefix(model, expression.Expression.Expression, depth + 1)
            if name == "MapGroup":
                return combined(prefix, self._argument_text(model, expression, "prefix", 0) or ""), conventions
            return prefix, [(name, self._string_arguments(model, expression)), *conventions]
        if isinstance(expression, IdentifierNameSyntax):
            symbol = model.GetSymbolInfo(expression, self.operation.token).Symbol
            if symbol is not None and str(symbol.Kind) == "Local" and symbol.DeclaringSyntaxReferences.Length:
                declarator = symbol.DeclaringSyntaxReferences[0].GetSyntax(self.operation.token)
                if isinstance(declarator, VariableDeclaratorSyntax) and declarator.Initializer is not None:
                    value = declarator.Initializer.Value
                    return self._prefix(self._model(value.SyntaxTree), value, depth + 1)
        return "", []

    def _endpoint_conventions(self, node: Any, conventions: _Conventions) -> None:
        """The conventions chained on the endpoint itself (``.MapPost(...).AllowAnonymous()``)."""
        for name, call in self._chained(node):
            conventions.add(name, self._string_arguments(self._model(call.SyntaxTree), call))

    def handler_method(self, model: Any, delegate: Any) -> Any:
        """The method a handler argument runs (a lambda's, or a method group's), or ``None``."""
        method = self._method(model, delegate)
        method = typed(method) if method is not None else None
        return method if method is not None and str(method.Kind) == "Method" else None

    def _handler(self, model: Any, delegate: Any) -> tuple[str, Location, str]:
        """What runs, where it is, and the authorization its attributes attach."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
            AnonymousFunctionExpressionSyntax,
        )

        if isinstance(delegate, AnonymousFunctionExpressionSyntax):
            lambda_method = model.GetSymbolInfo(delegate, self.operation.token).Symbol
            around = model.GetEnclosingSymbol(delegate.SpanStart, self.operation.token)
            where_text = "top-level statements" if around is None or str(around.Name) == "<Main>$" else display(around)
            location = location_of(delegate.GetLocation())
            assert location is not None
            return f"lambda in {where_text}", location, attached_authorization(lambda_method)
        symbol = self._method(model, delegate)
        if symbol is None or str(symbol.Kind) != "Method":
            location = location_of(delegate.GetLocation())
            assert location is not None
            return str(delegate.ToString()), location, ""
        places = [loc for loc in (location_of(item) for item in symbol.Locations) if loc is not None]
        place = places[0] if places else location_of(delegate.GetLocation())
        assert place is not None
        return display(symbol), place, attached_authorization(symbol) or attached_authorization(symbol.ContainingType)

    def _listed_methods(self, model: Any, node: Any) -> tuple[str, ...]:
        """``MapMethods(pattern, new[] { "GET", "HEAD" }, handler)``: the constant strings of its list."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import LiteralExpressionSyntax  # type: ignore[import-not-found]
        from System.Linq import Enumerable  # type: ignore[import-not-found]

        listed = node.ArgumentList.Arguments[1].Expression
        methods = []
        for literal in Enumerable.OfType[LiteralExpressionSyntax](listed.DescendantNodesAndSelf()):
            value = model.GetConstantValue(literal, self.operation.token)
            if value.HasValue and isinstance(value.Value, str):
                methods.append(value.Value.upper())
        return tuple(methods) or ("ANY",)

    def _argument_text(self, model: Any, node: Any, name: str, index: int) -> str | None:
        """A string argument by name or position, when it is a constant."""
        arguments = node.ArgumentList.Arguments
        chosen = None
        for argument in arguments:
            if argument.NameColon is not None and str(argument.NameColon.Name.Identifier.ValueText) == name:
                chosen = argument
        if chosen is None and index < arguments.Count and arguments[index].NameColon is None:
            chosen = arguments[index]
        if chosen is None:
            return None
        value = model.GetConstantValue(chosen.Expression, self.operation.token)
        return str(value.Value) if value.HasValue and value.Value is not None else "{?}"

    def _string_arguments(self, model: Any, node: Any) -> list[str]:
        values = []
        for argument in node.ArgumentList.Arguments:
            value = model.GetConstantValue(argument.Expression, self.operation.token)
            if value.HasValue and isinstance(value.Value, str):
                values.append(value.Value)
        return values

    def _place(self, node: Any) -> Location:
        location = location_of(node.GetLocation())
        assert location is not None
        return location

    # -- controllers --------------------------------------------------------------------------------

    def controllers(self) -> list[Endpoint]:
        base = self.compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.ControllerBase")
        found = []
        for controller in self.controller_types(base):
            class_routes = _route_templates(controller) or [""]
            for member in controller.GetMembers():
                method = typed(member)
                if not _is_action(method):
                    continue
                verbs, method_routes = _action_routes(method)
                action = _action_name(method)
                name = str(controller.Name)
                name = name[: -len("Controller")] if name.endswith("Controller") else name
                if not method_routes and not _route_templates(controller):
                    routes = [self._conventional(name, action)] if self.conventional else []
                else:
                    routes = [
                        _tokens(
                            template if template.startswith(("/", "~/")) else combined(prefix, template), name, action
                        )
                        for prefix in class_routes
                        for template in (method_routes or [""])
                    ]
                authorization = attached_authorization(method) or attached_authorization(controller)
                place = next((loc for loc in (location_of(item) for item in method.Locations) if loc), None)
                if place is None:
                    continue
                for route in routes:
                    found.append(
                        Endpoint(
                            verbs or ANY,
                            combined(route.lstrip("~")),
                            "controller",
                            display(method),
                            place,
                            authorization,
                            self.project,
                        )
                    )
        return found

    def controller_types(self, base: Any) -> Iterator[Any]:
        """MVC's rule: public, not abstract, not generic, derived from ``ControllerBase`` or marked
        ``[Controller]``/``[ApiController]`` (or on a base), not ``[NonController]``."""
        for type_symbol in source_types(self.compilation):
            if (
                str(type_symbol.DeclaredAccessibility) != "Public"
                or type_symbol.IsAbstract
                or type_symbol.IsGenericType
            ):
                continue
            if str(type_symbol.TypeKind) != "Class" or _has_attribute(type_symbol, "NonControllerAttribute"):
                continue
            derived = base is not None and derives_from(type_symbol, base)
            if derived or _marked_controller(type_symbol):
                yield type_symbol

    def _conventional(self, controller: str, action: str) -> str:
        pattern = self.conventional[0]
        pattern = re.sub(r"\{controller(=[^}]*)?\}", controller, pattern)
        pattern = re.sub(r"\{action(=[^}]*)?\}", action, pattern)
        return combined(pattern)


def _marked_controller(type_symbol: Any) -> bool:
    current = type_symbol
    while current is not None:
        if _has_attribute(current, "ControllerAttribute") or _has_attribute(current, "ApiControllerAttribute"):
            return True
        current = current.BaseType
    return False


def _has_attribute(symbol: Any, name: str) -> bool:
    return any(str(a.AttributeClass.Name) == name for a in symbol.GetAttributes() if a.AttributeClass is not None)


def _route_templates(symbol: Any) -> list[str]:
    return [
        template
        for attribute in symbol.GetAttributes()
        if attribute.AttributeClass is not None and str(attribute.AttributeClass.Name) == "RouteAttribute"
        if (template := attribute_template(attribute)) is not None
    ]


def _is_action(method: Any) -> bool:
    return (
        str(method.Kind) == "Method"
        and str(method.MethodKind) == "Ordinary"
        and str(method.DeclaredAccessibility) == "Public"
        and not method.IsStatic
        and not method.IsAbstract
        and not _has_attribute(method, "NonActionAttribute")
    )


def _action_routes(method: Any) -> tuple[tuple[str, ...], list[str]]:
    """The action's HTTP methods and its own route templates (``[HttpGet("{id}")]``, ``[Route]``)."""
    verbs: list[str] = []
    templates: list[str] = []
    for attribute in method.GetAttributes():
        name = str(attribute.AttributeClass.Name) if attribute.AttributeClass is not None else ""
        if name in _HTTP_ATTRIBUTES:
            verbs.append(_HTTP_ATTRIBUTES[name])
            template = attribute_template(attribute)
            if template is not None:
                templates.append(template)
        elif name == "AcceptVerbsAttribute":
            for argument in attribute.ConstructorArguments:
                values = argument.Values if str(argument.Kind) == "Array" else [argument]
                verbs += [str(value.Value).upper() for value in values if value.Value is not None]
        elif name == "RouteAttribute":
            template = attribute_template(attribute)
            if template is not None:
                templates.append(template)
    return tuple(dict.fromkeys(verbs)), templates


def _action_name(method: Any) -> str:
    for attribute in method.GetAttributes():
        if attribute.AttributeClass is not None and str(attribute.AttributeClass.Name) == "ActionNameAttribute":
            template = attribute_template(attribute)
            if template:
                return template
    name = str(method.Name)
    return name[: -len("Async")] if name.endswith("Async") else name


def _tokens(template: str, controller: str, action: str) -> str:
    return template.replace("[controller]", controller).replace("[action]", action)
