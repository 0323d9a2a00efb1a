"""What a file declares, member by member, on one side of a change.

Each declaration is read cheaply first (its documentation ID and its text as written), so that the
members a change left alone, most of a changed file, are recognised by their text without asking Roslyn
more. Only a declaration whose text differs gets its ``facets``: the facts a change is classified by
(accessibility, modifiers, return type, parameters with their defaults, constraints, attributes, the doc
comment, a constant's value, the body).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import Location
from ..symbols.declaration_kinds import FIELDS, NAMESPACES, TYPES
from ..symbols.describe import declared_symbol, display, documentation_id, kind_of, location_of, typed
from ..views.review_aspects import Parameter
from ..workspace.snapshot import Snapshot, display_name

_SKIPPED = {"GlobalStatementSyntax", "IncompleteMemberSyntax"}
_BODY_PARTS = ("Body", "ExpressionBody", "Initializer")
_WHITESPACE = re.compile(r"\s+")
_MEMBER_TAG = re.compile(r'<member name="[^"]*">')
"""The doc comment's XML names the member by its ID, which a new signature changes."""


@dataclass
class Declared:
    """One declaration (a type, a member, a field's variable) on one side."""

    key: str
    """Its documentation ID: what matches it with the other side."""
    symbol: Any
    node: Any
    text: str
    """As written, with its doc comment and attributes; a type's up to its first member."""
    path: str
    project: str
    parts: tuple[str, ...] = ()
    """A partial type's or method's files, when the change's side declares it in several."""

    @cached_property
    def top_level(self) -> bool:
        """The top-level statements of a file (the program's synthesized entry point)."""
        return type(self.node).__name__ == "CompilationUnitSyntax"

    @cached_property
    def kind(self) -> str:
        return kind_of(self.symbol)

    @cached_property
    def name(self) -> str:
        return str(self.symbol.Name)

    @cached_property
    def display(self) -> str:
        if self.top_level:
            return f"top-level statements of {Path(self.path).name}"
        return display(self.symbol)

    @cached_property
    def container(self) -> str:
        containing = self.symbol.ContainingType
        return documentation_id(containing) if containing is not None else ""

    @cached_property
    def is_type(self) -> bool:
        return str(self.symbol.Kind) == "NamedType"

    @cached_property
    def location(self) -> Location | None:
        """Where its name is in this file (a partial type's part here, not its first)."""
        for place in self.symbol.Locations:
            if place.SourceTree is not None and str(place.SourceTree.FilePath) == self.path:
                return location_of(place)
        return location_of(self.node.GetLocation())

    @cached_property
    def facets(self) -> Facets:
        return _facets(self.symbol, self.node)

    @cached_property
    def unspaced_text(self) -> str:
        """The text without its whitespace: equal when only the layout changed (``:this(`` and ``: this(``;
        asked only once the tokens are known to be the same)."""
        return _WHITESPACE.sub("", self.text)


def declarations(snapshot: Snapshot, operation: Operation, path: str) -> list[Declared]:
    """Every type and member ``path`` declares in the snapshot (its navigated target), in file order."""
    documents = snapshot.documents_for_path(path)
    if not documents:
        return []
    document = snapshot.document(path)
    tree = operation.wait(document.GetSyntaxTreeAsync(operation.token))
    model = snapshot.compilation(document.Project, operation).GetSemanticModel(tree)
    root = tree.GetRoot(operation.token)
    found: list[Declared] = []
    project = display_name(document.Project)
    statements = [node for node in root.Members if type(node).__name__ == "GlobalStatementSyntax"]
    if statements:
        # They are one member, the program's entry point: changed when any of them is.
        text = "".join(str(node.ToFullString()) for node in statements)
        _add(declared_symbol(model, root, operation.token), root, text, path, project, found)
    _walk(root.Members, model, operation, path, project, found)
    return found


def _walk(members: Any, model: Any, operation: Operation, path: str, project: str, found: list[Declared]) -> None:
    for node in members:
        kind = type(node).__name__
        if kind in _SKIPPED:
            continue
        if kind in NAMESPACES:
            _walk(node.Members, model, operation, path, project, found)
            continue
        if kind in FIELDS:
            text = str(node.ToFullString())
            for variable in node.Declaration.Variables:
                _add(declared_symbol(model, variable, operation.token), node, text, path, project, found)
            continue
        if kind in TYPES:
            inner = list(node.Members)
            whole = str(node.ToFullString())
            cut = int(inner[0].FullSpan.Start) - int(node.FullSpan.Start) if inner else len(whole)
            _add(declared_symbol(model, node, operation.token), node, whole[:cut], path, project, found)
            _walk(inner, model, operation, path, project, found)
            continue
        _add(declared_symbol(model, node, operation.token), node, str(node.ToFullString()), path, project, found)


def _add(symbol: Any, node: Any, text: str, path: str, project: str, found: list[Declared]) -> None:
    if symbol is None:
        return
    symbol = typed(symbol)
    key = documentation_id(symbol)
    if key:
        found.append(Declared(key, symbol, node, text, path, project))


@dataclass(frozen=True)
class Facets:
    """The facts a change is classified by; ``None`` where one does not apply to the declaration."""

    accessibility: str
    """Roslyn's word: ``Public``, ``ProtectedOrInternal``..."""
    modifiers: frozenset[str]
    attributes: tuple[str, ...]
    """Each as Roslyn writes it: ``System.ObsoleteAttribute("Use Y", true)``."""
    doc: str
    type_kind: str | None = None
    """``Class``, ``record Class``, ``Interface``..."""
    base_type: str | None = None
    interfaces: tuple[str, ...] | None = None
    type_parameters: tuple[str, ...] | None = None
    """Each with its constraints: ``T: class, new()``."""
    parameters: tuple[Parameter, ...] | str | None = None
    """A record's primary constructor is its parameter list as written."""
    return_type: str | None = None
    accessors: tuple[str, ...] | None = None
    """``Public get``, ``Private init``..."""
    value: str | None = None
    """A constant's value as C# writes it."""
    body: str | None = None
    """What runs (``_body``), its tokens alone: a change of layout inside it is not a change of body."""


def _facets(symbol: Any, node: Any) -> Facets:
    kind = str(symbol.Kind)
    common = Facets(
        accessibility=str(symbol.DeclaredAccessibility),
        modifiers=_modifiers(symbol, kind),
        attributes=tuple(sorted(str(a) for a in symbol.GetAttributes())),
        doc=_MEMBER_TAG.sub("<member>", str(symbol.GetDocumentationCommentXml() or "")).strip(),
    )
    if kind == "NamedType":
        base = symbol.BaseType
        primary = getattr(node, "ParameterList", None)
        delegate = symbol.DelegateInvokeMethod if str(symbol.TypeKind) == "Delegate" else None
        return replace(
            common,
            type_kind="record " + str(symbol.TypeKind) if symbol.IsRecord else str(symbol.TypeKind),
            base_type=display(base) if base is not None else "",
            interfaces=tuple(sorted(display(i) for i in symbol.Interfaces)),
            type_parameters=_type_parameters(symbol.TypeParameters),
            parameters=(
                _parameters(delegate.Parameters)
                if delegate is not None
                else _WHITESPACE.sub(" ", str(primary.ToString()))
                if primary is not None
                else ""
            ),
            return_type=display(delegate.ReturnType) if delegate is not None else None,
        )
    body = _body(node, symbol)
    if kind == "Method":
        return replace(
            common,
            return_type=_ref(symbol.RefKind) + display(symbol.ReturnType),
            parameters=_parameters(symbol.Parameters),
            type_parameters=_type_parameters(symbol.TypeParameters),
            body=body,
        )
    if kind == "Property":
        return replace(
            common,
            return_type=_ref(symbol.RefKind) + display(symbol.Type),
            parameters=_parameters(symbol.Parameters),
            accessors=_accessors(symbol),
            body=body,
        )
    if kind == "Field":
        value = csharp_literal(symbol.ConstantValue, symbol.Type) if symbol.HasConstantValue else None
        return replace(common, return_type=display(symbol.Type), value=value, body=body)
    if kind == "Event":
        return replace(common, return_type=display(symbol.Type), body=body)
    return replace(common, body=body)


def _modifiers(symbol: Any, kind: str) -> frozenset[str]:
    words = {"static": symbol.IsStatic, "abstract": symbol.IsAbstract, "virtual": symbol.IsVirtual}
    words |= {"override": symbol.IsOverride, "sealed": symbol.IsSealed, "extern": symbol.IsExtern}
    if kind == "Field":
        words |= {"readonly": symbol.IsReadOnly, "const": symbol.IsConst, "volatile": symbol.IsVolatile}
    if kind == "NamedType":
        words |= {"readonly": symbol.IsReadOnly, "ref": symbol.IsRefLikeType}
        words["static"] = symbol.IsStatic
    if kind == "Property":
        words["required"] = symbol.IsRequired
    return frozenset(word for word, present in words.items() if present)


def _parameters(parameters: Any) -> tuple[Parameter, ...]:
    return tuple(
        Parameter(
            type=_ref(parameter.RefKind) + display(parameter.Type),
            name=str(parameter.Name),
            params=bool(parameter.IsParams),
            default=(
                csharp_literal(parameter.ExplicitDefaultValue, parameter.Type)
                if parameter.HasExplicitDefaultValue
                else ""
            ),
        )
        for parameter in parameters
    )


def csharp_literal(value: Any, type_symbol: Any) -> str:
    """A constant as C# writes it: ``"text"``, ``true``, ``null``, ``default`` (a struct's), ``2.5``."""
    if value is None:
        return "default" if type_symbol is not None and type_symbol.IsValueType else "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def _type_parameters(parameters: Any) -> tuple[str, ...]:
    shaped = []
    for parameter in parameters:
        words = [w for w, present in (
            ("class", parameter.HasReferenceTypeConstraint),
            ("struct", parameter.HasValueTypeConstraint),
            ("unmanaged", parameter.HasUnmanagedTypeConstraint),
            ("notnull", parameter.HasNotNullConstraint),
        ) if present]  # fmt: skip
        words += [display(t) for t in parameter.ConstraintTypes]
        if parameter.HasConstructorConstraint:
            words.append("new()")
        shaped.append(f"{parameter.Name}: {', '.join(words)}" if words else str(parameter.Name))
    return tuple(shaped)


def _accessors(symbol: Any) -> tuple[str, ...]:
    shaped = []
    if symbol.GetMethod is not None:
        shaped.append(f"{symbol.GetMethod.DeclaredAccessibility} get")
    if symbol.SetMethod is not None:
        word = "init" if symbol.SetMethod.IsInitOnly else "set"
        shaped.append(f"{symbol.SetMethod.DeclaredAccessibility} {word}")
    return tuple(shaped)


def _ref(kind: Any) -> str:
    word = str(kind)
    return {
        "Ref": "ref ",
        "Out": "out ",
        "In": "in ",
        "RefReadOnly": "ref readonly ",
        "RefReadOnlyParameter": "ref readonly ",
    }.get(word, "")


def _body(node: Any, symbol: Any) -> str:
    """What runs: a member's body, expression body and initializer (a constructor's ``: base(...)``, a
    property's or field's ``= value``), each accessor's; as tokens, so layout and comments inside it
    (``:this(`` and ``: this(``) are not a change of body."""
    parts = []
    if str(symbol.Kind) == "Field" and not symbol.IsConst:
        for variable in node.Declaration.Variables:
            if str(variable.Identifier.ValueText) == str(symbol.Name) and variable.Initializer is not None:
                parts.append(_tokens(variable.Initializer))
    if type(node).__name__ == "CompilationUnitSyntax":  # top-level statements
        parts += [_tokens(member) for member in node.Members if type(member).__name__ == "GlobalStatementSyntax"]
    for name in _BODY_PARTS:
        part = getattr(node, name, None)
        if part is not None and not (name == "Initializer" and str(symbol.Kind) == "Field"):
            parts.append(_tokens(part))
    accessors = getattr(node, "AccessorList", None)
    if accessors is not None:
        for accessor in accessors.Accessors:
            for name in ("Body", "ExpressionBody"):
                part = getattr(accessor, name, None)
                if part is not None:
                    parts.append(f"{accessor.Keyword.ValueText} {_tokens(part)}")
    return " | ".join(parts)


def _tokens(node: Any) -> str:
    return " ".join(str(token.Text) for token in node.DescendantTokens())
