"""The table of every type and member declared in the solution's source, built once per snapshot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .interop import Operation
from .snapshot import Snapshot, display_name
from .symbols import compilation, typed

# Accessors, backing fields and the like are reached through their property or event.
_HIDDEN_METHOD_KINDS = {"PropertyGet", "PropertySet", "EventAdd", "EventRemove", "EventRaise", "StaticConstructor"}


@dataclass(frozen=True)
class Declaration:
    name: str
    symbol: Any
    project: str


def source_declarations(snapshot: Snapshot, operation: Operation) -> list[Declaration]:
    """Every named type and member declared in source, in the navigated target of each project."""
    return snapshot.memo("source_declarations", lambda: list(_walk(snapshot, operation)))


def _walk(snapshot: Snapshot, operation: Operation) -> Any:
    for project in snapshot.projects:
        project_name = display_name(project)
        stack = [compilation(snapshot, project, operation).Assembly.GlobalNamespace]
        while stack:
            operation.check()
            container = typed(stack.pop())
            for member in container.GetMembers():
                kind = str(member.Kind)
                if kind == "Namespace":
                    stack.append(member)
                    continue
                if member.IsImplicitlyDeclared or not member.Locations.Length or not member.Locations[0].IsInSource:
                    continue
                if kind == "NamedType":
                    stack.append(member)
                elif kind == "Method" and str(typed(member).MethodKind) in _HIDDEN_METHOD_KINDS:
                    continue
                name = str(member.Name)
                if name == ".ctor":
                    name = str(member.ContainingType.Name)
                yield Declaration(name, member, project_name)


def metadata_types(snapshot: Snapshot, operation: Operation) -> list[Declaration]:
    """Public types of the referenced assemblies (of the first project), for searches that ask."""

    def walk() -> list[Declaration]:
        if not snapshot.projects:
            return []
        found = []
        stack = [compilation(snapshot, snapshot.projects[0], operation).GlobalNamespace]
        while stack:
            operation.check()
            namespace = typed(stack.pop())
            stack.extend(namespace.GetNamespaceMembers())
            for named in namespace.GetTypeMembers():
                if str(named.DeclaredAccessibility) == "Public" and not named.Locations[0].IsInSource:
                    found.append(Declaration(str(named.Name), named, str(named.ContainingAssembly.Name)))
        return found

    return snapshot.memo("metadata_types", walk)
