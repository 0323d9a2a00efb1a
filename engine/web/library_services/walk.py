"""The walk of a library registration method's body, as the container would meet it."""

from __future__ import annotations

import logging
from typing import Any

from ...host.interop import Operation
from ...symbols.describe import display, typed
from ...workspace.snapshot import Snapshot
from .evaluation import Env, Evaluator, as_invocation, flattened
from .library_code import LibraryCode, identifier, place_of
from .values import COLLECTION, DESCRIPTOR, Added, Described, joined, lifetime_in, named

log = logging.getLogger("roslyn_tui")

DEPTH = 12
"""Calls followed from the app's call at most: the deepest chain met (``AddRazorPages`` down to
``AddViewServices``' ``AddDataProtection``) is 7."""
PRIMITIVE_TYPES = (
    "Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions",
    "Microsoft.Extensions.DependencyInjection.Extensions.ServiceCollectionDescriptorExtensions",
)
"""Where ``Add{Lifetime}`` and ``TryAdd*`` live: read as registrations, never followed."""
_DESCRIPTOR_CALLS = ("Add", "TryAdd", "TryAddEnumerable", "Replace")


class LibraryServices:
    """Follows an app's calls of library registration methods into the library, for one compilation."""

    def __init__(self, snapshot: Snapshot, compilation: Any, operation: Operation) -> None:
        self.operation = operation
        self.code = LibraryCode(snapshot, compilation, operation)
        self.evaluator = Evaluator(self.code)
        self.value = self.evaluator.value
        self.has_collection = compilation.GetTypeByMetadataName(COLLECTION) is not None

    def follows(self, method: Any) -> bool:
        """Whether an app's call of ``method`` is one to follow: a library method (not ``Add{Lifetime}``
        itself) that takes the collection or a builder of it."""
        method = typed(method)
        method = typed(method.ReducedFrom or method)  # an extension method's static form has the collection
        if any(location.IsInSource for location in method.Locations):
            return False
        return not _primitive(method) and self._takes_collection(method)

    def of_call(self, invocation: Any) -> tuple[list[Added], set[str]]:
        """The services added by the app's call ``invocation`` (an ``IInvocationOperation``), and the
        library methods on its way whose code could not be read (what they add is missing)."""
        place = place_of(invocation)
        known = self.code.reading.calls.get(place)
        if known is None:
            found: list[Added] = []
            self.code.unread = set()
            self._invocation(as_invocation(invocation), {}, {}, (), "", found, top=True)
            known = self.code.reading.calls[place] = (found, self.code.unread)
        return known

    def _visit(
        self, op: Any, env: Env, bindings: dict[Any, Any], chain: tuple[str, ...], condition: str, found: list[Added]
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
            op = self.code.rebound(op)
        kind = str(op.Kind)
        if kind in ("AnonymousFunction", "LocalFunction", "DelegateCreation"):
            return  # a factory's body runs when the service is made, not when it is registered
        if kind == "Invocation":
            self._invocation(as_invocation(op), env, bindings, chain, condition, found)
            return
        if kind == "Conditional":
            conditional = IConditionalOperation(op)
            decided = self.value(conditional.Condition, env, bindings)
            self._visit(conditional.Condition, env, bindings, chain, condition, found)
            text = str(conditional.Condition.Syntax)
            if decided is not False:
                inner = condition if decided is True else joined(condition, text)
                self._visit(conditional.WhenTrue, env, bindings, chain, inner, found)
            if decided is not True and conditional.WhenFalse is not None:
                inner = condition if decided is False else joined(condition, f"!({text})")
                self._visit(conditional.WhenFalse, env, bindings, chain, inner, found)
            return
        if kind == "Return":
            returned = IReturnOperation(op).ReturnedValue
            if returned is not None:
                self._visit(returned, env, bindings, chain, condition, found)
                env["return"] = self.value(returned, env, bindings)
            return
        if kind == "VariableDeclarator":
            declarator = IVariableDeclaratorOperation(op)
            if declarator.Initializer is not None:
                self._visit(declarator.Initializer.Value, env, bindings, chain, condition, found)
                env[("local", str(declarator.Symbol.Name))] = self.value(declarator.Initializer.Value, env, bindings)
            return
        if kind == "SimpleAssignment":
            assignment = ISimpleAssignmentOperation(op)
            self._visit(assignment.Value, env, bindings, chain, condition, found)
            target = str(assignment.Target.Kind)
            if target == "LocalReference":
                name = str(ILocalReferenceOperation(assignment.Target).Local.Name)
                env[("local", name)] = self.value(assignment.Value, env, bindings)
            elif target == "ParameterReference":
                ordinal = int(IParameterReferenceOperation(assignment.Target).Parameter.Ordinal)
                env[ordinal] = self.value(assignment.Value, env, bindings)
            return
        for child in op.ChildOperations:
            self._visit(child, env, bindings, chain, condition, found)

    def _invocation(
        self,
        call: Any,
        env: Env,
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
        if _primitive(method) or _adds_descriptor(method):
            found.extend(self._registered(call, method, env, bindings, chain[0::2], condition))
            return
        if str(method.MethodKind) == "DelegateInvoke":
            return  # the caller's lambda (``configure(builder)``): the app's code, not the library's
        if not self._takes_collection(method) or len(chain) // 2 >= DEPTH:
            return
        name = str(method.Name)
        key = identifier(method.OriginalDefinition) or display(method)
        if key in chain[1::2]:
            return  # recursion: the first pass has added what it adds
        body = self.code.body(method)
        log.debug("follow %s: %s", " > ".join(chain[0::2]), name if body is not None else f"{name} (unread)")
        if body is None:
            return
        values: Env = {
            int(a.Parameter.Ordinal): self.value(a.Value, env, bindings) for a in call.Arguments if a.Parameter
        }
        if call.Instance is not None:
            values["this"] = self.value(call.Instance, env, bindings)
        inner = self.code.bindings_of(method, bindings)
        self._visit(body, values, inner, (*chain, name, key), condition, found)
        if "return" in values:  # what the call gives back: a builder its caller goes on with
            self.code.reading.returns[place_of(call)] = values["return"]

    def _registered(
        self, call: Any, method: Any, env: Env, bindings: dict[Any, Any], steps: tuple[str, ...], condition: str
    ) -> list[Added]:
        name = str(method.Name)
        if name in _DESCRIPTOR_CALLS:
            given = (a for a in call.Arguments if a.Parameter is not None and not self._builder(a.Parameter.Type))
            described = flattened(self.value(a.Value, env, bindings) for a in given)
        else:
            lifetime = lifetime_in(name)
            arguments = {str(a.Parameter.Name): a for a in call.Arguments if a.Parameter is not None}
            described = [self.evaluator.described(lifetime, method, arguments, env, bindings)] if lifetime else []
        return [
            Added(d.lifetime, d.service, d.implementation, name, d.key, steps, condition)
            for d in described
            if isinstance(d, Described)
        ]

    def _takes_collection(self, method: Any) -> bool:
        if not method.IsStatic and method.ContainingType is not None and self._builder(method.ContainingType):
            return self._builder(method.ReturnType)  # fluent (OptionsBuilder<T>.Configure), not Build()
        return any(self._builder(parameter.Type) for parameter in method.Parameters)

    def _builder(self, type_symbol: Any) -> bool:
        """The collection itself, or a type with a ``Services`` collection (``IMvcBuilder``, ``OptionsBuilder<T>``,
        a ``TBuilder`` constrained to one); by name, as the library's code and the app's see the same types
        through different imports."""
        if type_symbol is None or not self.has_collection:
            return False
        type_symbol = typed(type_symbol)
        kind = str(type_symbol.Kind)
        if kind == "TypeParameter":
            return any(self._builder(constraint) for constraint in type_symbol.ConstraintTypes)
        if kind != "NamedType":
            return False
        if named(type_symbol) == COLLECTION:
            return True
        bases = []
        current = type_symbol
        while current is not None:
            bases.append(current)
            current = current.BaseType
        for each in [*bases, *type_symbol.AllInterfaces]:  # an interface's Services is on the one it extends
            for member in each.GetMembers("Services"):
                if str(member.Kind) == "Property" and named(typed(member).Type) == COLLECTION:
                    return True
        return False


def _primitive(method: Any) -> bool:
    containing = method.ContainingType
    return containing is not None and named(containing) in PRIMITIVE_TYPES


def _adds_descriptor(method: Any) -> bool:
    """``ICollection<ServiceDescriptor>.Add`` and the like on the collection itself."""
    return str(method.Name) in ("Add", "Insert") and any(named(p.Type) == DESCRIPTOR for p in method.Parameters)
