"""What an edit changed that other code can see: the names of the declarations whose signature, not
only body, differs between two versions of a file.

An error an edit causes elsewhere sits where that code names something the edit changed: a call of a
method whose parameters changed, a class implementing an interface that gained a member (its base list
names the interface), a use of a removed type. So the files worth checking again are those that mention
one of these names. A change to a file's usings, assembly attributes or namespaces can reach any
file: then ``None`` says check everything.
"""

from __future__ import annotations

import re
from typing import Any

from ..symbols.declaration_kinds import FIELDS, NAMESPACES, TYPES

_SPACE = re.compile(r"\s+")


def changed_names(old_root: Any | None, new_root: Any | None) -> set[str] | None:
    """The names whose declarations differ beyond their bodies (with the types holding them);
    ``None`` when the file's usings, assembly attributes or namespaces changed."""
    if old_root is None or new_root is None:
        present = old_root if new_root is None else new_root
        return {name for (_, name, _) in _declarations(present)} if present is not None else set()
    if _file_header(old_root) != _file_header(new_root):
        return None
    before, after = _declarations(old_root), _declarations(new_root)
    names: set[str] = set()
    for key in before.keys() | after.keys():
        old, new = before.get(key), after.get(key)
        if old is not None and new is not None and old == new:
            continue
        container, name, _ = key
        names.add(name)
        # The type holding it: a class implementing an interface, or deriving from a class, names that
        # type but not a member it lacks. Namespaces are left out: every file names them.
        holder = container.rsplit(".", 1)[-1]
        if holder and not holder.startswith("~"):
            names.add(holder)
    return names


def _file_header(root: Any) -> str:
    """Usings, extern aliases, assembly attributes and the namespaces declared, whitespace aside."""
    parts = [_flat(u) for u in root.Usings] + [_flat(a) for a in root.AttributeLists]
    parts += [_flat(e) for e in root.Externs]
    pending = list(root.Members)
    while pending:
        node = pending.pop(0)
        if node.GetType().Name in NAMESPACES:
            parts.append("namespace " + _flat(node.Name) + "".join(_flat(u) for u in node.Usings))
            pending.extend(node.Members)
    return "\n".join(parts)


def _declarations(root: Any) -> dict[tuple[str, str, str], str]:
    """(container, name, kind) -> the declaration's signature text (a container is the path of
    namespaces, marked ``~``, and types): a type's header, a member with its
    body left out (Roslyn's top-level equivalence decides what a body is)."""
    found: dict[tuple[str, str, str], str] = {}

    def walk(node: Any, container: str) -> None:
        for child in node.ChildNodes():
            kind = child.GetType().Name
            if kind in NAMESPACES:
                walk(child, f"{container}.~{_flat(child.Name)}")
            elif kind in TYPES:
                name = str(child.Identifier.ValueText)
                found[(container, name, kind)] = _type_header(child)
                walk(child, f"{container}.{name}")
            elif kind in FIELDS:
                for variable in child.Declaration.Variables:
                    found[(container, str(variable.Identifier.ValueText), kind)] = _signature(child)
            elif kind == "GlobalStatementSyntax":
                continue  # top-level statements: a body
            elif kind.endswith("DeclarationSyntax") or kind == "EnumMemberDeclarationSyntax":
                found[(container, _member_name(child), kind + _arity(child))] = _signature(child)

    walk(root, "")
    return found


def _member_name(node: Any) -> str:
    identifier = getattr(node, "Identifier", None)
    if identifier is not None:
        return str(identifier.ValueText)
    kind = node.GetType().Name
    if kind == "OperatorDeclarationSyntax":
        return "op_" + str(node.OperatorToken.ValueText)
    if kind == "ConversionOperatorDeclarationSyntax":
        return "op_Implicit" if str(node.ImplicitOrExplicitKeyword.ValueText) == "implicit" else "op_Explicit"
    if kind == "IndexerDeclarationSyntax":
        return "this"
    return kind


def _arity(node: Any) -> str:
    """Overloads apart: the parameter types as written."""
    parameters = getattr(node, "ParameterList", None)
    return "" if parameters is None else _flat(parameters)


def _type_header(node: Any) -> str:
    """Everything of a type declaration before its members: attributes, modifiers, name, type
    parameters, primary constructor, base list, constraints."""
    text = str(node.ToString())
    brace = node.OpenBraceToken
    if brace.RawKind != 0 and not brace.IsMissing:
        text = text[: brace.SpanStart - node.SpanStart]
    return _SPACE.sub(" ", text).strip()


def _signature(node: Any) -> str:
    """A member's text with its body and initializer emptied, so that two members compare equal when
    Roslyn's top-level equivalence would say so (a ``const``'s value is kept: others compile it in)."""
    text = str(node.ToString())
    cut = []
    for child in node.DescendantNodes():
        kind = child.GetType().Name
        if (kind in ("BlockSyntax", "ArrowExpressionClauseSyntax") and _is_body(child, node)) or (
            kind == "EqualsValueClauseSyntax" and _is_initializer(child, node)
        ):
            cut.append((child.SpanStart - node.SpanStart, child.Span.End - node.SpanStart))
    for start, end in sorted(cut, reverse=True):
        text = text[:start] + "{}" + text[end:]
    return _SPACE.sub(" ", text).strip()


def _is_body(child: Any, member: Any) -> bool:
    """A block or ``=>`` that is the member's own body or an accessor's, not one nested in another."""
    parent = child.Parent
    return parent is not None and (parent == member or parent.GetType().Name == "AccessorDeclarationSyntax")


def _is_initializer(clause: Any, member: Any) -> bool:
    """A field's or property's initial value (not a parameter's default, a constant's value or an
    enum member's, which other code compiles in)."""
    if _is_const(member) or member.GetType().Name == "EnumMemberDeclarationSyntax" or clause.Parent is None:
        return False
    return clause.Parent.GetType().Name in ("VariableDeclaratorSyntax", "PropertyDeclarationSyntax")


def _is_const(node: Any) -> bool:
    return any(str(m.ValueText) == "const" for m in getattr(node, "Modifiers", []))


def _flat(node: Any) -> str:
    return _SPACE.sub(" ", str(node.ToString())).strip()
