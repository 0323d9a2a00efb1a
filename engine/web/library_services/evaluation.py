"""What an operation of the library's code evaluates to where the code alone says it: a parameter's value
or its default, a local's, a constant, ``typeof``, ``MakeGenericType``, an ``if`` or ``?:`` decided on
known values, what a followed call gave back, the ``ServiceDescriptor`` it makes; else ``UNKNOWN``."""

from __future__ import annotations

from typing import Any

from ...symbols.describe import typed
from .library_code import LibraryCode, constructed, place_of
from .values import DESCRIPTOR, LIFETIMES, UNKNOWN, Described, Made, TypeValue, compared, lifetime_in, named

Env = dict[Any, Any]
"""A method's values as the walk knows them: parameters by ordinal, ``("local", name)``, ``"this"``,
``"return"``."""

_STRING_CASE = {"ToLowerInvariant": "lower", "ToLower": "lower", "ToUpperInvariant": "upper", "ToUpper": "upper"}
"""What a library does to a name it is given before it keys a service with it (``AddOpenApi``)."""


class Evaluator:
    def __init__(self, code: LibraryCode) -> None:
        self.code = code

    def value(self, op: Any, env: Env, bindings: dict[Any, Any]) -> Any:
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
            op = self.code.rebound(op)
        kind = str(op.Kind)
        if kind == "Conversion":
            return self.value(IConversionOperation(op).Operand, env, bindings)
        if kind == "ParameterReference":
            return env.get(int(IParameterReferenceOperation(op).Parameter.Ordinal), UNKNOWN)
        if kind == "LocalReference":
            return env.get(("local", str(ILocalReferenceOperation(op).Local.Name)), UNKNOWN)
        if kind == "InstanceReference":
            return env.get("this", UNKNOWN)
        if kind == "TypeOf":
            resolved = self.code.resolve(ITypeOfOperation(op).TypeOperand, bindings)
            return TypeValue(resolved) if resolved is not None else UNKNOWN
        if kind in ("AnonymousFunction", "DelegateCreation", "MethodReference"):
            return Made()
        if kind == "ObjectCreation":
            creation = IObjectCreationOperation(op)
            arguments = _by_name(creation.Arguments)
            if creation.Type is not None and named(creation.Type) == DESCRIPTOR and creation.Constructor:
                return self.described("", creation.Constructor, arguments, env, bindings) or UNKNOWN
            return Made(tuple((name, self.value(a.Value, env, bindings)) for name, a in arguments.items()))
        if kind == "PropertyReference":
            reference = IPropertyReferenceOperation(op)
            owner = self.value(reference.Instance, env, bindings) if reference.Instance is not None else UNKNOWN
            return owner.property(str(reference.Property.Name)) if isinstance(owner, Made) else UNKNOWN
        if kind == "Invocation":
            return self._called(as_invocation(op), env, bindings)
        if kind == "ArrayCreation":
            creation = IArrayCreationOperation(op)
            if creation.Initializer is None:
                return UNKNOWN
            return [self.value(element, env, bindings) for element in creation.Initializer.ElementValues]
        if kind == "Conditional":
            conditional = IConditionalOperation(op)
            decided = self.value(conditional.Condition, env, bindings)
            if isinstance(decided, bool):
                return self.value(conditional.WhenTrue if decided else conditional.WhenFalse, env, bindings)
            return UNKNOWN
        if kind == "IsPattern":  # x is null
            test = IIsPatternOperation(op)
            pattern = test.Pattern
            if str(pattern.Kind) != "ConstantPattern" or IConstantPatternOperation(pattern).Value.ConstantValue.Value:
                return UNKNOWN
            inner = self.value(test.Value, env, bindings)
            return inner is None if inner is None or isinstance(inner, Made) else UNKNOWN
        if kind == "Unary":
            unary = IUnaryOperation(op)
            inner = self.value(unary.Operand, env, bindings)
            return (not inner) if str(unary.OperatorKind) == "Not" and isinstance(inner, bool) else UNKNOWN
        if kind == "Binary":
            binary = IBinaryOperation(op)
            left = self.value(binary.LeftOperand, env, bindings)
            return compared(str(binary.OperatorKind), left, self.value(binary.RightOperand, env, bindings))
        return UNKNOWN

    def _called(self, call: Any, env: Env, bindings: dict[Any, Any]) -> Any:
        returned = self.code.reading.returns.get(place_of(call))
        if returned is not None:
            return returned
        method = typed(call.TargetMethod)
        name = str(method.Name)
        if name == "MakeGenericType" and call.Instance is not None:
            return self._made_generic(call, env, bindings)
        if name in _STRING_CASE and call.Instance is not None:
            text = self.value(call.Instance, env, bindings)
            return getattr(text, _STRING_CASE[name])() if isinstance(text, str) else UNKNOWN
        if method.ContainingType is not None and named(method.ContainingType) == DESCRIPTOR:
            arguments = _by_name(call.Arguments)
            return self.described(lifetime_in(name) or "", method, arguments, env, bindings) or UNKNOWN
        return UNKNOWN

    def described(
        self, lifetime: str, method: Any, arguments: dict[str, Any], env: Env, bindings: dict[Any, Any]
    ) -> Described | None:
        """A registration's parts from ``Add{Lifetime}``/``TryAdd{Lifetime}`` or ``ServiceDescriptor``'s
        ``Singleton``, ``Describe`` or constructor: type arguments, ``typeof`` arguments, a factory or an
        instance."""
        types = [self.code.resolve(t, bindings) for t in method.TypeArguments]
        given = {name: self.value(a.Value, env, bindings) for name, a in arguments.items()}
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

    def _made_generic(self, call: Any, env: Env, bindings: dict[Any, Any]) -> Any:
        """``typeof(SecurityStampValidator<>).MakeGenericType(UserType)`` where both are known."""
        open_type = self.value(call.Instance, env, bindings)
        given = flattened(self.value(a.Value, env, bindings) for a in call.Arguments)
        if not isinstance(open_type, TypeValue) or not all(isinstance(v, TypeValue) for v in given):
            return UNKNOWN
        definition = typed(open_type.symbol.OriginalDefinition)
        if str(definition.Kind) != "NamedType" or definition.Arity != len(given):
            return UNKNOWN
        return TypeValue(constructed(definition, [v.symbol for v in given]))

    def _instance_type(self, op: Any, bindings: dict[Any, Any]) -> Any:
        """The type of an instance given to the container, where the code makes it there (``new T(...)``)."""
        from Microsoft.CodeAnalysis.Operations import IConversionOperation  # type: ignore[import-not-found]

        while str(op.Kind) == "Conversion":
            op = IConversionOperation(op).Operand
        return self.code.resolve(op.Type, bindings) if str(op.Kind) == "ObjectCreation" else None


def as_invocation(op: Any) -> Any:
    from Microsoft.CodeAnalysis.Operations import IInvocationOperation  # type: ignore[import-not-found]

    return IInvocationOperation(op)


def flattened(values: Any) -> list[Any]:
    """Values with the arrays among them (``params``, ``new[] { ... }``) spread out."""
    return [v for value in values for v in (value if isinstance(value, list) else [value])]


def _by_name(arguments: Any) -> dict[str, Any]:
    return {str(a.Parameter.Name): a for a in arguments if a.Parameter is not None}
