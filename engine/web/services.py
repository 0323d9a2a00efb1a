"""The app's service registrations, read from the compilation (the app never runs).

Registrations: ``Add{Singleton,Scoped,Transient}`` and ``TryAdd*`` in their generic, ``typeof``,
factory and instance forms, keyed ones, ``AddHttpClient`` (typed and named), ``AddDbContext``,
``AddHostedService``, ``Configure<T>`` and ``AddOptions<T>``, also inside the solution's own
``IServiceCollection`` extension methods that the code calls (each marked with the method it is in).
Consumers: the constructors of registered types, controllers and page models, minimal API handlers'
parameters, ``[FromServices]`` parameters of actions and page handlers, and ``@inject`` in Razor files.
Problems: a constructor's dependency that nothing registers (the framework's own services, ``Microsoft.*``
and ``System.*`` types, are taken as registered by it), and a singleton whose constructor takes a scoped or
transient service (a captive dependency).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import Location, is_generated
from ..symbols.describe import display, location_of, typed
from ..views.services import Consumer, Registration, ServiceMap, ServiceProblem, service_map
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .endpoints import RouteWalk
from .library_services import LibraryServices, shown
from .types import derives_from, source_types

_LIFETIME_CALL = re.compile(r"^(?:Try)?Add(Keyed)?(Singleton|Scoped|Transient)$")
_INJECT_ATTRIBUTES = ("InjectAttribute", "RazorInjectAttribute")
_RESOLVING = (
    "GetRequiredService",
    "GetService",
    "GetRequiredKeyedService",
    "GetKeyedService",
    "GetServices",
    "GetKeyedServices",
)
_SERVICE_COLLECTION = "Microsoft.Extensions.DependencyInjection.IServiceCollection"


@query(scope="every_project")
def service_registrations(
    snapshot: Snapshot, operation: Operation, project: str | None = None, service: str | None = None
) -> ServiceMap:
    """Every registration of the solution (or of ``project``), those whose service or implementation
    contains ``service`` when given, with their consumers; and the problems of all of them."""
    chosen = snapshot.chosen_projects(project)
    items: list[Registration] = []
    problems: list[ServiceProblem] = []
    for each in chosen:
        operation.check()
        compilation = snapshot.compilation(each, operation)
        if compilation.GetTypeByMetadataName(_SERVICE_COLLECTION) is None:
            continue
        reader = _Registrations(snapshot, compilation, operation, display_name(each))
        registered = reader.read()
        if not registered:
            continue
        consumers = reader.consumers(registered, each)
        problems += reader.problems(registered) + reader.unread
        items += [
            Registration(
                r.lifetime,
                r.service,
                r.implementation,
                r.how,
                r.location,
                r.key,
                r.via,
                tuple(consumers.get(id(r), ())),
                r.project,
                r.added_by,
                r.condition,
            )
            for r in registered
        ]
    if service:
        wanted = service.strip().lower()
        items = [item for item in items if wanted in item.service.lower() or wanted in item.implementation.lower()]
    return service_map(str(snapshot.root), items, problems)


@dataclass
class _Registered:
    lifetime: str
    service: str
    implementation: str
    how: str
    location: Location
    key: str
    via: str
    project: str
    service_type: Any = field(default=None, repr=False)
    implementation_type: Any = field(default=None, repr=False)
    added_by: str = ""
    condition: str = ""

    @property
    def tried(self) -> bool:
        return self.how.startswith("TryAdd")


class _Registrations:
    """One project's registrations, their consumers and problems."""

    def __init__(self, snapshot: Snapshot, compilation: Any, operation: Operation, project: str) -> None:
        self.compilation = compilation
        self.operation = operation
        self.project = project
        self.collection = compilation.GetTypeByMetadataName(_SERVICE_COLLECTION)
        self.library = LibraryServices(snapshot, compilation, operation)
        self.unread: list[ServiceProblem] = []
        """The app's library calls not followed all the way (a library whose code cannot be read)."""

    def read(self) -> list[_Registered]:
        calls = list(self._collection_calls())
        called = {self._key(method) for _, _, method in calls if _in_source(method)}
        found: list[_Registered] = []
        for node, model, method in calls:
            around = model.GetEnclosingSymbol(node.SpanStart, self.operation.token)
            around = typed(around) if around is not None else None
            via = ""
            if around is not None and _extends_collection(around, self.collection) and _in_source(around):
                if self._key(around) not in called:
                    continue  # an extension method of the solution's that nothing calls registers nothing
                via = str(around.Name)
            if self.library.follows(method):
                added = self._from_library(node, model, method, via)
                if added:
                    found += added
                    continue
            registered = self._registration(node, model, method, via)
            if registered is not None:
                found.append(registered)
        return _as_the_container_keeps(found)

    def _from_library(self, node: Any, model: Any, method: Any, via: str) -> list[_Registered]:
        """What the library method the app calls adds, each at the app's call."""
        location = location_of(node.GetLocation())
        assert location is not None
        name = str(method.Name)
        added_by_call, unread = self.library.of_call(model.GetOperation(node, self.operation.token))
        self.unread += [
            ServiceProblem(
                "not read", f"{name} calls {missed}, whose code could not be read: what it adds is not listed", location
            )
            for missed in sorted(unread)
        ]
        return [
            _Registered(
                added.lifetime,
                shown(added.service),
                added.implementation if isinstance(added.implementation, str) else shown(added.implementation),
                added.how,
                location,
                added.key,
                via,
                self.project,
                added.service,
                None if isinstance(added.implementation, str) else added.implementation,
                name,
                added.condition,
            )
            for added in added_by_call
        ]

    def _key(self, method: Any) -> str:
        original = method.ReducedFrom or method
        return str(original.OriginalDefinition.GetDocumentationCommentId() or display(original))

    def _collection_calls(self) -> list[tuple[Any, Any, Any]]:
        """``(invocation, model, method)`` of every call of an ``IServiceCollection`` extension method or
        of a library method that takes a builder of the collection."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import (  # type: ignore[import-not-found]
            InvocationExpressionSyntax,
            MemberAccessExpressionSyntax,
        )
        from System.Linq import Enumerable  # type: ignore[import-not-found]

        calls = []
        for tree in self.compilation.SyntaxTrees:
            self.operation.check()
            text = str(tree.GetText(self.operation.token))
            if ".Add" not in text and ".TryAdd" not in text and ".Configure" not in text:
                continue
            model = self.compilation.GetSemanticModel(tree)
            for node in Enumerable.OfType[InvocationExpressionSyntax](
                tree.GetRoot(self.operation.token).DescendantNodes()
            ):
                if not isinstance(node.Expression, MemberAccessExpressionSyntax):
                    continue
                info = model.GetSymbolInfo(node, self.operation.token)
                method = info.Symbol or (info.CandidateSymbols[0] if info.CandidateSymbols.Length else None)
                method = typed(method) if method is not None else None
                if (
                    method is not None
                    and str(method.Kind) == "Method"
                    and (_extends_collection(method, self.collection) or self.library.follows(method))
                ):
                    calls.append((node, model, method))
        # In the order they run: a chained call's receiver (``AddRazorComponents()`` of
        # ``.AddInteractiveWebAssemblyComponents()``) first.
        calls.sort(key=lambda call: (str(call[0].SyntaxTree.FilePath), call[0].Span.End))
        return calls

    def _registration(self, node: Any, model: Any, method: Any, via: str) -> _Registered | None:
        name = str(method.Name)
        arguments = list(node.ArgumentList.Arguments)
        type_arguments = [typed(t) for t in method.TypeArguments]
        location = location_of(node.GetLocation())
        assert location is not None
        lifetime_call = _LIFETIME_CALL.match(name)
        if lifetime_call:
            keyed, lifetime = lifetime_call.group(1), lifetime_call.group(2).lower()
            key = str(arguments[0].Expression.ToString()) if keyed and arguments else ""
            rest = arguments[1:] if keyed else arguments
            types = type_arguments or [self._type_of(model, a.Expression) for a in rest if _is_typeof(a.Expression)]
            types = [t for t in types if t is not None]
            if not types:
                return None
            service_type = types[0]
            implementation_type = types[1] if len(types) > 1 else None
            implementation = display(implementation_type) if implementation_type is not None else display(service_type)
            values = [a for a in rest if not _is_typeof(a.Expression)]
            if implementation_type is None and values:
                implementation = "factory" if _is_lambda(values[0].Expression) else "instance"
                implementation_type = (
                    None if implementation == "factory" else self._type_of(model, values[0].Expression)
                )
            elif implementation_type is None:
                implementation_type = service_type
            return _Registered(
                lifetime,
                display(service_type),
                implementation,
                name,
                location,
                key,
                via,
                self.project,
                service_type,
                implementation_type,
            )
        if name in ("AddDbContext", "AddDbContextPool", "AddDbContextFactory") and type_arguments:
            context = type_arguments[0]
            lifetime = "singleton" if name == "AddDbContextFactory" else "scoped"
            return _Registered(
                lifetime, display(context), display(context), name, location, "", via, self.project, context, context
            )
        if name == "AddHostedService" and type_arguments:
            hosted = type_arguments[0]
            return _Registered(
                "singleton", "IHostedService", display(hosted), name, location, "", via, self.project, None, hosted
            )
        if name == "AddHttpClient":
            if type_arguments:
                client = type_arguments[0]
                made = type_arguments[-1]
                return _Registered(
                    "transient", display(client), display(made), name, location, "", via, self.project, client, made
                )
            if arguments and _is_string(model, arguments[0].Expression, self.operation):
                key = str(arguments[0].Expression.ToString())
                return _Registered("transient", "HttpClient", "named client", name, location, key, via, self.project)
            return None
        if name in ("Configure", "AddOptions") and type_arguments:
            options = type_arguments[0]
            return _Registered(
                "singleton", f"IOptions<{display(options)}>", "options", name, location, "", via, self.project
            )
        return None

    def _type_of(self, model: Any, expression: Any) -> Any:
        from Microsoft.CodeAnalysis.CSharp.Syntax import TypeOfExpressionSyntax  # type: ignore[import-not-found]

        if isinstance(expression, TypeOfExpressionSyntax):
            found = model.GetTypeInfo(expression.Type, self.operation.token).Type
        else:
            found = model.GetTypeInfo(expression, self.operation.token).Type
        return typed(found) if found is not None else None

    # -- consumers and problems -------------------------------------------------------------------

    def consumers(self, registered: list[_Registered], project: Any) -> dict[int, list[Consumer]]:
        found: dict[int, list[Consumer]] = {}

        def consumed(parameter: Any, by: str, how: str) -> None:
            for registration in self._matching(registered, parameter):
                place = location_of(parameter.Locations[0]) if parameter.Locations.Length else None
                if place is not None:
                    found.setdefault(id(registration), []).append(Consumer(by, how, place))

        for registration in registered:
            own = not registration.added_by and _in_source(registration.implementation_type)
            constructor = _constructor(registration.implementation_type) if own else None
            if constructor is not None:
                for parameter in constructor.Parameters:
                    consumed(parameter, display(constructor), "constructor")
        walk = RouteWalk(self.compilation, self.operation, self.project)
        for node, model, name in walk.invocations():
            if name not in ("MapGet", "MapPost", "MapPut", "MapDelete", "MapPatch", "MapMethods"):
                continue
            delegate = node.ArgumentList.Arguments[node.ArgumentList.Arguments.Count - 1].Expression
            handler = walk.handler_method(model, delegate)
            if handler is not None:
                label = "a minimal API lambda" if str(handler.MethodKind) == "AnonymousFunction" else display(handler)
                for parameter in handler.Parameters:
                    consumed(parameter, label, "handler")
        for activated in self.activated():
            constructor = _constructor(activated)
            for parameter in constructor.Parameters if constructor is not None else ():
                consumed(parameter, display(constructor), "constructor")
            for action in _public_methods(activated):  # actions and page handlers
                for parameter in action.Parameters:
                    if any(str(a.AttributeClass.Name) == "FromServicesAttribute" for a in parameter.GetAttributes()):
                        consumed(parameter, display(action), "[FromServices]")
        for consumer, wanted, key in [*self.injected(), *self.resolved()]:
            for registration in self._matching_type(registered, wanted, key):
                found.setdefault(id(registration), []).append(consumer)
        return found

    def injected(self) -> list[tuple[Consumer, Any, str]]:
        """Properties the component activator fills: ``@inject`` in a Razor file (the generator's
        ``[Inject]`` property, at the ``.razor`` line it maps to) and ``[Inject]`` in code."""
        found = []
        texts: dict[str, list[str]] = {}  # a Razor file's lines, read once for all its @inject lines
        for type_symbol in source_types(self.compilation):
            for member in type_symbol.GetMembers():
                if str(member.Kind) != "Property":
                    continue
                attribute = next(
                    (
                        a
                        for a in member.GetAttributes()
                        if a.AttributeClass is not None and str(a.AttributeClass.Name) in _INJECT_ATTRIBUTES
                    ),
                    None,
                )
                if attribute is None:
                    continue
                place, razor = _mapped(member.Locations[0], texts)
                if place is None:
                    continue
                key = next(
                    (_key_text(pair.Value.Value) for pair in attribute.NamedArguments if str(pair.Key) == "Key"), ""
                )
                how = "@inject" if razor else "[Inject]"
                by = f"{Path(place.path).stem if razor else display(type_symbol)} ({member.Name})"
                found.append((Consumer(by, how, place), typed(member).Type, key))
        return found

    def resolved(self) -> list[tuple[Consumer, Any, str]]:
        """``GetRequiredService<T>()``, ``GetService(typeof(T))`` and their keyed forms in the project's code."""
        from Microsoft.CodeAnalysis.CSharp.Syntax import InvocationExpressionSyntax  # type: ignore[import-not-found]
        from System.Linq import Enumerable  # type: ignore[import-not-found]

        found = []
        for tree in self.compilation.SyntaxTrees:
            self.operation.check()
            if "Service" not in str(tree.GetText(self.operation.token)) or _generated(tree):
                continue
            model = self.compilation.GetSemanticModel(tree)
            for node in Enumerable.OfType[InvocationExpressionSyntax](
                tree.GetRoot(self.operation.token).DescendantNodes()
            ):
                text = str(node.Expression)
                if not any(name in text for name in _RESOLVING):
                    continue
                method = model.GetSymbolInfo(node, self.operation.token).Symbol
                method = typed(method) if method is not None else None
                if method is None or str(method.Name) not in _RESOLVING:
                    continue
                arguments = list(node.ArgumentList.Arguments)
                wanted = typed(method.TypeArguments[0]) if method.TypeArguments.Length else None
                if wanted is None and arguments and _is_typeof(arguments[0].Expression):
                    wanted = self._type_of(model, arguments[0].Expression)
                if wanted is None:
                    continue
                keyed = "Keyed" in str(method.Name)
                key = str(arguments[0 if method.TypeArguments.Length else 1].Expression) if keyed and arguments else ""
                around = model.GetEnclosingSymbol(node.SpanStart, self.operation.token)
                place = location_of(node.GetLocation())
                if place is not None:
                    by = display(around) if around is not None and str(around.Name) != "<Main>$" else "Program"
                    found.append((Consumer(by, str(method.Name), place), wanted, key))
        return found

    def _matching_type(self, registered: list[_Registered], wanted: Any, key: str) -> list[_Registered]:
        """The registrations that give ``wanted``: its own, or its open generic's (``IOptions<>`` for ``IOptions<T>``)."""
        from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

        definition = wanted.OriginalDefinition if str(wanted.Kind) == "NamedType" else None
        matches = []
        for r in registered:
            if r.service_type is None or r.key != key:
                continue
            service = typed(r.service_type)
            if service.Equals(wanted, SymbolEqualityComparer.Default) or (
                definition is not None
                and str(service.Kind) == "NamedType"
                and service.IsUnboundGenericType
                and service.OriginalDefinition.Equals(definition, SymbolEqualityComparer.Default)
            ):
                matches.append(r)
        exact = [r for r in matches if not typed(r.service_type).IsUnboundGenericType]
        return exact or matches  # the container takes a closed registration over the open one

    def activated(self) -> list[Any]:
        """Types the framework makes without a registration, whose constructors still ask for services:
        controllers and Razor Pages' models."""
        walk = RouteWalk(self.compilation, self.operation, self.project)
        base = self.compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.ControllerBase")
        page_model = self.compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.RazorPages.PageModel")
        pages = [t for t in source_types(self.compilation) if page_model is not None and derives_from(t, page_model)]
        return [*walk.controller_types(base), *pages]

    def _matching(self, registered: list[_Registered], parameter: Any) -> list[_Registered]:
        return self._matching_type(registered, typed(parameter.Type), _service_key(parameter) or "")

    def problems(self, registered: list[_Registered]) -> list[ServiceProblem]:
        problems = []
        made = [(r, r.implementation_type) for r in registered if not r.added_by]
        made += [
            (_Registered("", display(t), display(t), "", registered[0].location, "", "", self.project), t)
            for t in self.activated()
        ]
        for registration, implementation_type in made:
            constructor = _constructor(implementation_type)
            if constructor is None or not _in_source(implementation_type):
                continue
            for parameter in constructor.Parameters:
                place = location_of(parameter.Locations[0]) if parameter.Locations.Length else registration.location
                assert place is not None
                matches = self._matching(registered, parameter)
                shown = display(parameter.Type)
                if not matches and not parameter.HasExplicitDefaultValue and not _framework(parameter.Type):
                    problems.append(
                        ServiceProblem(
                            "unregistered",
                            f"{registration.implementation} needs {shown} ({parameter.Name}), which nothing registers",
                            place,
                        )
                    )
                if registration.lifetime != "singleton":
                    continue
                for held in matches:
                    if held.lifetime != "singleton":
                        problems.append(
                            ServiceProblem(
                                "captive",
                                f"{registration.implementation} (singleton) holds {shown} ({held.lifetime}, "
                                f"{held.implementation}) for the app's lifetime",
                                place,
                            )
                        )
        return problems


def _as_the_container_keeps(found: list[_Registered]) -> list[_Registered]:
    """``found`` without what a ``TryAdd`` adds when its service (a ``TryAddEnumerable`` its service and
    implementation) is already there, unless the earlier one hangs on a condition the code leaves open."""
    there: set[tuple[str, ...]] = set()
    kept = []
    for registration in found:
        service = (registration.service, registration.key)
        pair = (*service, registration.implementation)
        enumerable = registration.how == "TryAddEnumerable"
        if (enumerable and pair in there) or (not enumerable and registration.tried and service in there):
            continue
        if not registration.condition:
            there.update((service, pair))
        kept.append(registration)
    return kept


def _extends_collection(method: Any, collection: Any) -> bool:
    from Microsoft.CodeAnalysis import SymbolEqualityComparer  # type: ignore[import-not-found]

    if str(method.Kind) != "Method":
        return False
    original = method.ReducedFrom or method
    if not original.IsExtensionMethod or not original.Parameters.Length:
        return False
    first = original.Parameters[0].Type
    return bool(first.Equals(collection, SymbolEqualityComparer.Default))


def _in_source(symbol: Any) -> bool:
    return symbol is not None and any(location.IsInSource for location in symbol.Locations)


def _constructor(type_symbol: Any) -> Any:
    """The constructor the container calls: the public one with the most parameters."""
    if type_symbol is None or str(type_symbol.Kind) != "NamedType":
        return None
    public = [typed(c) for c in type_symbol.InstanceConstructors if str(c.DeclaredAccessibility) == "Public"]
    return max(public, key=lambda c: c.Parameters.Length) if public else None


def _public_methods(type_symbol: Any) -> list[Any]:
    return [
        typed(m)
        for m in type_symbol.GetMembers()
        if str(m.Kind) == "Method"
        and str(m.DeclaredAccessibility) == "Public"
        and str(typed(m).MethodKind) == "Ordinary"
    ]


def _service_key(parameter: Any) -> str | None:
    """The key of ``[FromKeyedServices("utc")]`` on a parameter, as written (quotes kept)."""
    for attribute in parameter.GetAttributes():
        name = str(attribute.AttributeClass.Name) if attribute.AttributeClass is not None else ""
        if name == "FromKeyedServicesAttribute" and attribute.ConstructorArguments.Length:
            value = attribute.ConstructorArguments[0].Value
            if value is not None:
                return _key_text(value)
    return None


def _framework(type_symbol: Any) -> bool:
    """Types the framework registers or the container supplies: anything of ``System.*`` or ``Microsoft.*``."""
    namespace = type_symbol.ContainingNamespace
    name = str(namespace.ToDisplayString()) if namespace is not None else ""
    return name.split(".")[0] in ("System", "Microsoft") or str(type_symbol.SpecialType) != "None"


def _is_typeof(expression: Any) -> bool:
    return str(expression.GetType().Name) == "TypeOfExpressionSyntax"


def _is_lambda(expression: Any) -> bool:
    return str(expression.GetType().Name) in ("SimpleLambdaExpressionSyntax", "ParenthesizedLambdaExpressionSyntax")


def _is_string(model: Any, expression: Any, operation: Operation) -> bool:
    info = model.GetTypeInfo(expression, operation.token).Type
    return info is not None and str(info.SpecialType) == "System_String"


def _mapped(location: Any, texts: dict[str, list[str]]) -> tuple[Location | None, bool]:
    """A generated property's place in the file it came from (the ``.razor`` line of its ``@inject``),
    and whether that is a Razor file."""
    mapped = location.GetMappedLineSpan()
    path = str(mapped.Path or "")
    razor = Path(path).suffix.lower() in (".razor", ".cshtml")
    if mapped.HasMappedPath and razor:
        line = mapped.StartLinePosition.Line + 1
        column = mapped.StartLinePosition.Character + 1
        return _at_injected_type(path, line, texts) or Location(path, line, column, line, column), True
    if _generated(location.SourceTree):
        return None, False
    return location_of(location), False


def _at_injected_type(path: str, line: int, texts: dict[str, list[str]]) -> Location | None:
    """The type of an ``@inject`` line (the generator maps the property's name)."""
    if path not in texts:
        try:
            texts[path] = Path(path).read_text(encoding="utf-8-sig").splitlines()
        except OSError:
            texts[path] = []
    if not 0 < line <= len(texts[path]):
        return None
    text = texts[path][line - 1]
    directive = re.match(r"\s*@inject\s+", text)
    if directive is None or len(text[directive.end() :].split()) < 2:
        return None
    written = text[directive.end() :].rstrip().rsplit(None, 1)[0]
    column = directive.end() + 1
    return Location(path, line, column, line, column + len(written))


def _generated(tree: Any) -> bool:
    return tree is None or is_generated(str(tree.FilePath))


def _key_text(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)
