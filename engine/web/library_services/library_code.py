"""The library's code as the walk reads it: a library method's body, decompiled (``engine.external.library``)
and bound as if inside the library; the library's types as the app's compilation has them; and what
reading them costs, kept once per app compilation."""

from __future__ import annotations

import functools
import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...external.library import LibrarySourceUnavailable, implementation_of, library_source
from ...host.interop import Operation
from ...symbols.describe import display, typed
from ...workspace.snapshot import Snapshot
from .values import Added

log = logging.getLogger("roslyn_tui")

APART = ".RoslynTuiFollowed."
_NAMESPACE = re.compile(r"^(namespace\s+)([\w.]+)", re.MULTILINE)
READINGS_KEPT = 8

Place = tuple[str, int, int]


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
    returns: dict[Place, Any] = field(default_factory=dict)
    """What a followed call gives back, by its place."""
    calls: dict[Place, tuple[list[Added], set[str]]] = field(default_factory=dict)
    """What each of the app's calls adds, and the library methods on its way whose code could not be
    read, by the call's place."""


_readings: list[_Reading] = []
_readings_lock = threading.Lock()


def _reading_of(compilation: Any) -> _Reading:
    with _readings_lock:
        for reading in _readings:
            if reading.compilation.Equals(compilation):  # the same object: its snapshot has not changed
                return reading
        reading = _Reading(compilation)
        _readings.insert(0, reading)
        del _readings[READINGS_KEPT:]
        return reading


class LibraryCode:
    """One app compilation's view of its libraries' code."""

    def __init__(self, snapshot: Snapshot, compilation: Any, operation: Operation) -> None:
        self.snapshot = snapshot
        self.compilation = compilation
        self.operation = operation
        self.reading = _reading_of(compilation)
        self.unread: set[str] = set()
        """Library methods whose code could not be read, since the walk began."""

    # -- bodies ------------------------------------------------------------------------------------

    def body(self, method: Any) -> Any:
        """The operation of ``method``'s body in the library's code, or ``None`` when it cannot be read."""
        original = typed(method.OriginalDefinition)
        references = list(original.DeclaringSyntaxReferences)
        if references:  # a method of a file read already (a private helper, a local function)
            known = self.reading.trees.get(str(references[0].SyntaxTree.FilePath))
            found = known[1].GetOperation(references[0].GetSyntax(self.operation.token)) if known else None
            if found is not None and str(found.Kind) == "LocalFunction":  # its body, not its declaration
                from Microsoft.CodeAnalysis.Operations import ILocalFunctionOperation  # type: ignore[import-not-found]

                local = ILocalFunctionOperation(found)
                found = local.Body or local.IgnoredBody
            return found
        outer = original.ContainingType
        while outer is not None and outer.ContainingType is not None:
            outer = outer.ContainingType
        outer = self.app_type(outer) if outer is not None else None  # the file is found from the app's references
        if outer is None:
            return self._unread(original)
        try:
            place = library_source(self.snapshot, outer, self.operation)
        except LibrarySourceUnavailable as error:
            log.info("not followed: %s", error)
            return self._unread(original)
        tree, model = self._read(place.path)
        from Microsoft.CodeAnalysis.CSharp.Syntax import BaseMethodDeclarationSyntax  # type: ignore[import-not-found]
        from System.Linq import Enumerable  # type: ignore[import-not-found]

        wanted = identifier(original)
        nodes = tree.GetRoot(self.operation.token).DescendantNodes()
        for node in Enumerable.OfType[BaseMethodDeclarationSyntax](nodes):
            declared = model.GetDeclaredSymbol(node, self.operation.token)
            if declared is not None and identifier(declared) == wanted:
                return model.GetOperation(node, self.operation.token)
        return self._unread(original)

    def rebound(self, op: Any) -> Any:
        """An operation that could not bind inside the library, bound with public types only; else itself."""
        model = self.reading.public.get(str(op.Syntax.SyntaxTree.FilePath))
        other = model.GetOperation(op.Syntax, self.operation.token) if model is not None else None
        return other if other is not None and str(other.Kind) != "Invalid" else op

    def _unread(self, method: Any) -> None:
        self.unread.add(display(method))
        return None

    def _read(self, path: str) -> tuple[Any, Any]:
        known = self.reading.trees.get(path)
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
            known = self.reading.trees[path] = (tree, model)
            # Where every internal is visible, two assemblies' internal types of one name are ambiguous
            # (Components' RouteOptions beside Routing's): what binds so is read as the app would bind it.
            self.reading.public[path] = self.compilation.AddSyntaxTrees(tree).GetSemanticModel(tree)
        return known

    def _inside(self) -> Any:
        """The app's compilation, binding as if inside the library: against the implementation assemblies
        (a reference assembly has no internal types), internals imported and accessible, so that
        ``TryAddSingleton<DefaultHttpClientFactory>()`` is read as the library compiled it."""
        if self.reading.inside is None:
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
            self.reading.inside = self.compilation.WithReferences(references).WithOptions(options)
        return self.reading.inside

    # -- types -------------------------------------------------------------------------------------

    def resolve(self, symbol: Any, bindings: dict[Any, Any]) -> Any:
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
            element = self.resolve(symbol.ElementType, bindings)
            return self.compilation.CreateArrayTypeSymbol(element) if element is not None else None
        if kind != "NamedType":
            return symbol
        original = self.app_type(symbol.OriginalDefinition)
        if original is None or not symbol.IsGenericType:
            return original
        if symbol.IsUnboundGenericType:
            return typed(original.ConstructUnboundGenericType())
        arguments = [self.resolve(t, bindings) for t in symbol.TypeArguments]
        return None if any(a is None for a in arguments) else constructed(original, arguments)

    def bindings_of(self, method: Any, bindings: dict[Any, Any]) -> dict[Any, Any]:
        """The type parameters of a called method (and of its generic type) bound to the app's types."""
        found = {("m", i): self.resolve(t, bindings) for i, t in enumerate(method.TypeArguments)}
        containing = method.ContainingType
        if containing is not None and containing.IsGenericType:
            found |= {("t", i): self.resolve(t, bindings) for i, t in enumerate(containing.TypeArguments)}
        return found

    def app_type(self, definition: Any) -> Any:
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
        if self.reading.by_name is None:
            self.reading.by_name = {
                str(a.Identity.Name): a for a in self.compilation.SourceModule.ReferencedAssemblySymbols
            }
            self.reading.by_name[str(self.compilation.Assembly.Identity.Name)] = self.compilation.Assembly
        return self.reading.by_name


def constructed(definition: Any, arguments: list[Any]) -> Any:
    from Microsoft.CodeAnalysis import ITypeSymbol  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    return typed(definition.Construct(Array[ITypeSymbol](arguments)))


def place_of(op: Any) -> Place:
    span = op.Syntax.Span  # a chained call starts where its receiver does: its end tells them apart
    return str(op.Syntax.SyntaxTree.FilePath), int(span.Start), int(span.End)


def identifier(symbol: Any) -> str:
    """The documentation ID, the same for the library's symbol and its decompiled twin."""
    return str(symbol.GetDocumentationCommentId() or "").replace(APART, ".")


def shown(type_symbol: Any) -> str:
    """A type as C# names it, an open generic as ``typeof`` writes it (``IOptions<>``, ``Cache`` of
    ``DefaultTypedHttpClientFactory<>``)."""
    return re.sub(
        r"<\?(?:, ?\?)*>", lambda found: "<" + "," * (found.group(0).count("?") - 1) + ">", display(type_symbol)
    )


def _implementations(references: Any) -> list[Any]:
    """Each reference as the assembly with the bodies (``implementation_of``), and the runtime's core
    library beside the framework's, which its facades forward to."""
    found = []
    cores: set[Path] = set()
    for reference in references:
        path = getattr(reference, "FilePath", None)
        implementation = implementation_of(Path(str(path))) if path else None
        if implementation is None or implementation == Path(str(path)):
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
