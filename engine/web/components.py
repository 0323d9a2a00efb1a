"""Blazor components as symbols: a component's uses as tags are its references, answered at the tag.

Razor turns ``<TodoList Items="items" />`` into ``__builder.OpenComponent<TodoList>(4)`` and one
``AddComponentParameter(5, nameof(TodoList.Items), ...)`` per attribute, with no ``#line`` for the tag's
name: Roslyn finds the component's references in generated code nobody wrote. Here they become what a
person sees: each ``OpenComponent`` is the tag it was made from (kind ``component``, ``razor_tags``);
the ``nameof`` of a parameter and the cast of an ``@ref`` belong to that tag and are not second
references of the component; a generic component's inferred tag is made in a ``TypeInference`` method,
and answered as the file's render method's, where it is written. A
``[Parameter]``'s reference at a tag's attribute (the generator maps that one) is of kind ``attribute``.
When the tags and the generated calls do not pair one to one, the generated places stay, marked
generated as everywhere.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import full_name, razor_file_of
from ..symbols.syntax_roles import ATTRIBUTE, COMPONENT, NAMEOF
from ..views.references import Reference
from ..workspace.hooks import places_references
from ..workspace.snapshot import Snapshot
from .razor import is_razor, line_tables
from .razor_tags import paired

_COMPONENT = "Microsoft.AspNetCore.Components.IComponent"
_MEMO = "razor_generated_files"


@places_references
def component_references(
    snapshot: Snapshot, operation: Operation, symbol: Any, references: list[Reference]
) -> list[Reference]:
    if str(symbol.Kind) == "Property" and _is_parameter(symbol):
        return [
            dataclasses.replace(r, kind=ATTRIBUTE) if r.kind == NAMEOF and is_razor(r.location.path) else r
            for r in references
        ]
    if str(symbol.Kind) != "NamedType" or not _is_component(symbol):
        return references
    made_from = _generated_files(snapshot, operation)
    kept: list[Reference] = []
    for reference in references:
        generated = made_from.get(os.path.normcase(reference.location.path))
        if generated is None:
            kept.append(reference)
        elif "OpenComponent<" in reference.line_text:
            kept.append(_at_tag(reference, *generated, operation, str(symbol.Name)))
        elif "AddComponentParameter(" not in reference.line_text and ")__value;" not in reference.line_text:
            kept.append(reference)  # else nameof(TodoList.Items)'s qualifier or @ref's cast: part of the tag
    return kept


def _at_tag(reference: Reference, razor: str, tree: Any, operation: Operation, name: str) -> Reference:
    """The tag a generated ``OpenComponent`` was made from; the generated place when they do not pair."""
    text = tree.GetText(operation.token)
    try:
        written = Path(razor).read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return reference
    for (tag, _, line, column), (_, offset) in paired(written, str(text)):
        at = text.Lines.GetLinePosition(offset)
        if (at.Line + 1, at.Character + 1) == (reference.location.line, reference.location.column):
            start = column + len(tag) - len(name)  # <Web.Client.Shared.TodoList: the simple name's place
            place = Location(razor, line, start, line, start + len(name))
            line_text = written.splitlines()[line - 1].strip()
            member = reference.containing_member
            if member.startswith("TypeInference."):  # a generic component's inferred tag: the file renders it
                member = f"{Path(razor).stem}.BuildRenderTree(RenderTreeBuilder)"
            return Reference(place, COMPONENT, member, line_text, reference.definition)
    return reference


def _generated_files(snapshot: Snapshot, operation: Operation) -> dict[str, tuple[str, Any]]:
    """Each Razor-generated document's path (normalized) -> the ``.razor``/``.cshtml`` file it was made
    from and its syntax tree."""

    def read() -> dict[str, tuple[str, Any]]:
        found: dict[str, tuple[str, Any]] = {}
        for spans in line_tables(snapshot, operation).values():
            for span in spans:
                generated = os.path.normcase(str(span.tree.FilePath))
                if generated not in found:
                    razor = razor_file_of(span.tree)
                    if razor is not None:
                        found[generated] = (razor, span.tree)
        return found

    return snapshot.memo(_MEMO, read)


def _is_component(symbol: Any) -> bool:
    return any(full_name(i) == _COMPONENT for i in symbol.AllInterfaces)


def _is_parameter(symbol: Any) -> bool:
    return any(
        a.AttributeClass is not None and str(a.AttributeClass.Name) == "ParameterAttribute"
        for a in symbol.GetAttributes()
    )
