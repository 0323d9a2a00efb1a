"""The services a library's registration method adds (``AddDbContextFactory``, ``AddRazorComponents``,
``AddIdentity``...), read from the library's own code: its source or decompiled C#, as go to definition
shows it (``engine.external.library``). Nothing of the library runs.

The method's body is walked as the container would meet it: each ``Add*``/``TryAdd*`` call and each
``ServiceDescriptor`` given to ``Add``, ``TryAdd``, ``TryAddEnumerable`` or ``Replace`` is a service, with
the lifetime the code passes (a parameter's value, its default, an ``if`` or ``?:`` on it decided where the
values are known); calls into further methods that take the collection or a builder of it (``IMvcBuilder``,
``OptionsBuilder<T>``) are followed in turn, their type parameters bound to the app's types. What only the
running code decides (a type made by reflection, a condition on the environment) is left as read: an
undecided condition is kept and said.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..external.library import LibrarySourceUnavailable, implementation_of, library_source
from ..host.interop import Operation
from ..symbols.describe import display, typed
from ..workspace.snapshot import Snapshot

log = logging.getLogger("roslyn_tui")

LIFETIMES = {0: "singleton", 1: "scoped", 2: "transient"}
DEPTH = 12
"""Calls followed from the app's call at most: the deepest chain met (``AddRazorPages`` down to
``AddViewServices``' ``AddDataProtection``) is 7."""
PRIMITIVE_TYPES = (
    "Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions",
    "Microsoft.Extensions.DependencyInjection.Extensions.ServiceCollectionDescriptorExtensions",
)
"""Where ``Add{Lifetime}`` and ``TryAdd*`` live: read as registrations, never followed."""
APART = ".RoslynTuiFollowed."
_NAMESPACE = re.compile(r"^(namespace\s+)([\w.]+)", re.MULTILINE)
_STRING_CASE = {"ToLowerInvariant": "lower", "ToLower": "lower", "ToUpperInvariant": "upper", "ToUpper": "upper"}
"""What a library does to a name it is given before it keys a service with it (``AddOpenApi``)."""
COLLECTION = "Microsoft.Extensions.DependencyInjection.IServiceCollection"
DESCRIPTOR = "Microsoft.Extensions.DependencyInjection.ServiceDescriptor"


class _Unknown:
    def __repr__(self) -> str:
        return "unknown"


UNKNOWN = _Unknown()
"""A value only the running code knows."""
MADE = object()
"""A value known not to be null (a lambda, a new object)."""


@dataclass(frozen=True)
class TypeValue:
    symbol: Any


@dataclass(frozen=True, eq=False)
class Made:
    """An object the code makes (``new IdentityBuilder(typeof(TUser), services)``), with what its
    constructor was given, by parameter name: what its properties answer (``UserType`` from ``user``)."""

    given: tuple[tuple[str, Any], ...]

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

    @property
    def tried(self) -> bool:
        """Added only when the service (or, for ``TryAddEnumerable``, the pair) is not there yet."""
        return self.how.startswith("TryAdd")


class LibraryServices:
    """Follows an app's calls of library registration methods into the library, for one compilation."""

    def __init__(self, snapshot: Snapshot, compilation: Any, operation: Operation) -> None:
        self.snapshot = snapshot
        self.compilation = compilation
        self.operation = operation
        self.collection = compilation.GetTypeByMetadataName(COLLECTION)
        self._reading = _reading_of(compilation)
        self._trees = self._reading.trees
        self.unread: set[str] = set()
        """Library methods whose code could not be read (named in the answer)."""

    # -- the app's side ----------------------------------------------------------------------------

    def follows(self, method: Any) -> bool:
        """Whether an app's call of ``method`` is one to follow: a library method (not ``Add{Lifetime}``
        itself) that takes the collection or a builder of it."""
        method = typed(method)
        method = typed(method.ReducedFrom or method)  # an extension method's static form has the collection
        if any(location.IsInSource for location in method.Locations):
            return False
        return not _primitive(method) and self._takes_collection(method)

    def of_call(self, invocation: Any) -> list[Added]:
        """The services added by the app's call ``invocation`` (an ``IInvocationOperation``)."""
        place = _place_of(invocation)
        known = self._reading.calls.get(place)
        if known is None:
            found: list[Added] = []
            self._invocation(_as_invocation(invocation), {}, {}, (), "", found, top=True)
            known = self._reading.calls[place] = found
        return known

    # -- walking -----------------------------------------------------------------------------------

    def _visit(
        self,
        op: Any,
        env: dict[Any, Any],
        bindings: dict[Any, Any],
        chain: tuple[str, ...],
        condition: str,
        found: list[Added],
    ) -> None:
        from Microsoft.CodeAnalysis.Operations import (  # type: ignore[import-not-found]
            IConditionalOperation,
            ILocalReferenceOperation,
            IParameterReferenceOperation,
            IReturnOperation,
            ISimpleAssignmentOperation,
            IVariableDeclaratorOperation,
        )

        self.operation.check()
        if str(op.Kind) == "Invalid":
            op = self._rebound(op)
        kind = str(op.Kind)
        if kind in ("AnonymousFunction", "LocalFunction", "DelegateCreation"):
            return  # a factory's body runs when the service is made, not when it is registered
        if kind == "Invocation":
            self._invocation(_as_invocation(op), env, bindings, chain, condition, found)
            return
        if kind == "Conditional":
            conditional = IConditionalOperation(op)
            decided = self._value(conditional.Condition, env, bindings)
            self._visit(conditional.Condition, env, bindings, chain, condition, found)
            text = str(conditional.Condition.Syntax)
            if decided is not False:
                inner = condition if decided is True else _joined(condition, text)
                self._visit(conditional.WhenTrue, env, bindings, chain, inner, found)
            if decided is not True and conditional.WhenFalse is not None:
                inner = condition if decided is False else _joined(condition, f"!({text})")
                self._visit(conditional.WhenFalse, env, bindings, chain, inner, found)
            return
        if kind == "Return":
            returned = IReturnOperation(op).ReturnedValue
            if returned is not None:
                self._visit(returned, env, bindings, chain, condition, found)
                env["return"] = self._value(returned, env, bindings)
            return
        if kind == "VariableDeclarator":
            declarator = IVariableDeclaratorOperation(op)
            if declarator.Initializer is not None:
                self._visit(declarator.Initializer.Value, env, bindings, chain, condition, found)
                env[("local", str(declarator.Symbol.Name))] = self._value(declarator.Initializer.Value, env, bindings)
            return
        if kind == "SimpleAssignment":
            assignment = ISimpleAssignmentOperation(op)
            self._visit(assignment.Value, env, bindings, chain, condition, found)
            target = str(assignment.Target.Kind)
            if target == "LocalReference":
                name = str(ILocalReferenceOperation(assignment.Target).Local.Name)
                env[("local", name)] = self._value(assignment.Value, env, bindings)
            elif target == "ParameterReference":
                ordinal = int(IParameterReferenceOperation(assignment.Target).Parameter.Ordinal)
                env[ordinal] = self._value(assignment.Value, env, bindings)
            return
        for child in op.ChildOperations:
            self._visit(child, env, bindings, chain, condition, found)

    def _invocation(
        self,
        call: Any,
        env: dict[Any, Any],
        bindings: dict[Any, Any],
        chain: tuple[str, ...],
        condition: str,
        found: list[Added],
        top: bool = False,
    ) -> None:
        """A call met in the library's code (``top``: the app's own call, whose receiver and arguments
        the app's walk reads itself)."""
        if not top:
            if call.Instance is not None:
                self._visit(call.Instance, env, bindings, chain, condition, found)
            for argument in call.Arguments:
                self._visit(argument.Value, env, bindings, chain, condition, found)
        method = typed(call.TargetMethod)
        if _primitive(method) or _adds_descriptor(method, self.collection):
            found.extend(self._registered(call, method, env, bindings, chain, condition))
            return
        if not self._takes_collection(method) or len(chain) // 2 >= DEPTH:
            return
        name = str(method.Name)
        key = _identifier(method.OriginalDefinition) or display(method)
        if any(step == key for step in chain[1::2]):
            return  # recursion: the first pass has added what it adds
        body = self._body(method)
        log.debug("follow %s: %s", " > ".join(chain[0::2]), name if body is not None else f"{name} (unread)")
        if body is None:
            return
        values: dict[Any, Any] = {
            int(a.Parameter.Ordinal): self._value(a.Value, env, bindings) for a in call.Arguments if a.Parameter
        }
        if call.Instance is not None:
            values["this"] = self._value(call.Instance, env, bindings)
        inner = dict(_method_bindings(method, lambda t: self._resolve(t, bindings)))
        self._visit(body, values, inner, (*chain, name, key), condition, found)
        if "return" in values:  # what the call gives back: a builder its caller goes on with
            self._reading.returns[_place_of(call)] = values["return"]

    def _registered(
        self,
        call: Any,
        method: Any,
        env: dict[Any, Any],
        bindings: dict[Any, Any],
        chain: tuple[str, ...],
        condition: str,
    ) -> list[Added]:
        name = str(method.Name)
        steps = chain[0::2]
        arguments = {str(a.Parameter.Name): a for a in call.Arguments if a.Parameter is not None}
        if name in ("Add", "TryAdd", "TryAddEnumerable", "Replace"):
            values = [
                self._value(a.Value, env, bindings)
                for a in call.Arguments
                if a.Parameter is not None and not self._builder(a.Parameter.Type)
            ]
            descriptors = [d for value in values for d in (value if isinstance(value, list) else [value])]
            return [
                Added(d.lifetime, d.service, d.implementation, name, d.key, steps, condition)
                for d in descriptors
                if isinstance(d, Described)
            ]
        lifetime = _lifetime_in(name)
        if lifetime is None:
            return []
        described = self._described(lifetime, method, arguments, env, bindings)
        if described is None:
            return []
        return [
            Added(
                described.lifetime, described.service, described.implementation, name, described.key, steps, condition
            )
        ]

    def _described(
        self, lifetime: str, method: Any, arguments: dict[str, Any], env: dict[Any, Any], bindings: dict[Any, Any]
    ) -> Described | None:
        """A registration's parts from ``Add{Lifetime}``/``TryAdd{Lifetime}`` or ``ServiceDescriptor``'s
        ``Singleton``, ``Describe`` or constructor: type arguments, ``typeof`` arguments, a factory or an
        instance."""
        types = [self._resolve(t, bindings) for t in method.TypeArguments]
        given = {name: self._value(a.Value, env, bindings) for name, a in arguments.items()}
        if "lifetime" in given:
            lifetime = LIFETIMES.get(given["lifetime"], "") if isinstance(given["lifetime"], int) else ""
        service = given.get("serviceType", given.get("service"))
        service = service.symbol if isinstance(service, TypeValue) else (types[0] if types else None)
        if service is None:
            return None
        made: Any = service
        implementation = given.get("implementationType")
        if isinstance(implementation, TypeValue):
            made = implementation.symbol
        elif len(types) > 1:
            made = types[1]
        for name, argument in arguments.items():
            if name in ("implementationFactory", "factory"):
                made = "factory"
            elif name in ("implementationInstance", "instance"):
                made = self._instance_type(argument.Value, bindings) or "instance"
        key = ""
        if "serviceKey" in arguments:
            value = given["serviceKey"]
            key = f'"{value}"' if isinstance(value, str) else str(arguments["serviceKey"].Value.Syntax)
        return Described(lifetime, service, made, key)

    def _made_generic(self, call: Any, env: dict[Any, Any], bindings: dict[Any, Any]) -> Any:
        """``typeof(SecurityStampValidator<>).MakeGenericType(UserType)`` where both are known."""
        from Microsoft.CodeAnalysis import ITypeSymbol  # type: ignore[import-not-found]
        from System import Array  # type: ignore[import-not-found]

        open_type = self._value(call.Instance, env, bindings)
        given = [self._value(a.Value, env, bindings) for a in call.Arguments]
        given = [v for value in given for v in (value if isinstance(value, list) else [value])]
        if not isinstance(open_type, TypeValue) or not all(isinstance(v, TypeValue) for v in given):
            return UNKNOWN
        definition = typed(open_type.symbol.OriginalDefinition)
        if str(definition.Kind) != "NamedType" or definition.Arity != len(given):
            return UNKNOWN
        return TypeValue(typed(definition.Construct(Array[ITypeSymbol]([v.symbol for v in given]))))

    def _instance_type(self, op: Any, bindings: dict[Any, Any]) -> Any:
        """The type of an instance given to the container, where the code makes it there (``new T(...)``)."""
        from Microsoft.CodeAnalysis.Operations import IConversionOperation  # type: ignore[import-not-found]

        while str(op.Kind) == "Conversion":
            op = IConversionOperation(op).Operand
        return self._resolve(op.Type, bindings) if str(op.Kind) == "ObjectCreation" else None

    # -- values ------------------------------------------------------------------------------------

    def _value(self, op: Any, env: dict[Any, Any], bindings: dict[Any, Any]) -> Any:
        """What ``op`` evaluates to where the code alone says: a constant, a type, a descriptor, whether
        something is null; else ``UNKNOWN``."""
        from Microsoft.CodeAnalysis.Operations import (  # type: ignore[import-not-found]
            IArrayCreationOperation,
            IBinaryOperation,
            IConditionalOperation,
            IConstantPatternOperation,
            IConversionOperation,
            IIsPatternOperation,
            ILocalReferenceOperation,
            IObjectCreationOperation,
            IParameterReferenceOperation,
            IPropertyReferenceOperation,
            ITypeOfOperation,
            IUnaryOperation,
        )

        if op is None:
            return UNKNOWN
        constant = op.ConstantValue
        if constant.HasValue:
            return constant.Value
        if str(op.Kind) == "Invalid":
            op = self._rebound(op)
        kind = str(op.Kind)
        if kind == "Conversion":
            return self._value(IConversionOperation(op).Operand, env, bindings)
        if kind == "ParameterReference":
            return env.get(int(IParameterReferenceOperation(op).Parameter.Ordinal), UNKNOWN)
        if kind == "LocalReference":
            return env.get(("local", str(ILocalReferenceOperation(op).Local.Name)), UNKNOWN)
        if kind == "InstanceReference":
            return env.get("this", UNKNOWN)
        if kind == "TypeOf":
            resolved = self._resolve(ITypeOfOperation(op).TypeOperand, bindings)
            return TypeValue(resolved) if resolved is not None else UNKNOWN
        if kind in ("AnonymousFunction", "DelegateCreation", "MethodReference"):
            return MADE
        if kind == "ObjectCreation":
            creation = IObjectCreationOperation(op)
            arguments = {str(a.Parameter.Name): a for a in creation.Arguments if a.Parameter is not None}
            if creation.Type is not None and _named(creation.Type) == DESCRIPTOR and creation.Constructor:
                return self._described("", creation.Constructor, arguments, env, bindings) or UNKNOWN
            return Made(tuple((name, self._value(a.Value, env, bindings)) for name, a in arguments.items()))
        if kind == "PropertyReference":
            reference = IPropertyReferenceOperation(op)
            owner = self._value(reference.Instance, env, bindings) if reference.Instance is not None else UNKNOWN
            return owner.property(str(reference.Property.Name)) if isinstance(owner, Made) else UNKNOWN
        if kind == "Invocation":
            call = _as_invocation(op)
            returned = self._reading.returns.get(_place_of(op))
            if returned is not None:
                return returned
            method = typed(call.TargetMethod)
            if str(method.Name) == "MakeGenericType" and call.Instance is not None:
                return self._made_generic(call, env, bindings)
            if str(method.Name) in _STRING_CASE and call.Instance is not None:
                text = self._value(call.Instance, env, bindings)
                return getattr(text, _STRING_CASE[str(method.Name)])() if isinstance(text, str) else UNKNOWN
            if method.ContainingType is not None and _named(method.ContainingType) == DESCRIPTOR:
                arguments = {str(a.Parameter.Name): a for a in call.Arguments if a.Parameter is not None}
                lifetime = _lifetime_in(str(method.Name)) or ""
                return self._described(lifetime, method, arguments, env, bindings) or UNKNOWN
            return UNKNOWN
        if kind == "ArrayCreation":
            creation = IArrayCreationOperation(op)
            if creation.Initializer is None:
                return UNKNOWN
            return [self._value(element, env, bindings) for element in creation.Initializer.ElementValues]
        if kind == "Conditional":
            conditional = IConditionalOperation(op)
            decided = self._value(conditional.Condition, env, bindings)
            if decided is True:
                return self._value(conditional.WhenTrue, env, bindings)
            if decided is False:
                return self._value(conditional.WhenFalse, env, bindings)
            return UNKNOWN
        if kind == "IsPattern":  # x is null
            test = IIsPatternOperation(op)
            pattern = test.Pattern
            if str(pattern.Kind) != "ConstantPattern" or IConstantPatternOperation(pattern).Value.ConstantValue.Value:
                return UNKNOWN
            inner = self._value(test.Value, env, bindings)
            if inner is UNKNOWN or not (inner is None or inner is MADE or isinstance(inner, Made)):
                return UNKNOWN
            return inner is None
        if kind == "Unary":
            unary = IUnaryOperation(op)
            inner = self._value(unary.Operand, env, bindings)
            return (not inner) if str(unary.OperatorKind) == "Not" and isinstance(inner, bool) else UNKNOWN
        if kind == "Binary":
            return _compared(IBinaryOperation(op), self._value, env, bindings)
        return UNKNOWN

    # -- types -------------------------------------------------------------------------------------

    def _resolve(self, symbol: Any, bindings: dict[Any, Any]) -> Any:
        """``symbol`` (of the library's code) as a type of the app's compilation, its type parameters
        bound to what the app passed; ``None`` where a parameter is unbound."""
        if symbol is None:
            return None
        symbol = typed(symbol)
        kind = str(symbol.Kind)
        if kind == "TypeParameter":
            owner = "m" if str(symbol.TypeParameterKind) == "Method" else "t"
            return bindings.get((owner, int(symbol.Ordinal)))
        if kind == "ArrayType":
            element = self._resolve(symbol.ElementType, bindings)
            return self.compilation.CreateArrayTypeSymbol(element) if element is not None else None
        if kind != "NamedType":
            return symbol
        original = self._app_type(symbol.OriginalDefinition)
        if original is None or not symbol.IsGenericType:
            return original
        if symbol.IsUnboundGenericType:
            return typed(original.ConstructUnboundGenericType())
        arguments = [self._resolve(t, bindings) for t in symbol.TypeArguments]
        if any(a is None for a in arguments):
            return None
        from Microsoft.CodeAnalysis import ITypeSymbol  # type: ignore[import-not-found]
        from System import Array  # type: ignore[import-not-found]

        return typed(original.Construct(Array[ITypeSymbol](arguments)))

    def _app_type(self, definition: Any) -> Any:
        """The app compilation's own symbol for a type read while binding the library's code (which
        imports every assembly again, internals included): by assembly and metadata name."""
        name = _metadata_name(definition)
        assembly = definition.ContainingAssembly
        if assembly is not None and not any(location.IsInSource for location in definition.Locations):
            known = self._assemblies().get(str(assembly.Identity.Name))
            found = known.GetTypeByMetadataName(name) if known is not None else None
            if found is not None:
                return typed(found)
        found = self.compilation.GetTypeByMetadataName(name)
        # A library's internal type is in no assembly the app compiles against: shown by its name.
        return typed(found) if found is not None else typed(definition)

    def _assemblies(self) -> dict[str, Any]:
        if self._reading.by_name is None:
            self._reading.by_name = {
                str(a.Identity.Name): a for a in self.compilation.SourceModule.ReferencedAssemblySymbols
            }
            self._reading.by_name[str(self.compilation.Assembly.Identity.Name)] = self.compilation.Assembly
        return self._reading.by_name

    # -- the library's code ------------------------------------------------------------------------

    def _takes_collection(self, method: Any) -> bool:
        if not method.IsStatic and method.ContainingType is not None and self._builder(method.ContainingType):
            return self._builder(method.ReturnType)  # fluent (OptionsBuilder<T>.Configure), not Build()
        return any(self._builder(parameter.Type) for parameter in method.Parameters)

    def _builder(self, type_symbol: Any) -> bool:
        """The collection itself, or a type with a ``Services`` collection (``IMvcBuilder``, ``OptionsBuilder<T>``,
        a ``TBuilder`` constrained to one); by name, as the library's code and the app's see the same types
        through different imports."""
        if type_symbol is None or self.collection is None:
            return False
        type_symbol = typed(type_symbol)
        kind = str(type_symbol.Kind)
        if kind == "TypeParameter":
            return any(self._builder(constraint) for constraint in type_symbol.ConstraintTypes)
        if kind != "NamedType":
            return False
        if _named(type_symbol) == COLLECTION:
            return True
        bases = []
        current = type_symbol
        while current is not None:
            bases.append(current)
            current = current.BaseType
        for each in [*bases, *type_symbol.AllInterfaces]:  # an interface's Services is on the one it extends
            for member in each.GetMembers("Services"):
                if str(member.Kind) == "Property" and _named(typed(member).Type) == COLLECTION:
                    return True
        return False

    def _body(self, method: Any) -> Any:
        """The operation of ``method``'s body in the library's code, or ``None`` when it cannot be read."""
        original = typed(method.OriginalDefinition)
        references = list(original.DeclaringSyntaxReferences)
        if references:
            tree = references[0].SyntaxTree
            known = self._trees.get(str(tree.FilePath))
            found = known[1].GetOperation(references[0].GetSyntax(self.operation.token)) if known else None
            if found is not None and str(found.Kind) == "LocalFunction":  # its body, not its declaration
                from Microsoft.CodeAnalysis.Operations import ILocalFunctionOperation  # type: ignore[import-not-found]

                local = ILocalFunctionOperation(found)
                found = local.Body or local.IgnoredBody
            return found
        identifier = _identifier(original)
        outer = original.ContainingType
        while outer is not None and outer.ContainingType is not None:
            outer = outer.ContainingType
        outer = self._app_type(outer) if outer is not None else None  # the file is found from the app's references
        if outer is None:
            self.unread.add(display(original))
            return None
        try:
            place = library_source(self.snapshot, outer, self.operation)
        except LibrarySourceUnavailable as error:
            self.unread.add(display(original))
            log.info("not followed: %s", error)
            return None
        tree, model = self._read(place.path)
        from Microsoft.CodeAnalysis.CSharp.Syntax import BaseMethodDeclarationSyntax  # type: ignore[import-not-found]
        from System.Linq import Enumerable  # type: ignore[import-not-found]

        for node in Enumerable.OfType[BaseMethodDeclarationSyntax](
            tree.GetRoot(self.operation.token).DescendantNodes()
        ):
            declared = model.GetDeclaredSymbol(node, self.operation.token)
            if declared is not None and _identifier(declared) == identifier:
                return model.GetOperation(node, self.operation.token)
        self.unread.add(display(original))
        return None

    def _inside(self) -> Any:
        """The app's compilation, binding as if inside the library: against the implementation assemblies
        (a reference assembly has no internal types), internals imported and accessible, so that
        ``TryAddSingleton<DefaultHttpClientFactory>()`` is read as the library compiled it."""
        if self._reading.inside is None:
            from Microsoft.CodeAnalysis import MetadataImportOptions  # type: ignore[import-not-found]
            from System import Enum  # type: ignore[import-not-found]
            from System.Reflection import BindingFlags  # type: ignore[import-not-found]

            options = self.compilation.Options.WithMetadataImportOptions(MetadataImportOptions.All)
            method = options.GetType().GetMethod(
                "WithTopLevelBinderFlags", BindingFlags.NonPublic | BindingFlags.Instance
            )
            if method is not None:  # an internal of Roslyn's: without it, fewer registrations are read
                flags = Enum.Parse(method.GetParameters()[0].ParameterType, "IgnoreAccessibility")
                options = method.Invoke(options, [flags])
            references = _implementations(self.compilation.References)
            self._reading.inside = self.compilation.WithReferences(references).WithOptions(options)
        return self._reading.inside

    def _read(self, path: str) -> tuple[Any, Any]:
        known = self._trees.get(path)
        if known is None:
            from Microsoft.CodeAnalysis.CSharp import (  # type: ignore[import-not-found]
                CSharpParseOptions,
                CSharpSyntaxTree,
            )

            text = _apart(Path(path).read_text(encoding="utf-8"))
            first = next(iter(self.compilation.SyntaxTrees), None)
            # The app's trees' options: a compilation refuses a tree of other features or language version.
            options = first.Options if first is not None else CSharpParseOptions()
            tree = CSharpSyntaxTree.ParseText(text, options, path)
            model = self._inside().AddSyntaxTrees(tree).GetSemanticModel(tree)
            known = self._trees[path] = (tree, model)
            # Where every internal is visible, two assemblies' internal types of one name are ambiguous
            # (Components' RouteOptions beside Routing's): what binds so is read as the app would bind it.
            self._reading.public[path] = self.compilation.AddSyntaxTrees(tree).GetSemanticModel(tree)
        return known

    def _rebound(self, op: Any) -> Any:
        """An operation that could not bind inside the library, bound with public types only; else itself."""
        model = self._reading.public.get(str(op.Syntax.SyntaxTree.FilePath))
        other = model.GetOperation(op.Syntax, self.operation.token) if model is not None else None
        return other if other is not None and str(other.Kind) != "Invalid" else op


@dataclass
class _Reading:
    """What reading libraries' code costs once per app compilation: kept while the compilation is."""

    compilation: Any
    inside: Any = None
    trees: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """Decompiled file -> (tree, model)."""
    public: dict[str, Any] = field(default_factory=dict)
    """Decompiled file -> its model in the app's own compilation (public types only)."""
    by_name: dict[str, Any] | None = None
    returns: dict[tuple[str, int, int], Any] = field(default_factory=dict)
    """What a followed call gives back, by its place."""
    calls: dict[tuple[str, int, int], list[Added]] = field(default_factory=dict)
    """What each of the app's calls adds, by its place."""


_readings: list[_Reading] = []
_readings_lock = threading.Lock()
READINGS_KEPT = 8


def _reading_of(compilation: Any) -> _Reading:
    with _readings_lock:
        for reading in _readings:
            if reading.compilation.Equals(compilation):  # the same object: its snapshot has not changed
                return reading
        reading = _Reading(compilation)
        _readings.insert(0, reading)
        del _readings[READINGS_KEPT:]
        return reading


def _implementations(references: Any) -> list[Any]:
    """Each reference as the assembly with the bodies (``implementation_of``), and the runtime's core
    library beside the framework's, which its facades forward to."""

    found = []
    cores: set[Path] = set()
    for reference in references:
        path = getattr(reference, "FilePath", None)
        if not path:
            found.append(reference)
            continue
        implementation = implementation_of(Path(str(path)))
        if implementation == Path(str(path)):
            found.append(reference)
            continue
        found.append(_metadata(implementation))
        core = implementation.parent / "System.Private.CoreLib.dll"
        if core.is_file():
            cores.add(core)
    return found + [_metadata(core) for core in sorted(cores)]


@functools.lru_cache(maxsize=2048)
def _metadata(path: Path) -> Any:
    """One metadata reference a file, shared by every reading (Roslyn shares what it read of it)."""
    from Microsoft.CodeAnalysis import MetadataReference  # type: ignore[import-not-found]

    return MetadataReference.CreateFromFile(str(path))


def shown(type_symbol: Any) -> str:
    """A type as C# names it, an open generic as ``typeof`` writes it (``IOptions<>``, ``Cache`` of
    ``DefaultTypedHttpClientFactory<>``)."""
    return re.sub(
        r"<\?(?:, ?\?)*>", lambda found: "<" + "," * (found.group(0).count("?") - 1) + ">", display(type_symbol)
    )


def _place_of(op: Any) -> tuple[str, int, int]:
    span = op.Syntax.Span  # a chained call starts where its receiver does: its end tells them apart
    return str(op.Syntax.SyntaxTree.FilePath), int(span.Start), int(span.End)


def _as_invocation(op: Any) -> Any:
    from Microsoft.CodeAnalysis.Operations import IInvocationOperation  # type: ignore[import-not-found]

    return IInvocationOperation(op)


def _primitive(method: Any) -> bool:
    containing = method.ContainingType
    return containing is not None and _named(containing) in PRIMITIVE_TYPES


def _adds_descriptor(method: Any, collection: Any) -> bool:
    """``ICollection<ServiceDescriptor>.Add`` and the like on the collection itself."""
    return str(method.Name) in ("Add", "Insert") and any(_named(p.Type) == DESCRIPTOR for p in method.Parameters)


def _lifetime_in(name: str) -> str | None:
    for word in ("Singleton", "Scoped", "Transient"):
        if name.endswith(word):
            return word.lower()
    return None


def _named(type_symbol: Any) -> str:
    return str(type_symbol.OriginalDefinition).split("<")[0]


def _metadata_name(definition: Any) -> str:
    names = [str(definition.MetadataName)]
    outer = definition.ContainingType
    while outer is not None:
        names.insert(0, str(outer.MetadataName))
        outer = outer.ContainingType
    namespace = definition.ContainingNamespace
    prefix = "" if namespace is None or namespace.IsGlobalNamespace else str(namespace) + "."
    return prefix.replace(APART, ".") + "+".join(names)


def _apart(text: str) -> str:
    """The decompiled file with its namespace moved one level down (``Microsoft.Extensions.DependencyInjection
    .RoslynTuiFollowed``): its calls of its own extension methods then bind to it, not ambiguously to it and
    to the library's same method, while the first namespace's types stay in scope."""
    return _NAMESPACE.sub(lambda found: f"{found.group(1)}{found.group(2)}{APART[:-1]}", text, count=1)


def _identifier(symbol: Any) -> str:
    """The documentation ID, the same for the library's symbol and its decompiled twin."""
    return str(symbol.GetDocumentationCommentId() or "").replace(APART, ".")


def _method_bindings(method: Any, resolve: Any) -> list[tuple[tuple[str, int], Any]]:
    pairs = [(("m", i), resolve(t)) for i, t in enumerate(method.TypeArguments)]
    containing = method.ContainingType
    if containing is not None and containing.IsGenericType:
        pairs += [(("t", i), resolve(t)) for i, t in enumerate(containing.TypeArguments)]
    return pairs


def _compared(binary: Any, value: Any, env: dict[Any, Any], bindings: dict[Any, Any]) -> Any:
    kind = str(binary.OperatorKind)
    left, right = value(binary.LeftOperand, env, bindings), value(binary.RightOperand, env, bindings)
    if kind in ("ConditionalAnd", "And") and (left is False or right is False):
        return False
    if kind in ("ConditionalOr", "Or") and (left is True or right is True):
        return True
    if left is UNKNOWN or right is UNKNOWN:
        return UNKNOWN
    made = [isinstance(side, Made) or side is MADE for side in (left, right)]
    if any(made) and None in (left, right):
        return kind == "NotEquals"
    if any(made):
        return UNKNOWN
    if kind == "Equals":
        return left == right
    if kind == "NotEquals":
        return left != right
    if kind in ("ConditionalAnd", "And") and isinstance(left, bool) and isinstance(right, bool):
        return left and right
    if kind in ("ConditionalOr", "Or") and isinstance(left, bool) and isinstance(right, bool):
        return left or right
    return UNKNOWN


def _joined(condition: str, more: str) -> str:
    return f"{condition} && {more}" if condition else more
