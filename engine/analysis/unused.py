"""``find_unused``: the solution's own symbols that nothing refers to.

Which symbols are asked about is decided here; whether something refers to them, by Roslyn: the C#
helper's ``Unused`` binds every name in the searched projects that spells a candidate's (else find
references for each, slower, the same answers). A candidate is a type, method, property, field or
event declared by hand (not generated), private or internal as seen from outside (a public member of an
internal type is internal; with ``include_public``, any accessibility), and none of these, which are
used without a reference in source or by contract:

- overrides, interface implementations (explicit or not), abstract, extern and partial-definition members;
- entry points (``Main``), tests and their fixtures' set-up (the test frameworks' attributes);
- members a serializer, the runtime or reflection reaches, marked by attribute (``System.Runtime.Serialization``,
  ``System.Text.Json``, ``Newtonsoft.Json``, ``System.Xml.Serialization``, interop, module initializers,
  ``DynamicDependency``, JetBrains' ``UsedImplicitly``), and the fields of ``[Serializable]`` types;
- constructors, operators, indexers and enum members (reached through ``new``, operators and values);
- members the compiler calls by their name's pattern (``GetEnumerator``, ``Deconstruct``, ``Dispose``,
  ``Length`` for ranges, ``AppendFormatted``...): the uses no name spells.

A use inside the symbol's own declaration (recursion, a type naming itself) or in a doc comment's
``cref`` is no use; a type whose member is used is used (an extension-method class is never named).
"""

from __future__ import annotations

from typing import Any

from ..host.interop import Operation
from ..native import helpers
from ..symbols.declarations import source_declarations
from ..symbols.describe import documentation_id, location_of, typed
from ..symbols.summaries import summarize_all
from ..testing.frameworks import test_framework
from ..views.text import counted
from ..views.unused import UnusedList, UnusedSymbol
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot
from .scope import Scope, dependents, scope_of

_ACCESS_RANK = {
    "Private": 0,
    "ProtectedAndInternal": 1,
    "Internal": 2,
    "Protected": 3,
    "ProtectedOrInternal": 3,
    "Public": 4,
    "NotApplicable": 4,
}
_ACCESS_WORDS = {0: "private", 1: "private protected", 2: "internal", 3: "protected", 4: "public"}
_MEMBER_KINDS = {"NamedType", "Method", "Property", "Field", "Event"}
_REACHED_BY_ATTRIBUTE = (
    "System.Runtime.Serialization.",
    "System.Text.Json.Serialization.",
    "Newtonsoft.Json.",
    "System.Xml.Serialization.",
    "System.Runtime.InteropServices.",
    "System.Runtime.CompilerServices.ModuleInitializerAttribute",
    "System.Diagnostics.CodeAnalysis.DynamicDependencyAttribute",
    "System.CodeDom.Compiler.GeneratedCodeAttribute",
    "JetBrains.Annotations.",
    "Xunit.",
    "NUnit.Framework.",
    "Microsoft.VisualStudio.TestTools.UnitTesting.",
    "BenchmarkDotNet.Attributes.",
)
_PATTERN_NAMES = {
    "GetEnumerator",
    "GetAsyncEnumerator",
    "MoveNext",
    "MoveNextAsync",
    "Current",
    "Deconstruct",
    "GetAwaiter",
    "GetResult",
    "IsCompleted",
    "OnCompleted",
    "Dispose",
    "DisposeAsync",
    "Add",
    "GetPinnableReference",
    "Length",
    "Count",
    "AppendLiteral",
    "AppendFormatted",
    "Slice",
    "Select",
    "SelectMany",
    "Where",
    "Join",
    "GroupJoin",
    "OrderBy",
    "OrderByDescending",
    "ThenBy",
    "ThenByDescending",
    "GroupBy",
    "Cast",
    "Main",
}


@query(scope="every_project")
def find_unused(
    snapshot: Snapshot,
    operation: Operation,
    file: str | None = None,
    project: str | None = None,
    include_public: bool = False,
) -> UnusedList:
    """The symbols of a file, a project or the solution that nothing in the solution refers to, by file
    and line.

    Args:
        include_public: also public and protected ones (a library's API is used from outside: off by default).
    """
    scope = scope_of(snapshot, file, project)
    candidates = _candidates(snapshot, scope, include_public, operation)
    searched = dependents(snapshot, scope.projects)
    symbols = [symbol for symbol, _, _ in candidates]
    used = _used(snapshot, symbols, searched, operation)
    unused_types = {_key(symbol) for symbol, is_used in zip(symbols, used, strict=True) if not is_used}
    # A type is used when one of its members is: an extension-method class is never named.
    for symbol, is_used in zip(symbols, used, strict=True):
        container = symbol.ContainingType
        while is_used and container is not None:
            unused_types.discard(_key(container))
            container = container.ContainingType
    kept = [
        (symbol, access, project_name) for symbol, access, project_name in candidates if _key(symbol) in unused_types
    ]
    summaries = summarize_all([symbol for symbol, _, _ in kept])
    items = sorted(
        (
            UnusedSymbol(summary, _ACCESS_WORDS[access], project_name)
            for summary, (_, access, project_name) in zip(summaries, kept, strict=True)
        ),
        key=lambda item: (item.symbol.location.path, item.symbol.location.line) if item.symbol.location else ("", 0),
    )
    return UnusedList(
        root=str(snapshot.root),
        scope=scope.label,
        items=tuple(items),
        total=len(items),
        checked=len(candidates),
        include_public=include_public,
        by_project=counted(item.project for item in items),
        by_kind=counted(item.symbol.kind for item in items),
    )


def _candidates(
    snapshot: Snapshot, scope: Scope, include_public: bool, operation: Operation
) -> list[tuple[Any, int, str]]:
    """Each symbol asked about, with its accessibility as seen from outside and its project."""
    wanted = {str(p.Id.Id) for p in scope.projects}
    # The entry point and the class holding it (top-level statements' Program) are used by the runtime.
    entry_points = {
        _key(s) for point in _entry_points(snapshot, scope, operation) for s in (point, point.ContainingType)
    }
    found = []
    for _, project, declarations in source_declarations(snapshot, operation).by_project(operation):
        if str(project.Id.Id) not in wanted:
            continue
        for declaration in declarations:
            operation.check()
            symbol = typed(declaration.symbol)
            access = _effective_access(symbol)
            if access > 2 and not include_public:
                continue
            location = location_of(symbol.Locations[0])
            if location is None or not scope.owns(location.path) or not _asked(symbol):
                continue
            if _key(symbol) in entry_points:
                continue
            found.append((symbol, access, declaration.project))
    return found


def _asked(symbol: Any) -> bool:
    """Whether a symbol's use would show as a reference in source (see the module's list)."""
    kind = str(symbol.Kind)
    if kind not in _MEMBER_KINDS or symbol.IsImplicitlyDeclared or symbol.IsOverride or symbol.IsExtern:
        return False
    if symbol.IsAbstract and kind != "NamedType":
        return False
    if str(symbol.Name) in _PATTERN_NAMES:
        return False
    if kind == "Method":
        if str(symbol.MethodKind) != "Ordinary" or symbol.ExplicitInterfaceImplementations.Length:
            return False
        if symbol.IsPartialDefinition or test_framework(symbol):
            return False
    elif (kind == "Property" and (symbol.IsIndexer or symbol.ExplicitInterfaceImplementations.Length)) or (
        kind == "Event" and symbol.ExplicitInterfaceImplementations.Length
    ):
        return False
    elif kind == "Field":
        container = symbol.ContainingType
        if str(container.TypeKind) == "Enum" or _has_attribute(container, ("System.SerializableAttribute",)):
            return False
    if _has_attribute(symbol, _REACHED_BY_ATTRIBUTE):
        return False
    return kind == "NamedType" or not _implements_interface(symbol)


def _effective_access(symbol: Any) -> int:
    """The narrowest accessibility on the way out: a public member of an internal type is internal."""
    rank = _ACCESS_RANK.get(str(symbol.DeclaredAccessibility), 4)
    container = symbol.ContainingType
    while container is not None:
        rank = min(rank, _ACCESS_RANK.get(str(container.DeclaredAccessibility), 4))
        container = container.ContainingType
    return rank


def _has_attribute(symbol: Any, prefixes: tuple[str, ...]) -> bool:
    for attribute in symbol.GetAttributes():
        kind = attribute.AttributeClass
        if kind is not None and str(kind.ToDisplayString()).startswith(prefixes):
            return True
    return False


def _implements_interface(member: Any) -> bool:
    """Whether a member implements an interface member implicitly (its type's or a base's interface)."""
    container = member.ContainingType
    interfaces = container.AllInterfaces
    if not interfaces.Length:
        return False
    name = str(member.Name)
    for interface in interfaces:
        for candidate in interface.GetMembers(name):
            implementation = container.FindImplementationForInterfaceMember(candidate)
            if implementation is not None and _key(implementation) == _key(member):
                return True
    return False


def _entry_points(snapshot: Snapshot, scope: Scope, operation: Operation) -> list[Any]:
    points = []
    for project in scope.projects:
        point = snapshot.compilation(project, operation).GetEntryPoint(operation.token)
        if point is not None:
            points.append(point)
    return points


def _key(symbol: Any) -> str:
    return documentation_id(symbol.OriginalDefinition)


def _used(snapshot: Snapshot, symbols: list[Any], searched: list[Any], operation: Operation) -> list[bool]:
    """For each symbol, whether something in ``searched`` (or, for what no name spells, the solution) uses it."""
    if not symbols:
        return []
    from Microsoft.CodeAnalysis import ISymbol, Project  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    task = helpers().Unused.UsedAsync(Array[ISymbol](symbols), Array[Project](searched), operation.token)
    return [bool(flag) for flag in operation.wait(task)]
