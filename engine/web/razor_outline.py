"""The outline of a Razor file: its directives (``@page`` routes, ``@rendermode``, ``@inject``,
``@layout``, ``@inherits``, ``@implements``, ``@attribute``, ``@model``), the component or page its
generated C# declares with the members its ``@code`` block declares (``[Parameter]`` properties marked
``parameter``), and the components it uses as tags, each at its place in the Razor file."""

from __future__ import annotations

import os
import re
from typing import Any

from ..errors import FileNotInSolution
from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import declared_symbol, display, documentation_id, kind_of, location_of, typed
from ..views.outline import FileOutline, OutlineNode
from ..workspace.hooks import outlines_of
from ..workspace.snapshot import Snapshot
from .pages import page_route
from .razor import is_razor, line_tables

_DIRECTIVE = re.compile(r"^\s*@(page|rendermode|inject|layout|inherits|implements|attribute|model)\b\s*(.*?)\s*$")
_KINDS = {"page": "route", "rendermode": "render mode", "model": "page model"}


@outlines_of
def razor_outline(snapshot: Snapshot, operation: Operation, file: str) -> FileOutline | None:
    if not is_razor(file):
        return None
    path = snapshot.absolute(file)
    spans = line_tables(snapshot, operation).get(os.path.normcase(str(path)))
    if spans is None:
        reason = "does not exist" if not path.is_file() else "is in no loaded project's generated code"
        raise FileNotInSolution(
            f"{snapshot.relative(str(path))} {reason}.", "Give a .razor or .cshtml file of a loaded project."
        )
    lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    items = [*_directives(str(path), lines, _folder_route(snapshot, str(path)))]
    document = spans[0].document
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    root = spans[0].tree.GetRoot(operation.token)
    declared = _declared_type(root, model, operation)
    if declared is not None:
        items.append(_type_node(declared, str(path), lines, operation))
    items += _components_used(root, model, str(path), lines, operation)
    return FileOutline(str(snapshot.root), str(path), tuple(items))


def _folder_route(snapshot: Snapshot, path: str) -> str:
    """A Razor Page's route when its ``@page`` names none: its path under ``Pages/``."""
    document = snapshot.additional_document(path)
    if document is None or not path.lower().endswith(".cshtml") or not document.Project.FilePath:
        return ""
    relative = os.path.relpath(path, os.path.dirname(str(document.Project.FilePath))).replace(os.sep, "/")
    return page_route(relative, None) if relative.startswith("Pages/") else ""


def _directives(path: str, lines: list[str], folder_route: str) -> list[OutlineNode]:
    found = []
    for number, line in enumerate(lines, 1):
        directive = _DIRECTIVE.match(line)
        if directive is None:
            continue
        name, value = directive.group(1), directive.group(2).strip('"')
        if name == "page" and not value:
            value = folder_route
        column = line.index("@" + name) + 1
        place = Location(path, number, column, number, len(line) + 1)
        found.append(OutlineNode(value, _KINDS.get(name, name), value, place, place, ""))
    return found


def _declared_type(root: Any, model: Any, operation: Operation) -> Any:
    from Microsoft.CodeAnalysis.CSharp.Syntax import ClassDeclarationSyntax  # type: ignore[import-not-found]
    from System.Linq import Enumerable  # type: ignore[import-not-found]

    for declaration in Enumerable.OfType[ClassDeclarationSyntax](root.DescendantNodes()):
        return declared_symbol(model, declaration, operation.token)
    return None


def _type_node(component: Any, path: str, lines: list[str], operation: Operation) -> OutlineNode:
    """The component (or page) with the members declared in this file's ``@code``."""
    members = []
    for member in component.GetMembers():
        member = typed(member)
        accessor = str(member.Kind) == "Method" and member.AssociatedSymbol is not None
        if member.IsImplicitlyDeclared or not member.Locations.Length or accessor:
            continue  # accessors are shown with their property
        if str(member.Name).startswith("__"):
            continue  # made by Razor (``__PrivateComponentRenderModeAttribute`` for @rendermode): nobody wrote it
        place = location_of(member.Locations[0])
        if place is None or place.path != path:
            continue  # generated around the markup (BuildRenderTree), not written in the file
        whole = (
            location_of(member.DeclaringSyntaxReferences[0].GetSyntax(operation.token).GetLocation())
            if member.DeclaringSyntaxReferences.Length
            else None
        )
        kind = "parameter" if _is_parameter(member) else kind_of(member)
        members.append(
            OutlineNode(
                str(member.Name),
                kind,
                display(member),
                place,
                whole if whole and whole.path == path else place,
                documentation_id(member),
            )
        )
    members.sort(key=lambda node: (node.location.line, node.location.column))
    first = Location(path, 1, 1, len(lines) or 1, 1)
    kind = "component" if path.lower().endswith(".razor") else "page"
    return OutlineNode(
        str(component.Name), kind, display(component), first, first, documentation_id(component), tuple(members)
    )


def _is_parameter(member: Any) -> bool:
    return any(
        a.AttributeClass is not None
        and str(a.AttributeClass.Name) in ("ParameterAttribute", "CascadingParameterAttribute")
        for a in member.GetAttributes()
    )


def _components_used(root: Any, model: Any, path: str, lines: list[str], operation: Operation) -> list[OutlineNode]:
    """Each component the markup opens as a tag (``OpenComponent<T>`` in the generated C#), at its first tag."""
    from Microsoft.CodeAnalysis.CSharp.Syntax import GenericNameSyntax  # type: ignore[import-not-found]
    from System.Linq import Enumerable  # type: ignore[import-not-found]

    seen: dict[str, Any] = {}
    for name in Enumerable.OfType[GenericNameSyntax](root.DescendantNodes()):
        if str(name.Identifier.ValueText) != "OpenComponent" or name.TypeArgumentList.Arguments.Count != 1:
            continue
        used = model.GetTypeInfo(name.TypeArgumentList.Arguments[0], operation.token).Type
        if used is not None:
            seen.setdefault(str(used.Name), typed(used))
    found = []
    for tag, component in seen.items():
        at = _first_tag(lines, tag)
        if at is None:
            continue
        number, column = at
        place = Location(path, number, column, number, column + len(tag))
        found.append(OutlineNode(tag, "uses", display(component), place, place, documentation_id(component)))
    return sorted(found, key=lambda node: (node.location.line, node.location.column))


def _first_tag(lines: list[str], tag: str) -> tuple[int, int] | None:
    pattern = re.compile(rf"<{re.escape(tag)}(?=[\s/>])")
    for number, line in enumerate(lines, 1):
        found = pattern.search(line)
        if found:
            return number, found.start() + 2
    return None
