"""Find the symbol a caller names: by name (with an optional parameter list), by documentation
comment ID, or by a file position (a declaration or any use site).

An ambiguous name is an error listing every candidate with its documentation ID; an unknown one
names the closest matches.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import AmbiguousSymbol, InvalidArgument, PositionOutOfRange, SymbolNotFound
from ..host.interop import Operation
from ..native import helpers
from ..workspace.hooks import generated_position
from ..workspace.snapshot import Snapshot
from .declarations import source_declarations
from .describe import compilation, display, documentation_id, normalize, qualified_name, source_locations, typed

_DOC_ID = re.compile(r"^[NTFPME]:\S")
_KEYWORDS = {
    "bool": "System.Boolean",
    "byte": "System.Byte",
    "sbyte": "System.SByte",
    "char": "System.Char",
    "decimal": "System.Decimal",
    "double": "System.Double",
    "float": "System.Single",
    "int": "System.Int32",
    "uint": "System.UInt32",
    "long": "System.Int64",
    "ulong": "System.UInt64",
    "short": "System.Int16",
    "ushort": "System.UInt16",
    "object": "System.Object",
    "string": "System.String",
    "void": "System.Void",
    "nint": "System.IntPtr",
    "nuint": "System.UIntPtr",
}


@dataclass(frozen=True)
class SymbolRef:
    """How a caller names a symbol: ``name`` (or a documentation ID), or ``file`` + ``line`` + ``column``."""

    name: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __post_init__(self) -> None:
        has_position = self.file is not None or self.line is not None or self.column is not None
        if self.name and has_position:
            raise InvalidArgument(
                "Both a symbol name and a file position were given.",
                "Give either 'symbol' or 'file', 'line', 'column'.",
            )
        if not self.name and not has_position:
            raise InvalidArgument(
                "No symbol was named.",
                "Give 'symbol' (a name such as Customer.GetById(int) or an ID such as "
                "M:Shop.Customer.GetById(System.Int32)), or 'file', 'line' and 'column'.",
            )
        if has_position and (self.file is None or self.line is None or self.column is None):
            raise InvalidArgument("A position needs all of 'file', 'line' and 'column'.", "Give all three (1-based).")

    @property
    def by_position(self) -> bool:
        """Named by a file position, which only the compiler's binding resolves."""
        return not self.name

    def describe(self) -> str:
        return self.name if self.name else f"{self.file}:{self.line}:{self.column}"


def resolve(snapshot: Snapshot, operation: Operation, ref: SymbolRef) -> Any:
    """The one Roslyn symbol ``ref`` names, normalized to its definition."""
    if ref.name is None:
        assert ref.file is not None and ref.line is not None and ref.column is not None
        return symbol_at(snapshot, operation, ref.file, ref.line, ref.column)
    candidates = resolve_all(snapshot, operation, ref.name.strip())
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        suggestions = tuple(near_names(snapshot, operation, ref.name))
        near = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        raise SymbolNotFound(
            f"No symbol named '{ref.name}' in the solution.{near}",
            "Check the spelling, qualify the name (Type.Member), or search with find_symbols.",
            suggestions,
        )
    # In source order (file, then position): the same list at every load, whatever order the
    # projects were compiled in.
    candidates = sorted(candidates, key=_source_order)
    ids = tuple(documentation_id(c) or display(c) for c in candidates)
    raise AmbiguousSymbol(
        f"'{ref.name}' names {len(candidates)} symbols: {'; '.join(ids)}.",
        "Name one by its documentation ID, or add a parameter list such as Name(int, string).",
        ids,
    )


def resolve_all(snapshot: Snapshot, operation: Operation, name: str) -> list[Any]:
    """Every symbol ``name`` could mean (documentation ID, then source, then metadata)."""
    if _DOC_ID.match(name):
        return _by_documentation_id(snapshot, operation, name)
    path, parameters = _split_parameters(name)
    segments = _split_qualified(path)
    if not segments:
        raise InvalidArgument(f"'{name}' is not a symbol name.", "Give a name such as Customer or Journal.Add(string).")
    found = _source_candidates(snapshot, operation, segments)
    if not found:
        found = _metadata_candidates(snapshot, operation, segments)
    if parameters is not None:
        found = [s for s in found if _parameters_match(s, parameters)]
    return _unique(found)


def symbol_at(snapshot: Snapshot, operation: Operation, file: str, line: int, column: int) -> Any:
    """The symbol declared or used at a 1-based position."""
    from Microsoft.CodeAnalysis.FindSymbols import SymbolFinder  # type: ignore[import-not-found]

    mapped = generated_position(snapshot, operation, file, line, column)
    if mapped is None:
        return _found_at(snapshot, operation, helpers(), snapshot.document(file), file, line, column)
    # A .razor file, say: the position in the C# generated from it.
    document, position = mapped.document, mapped.offset
    model = operation.wait(document.GetSemanticModelAsync(operation.token))
    for offset in (position, position - 1):
        if offset < 0:
            continue
        symbol = operation.wait(
            SymbolFinder.FindSymbolAtPositionAsync(model, offset, document.Project.Solution.Workspace, operation.token)
        )
        if symbol is not None:
            return normalize(symbol)
    raise _no_symbol(snapshot, file, line, column, _line_of(snapshot.absolute(file), line))


def _found_at(
    snapshot: Snapshot, operation: Operation, native: Any, document: Any, file: str, line: int, column: int
) -> Any:
    """``symbol_at`` in one crossing (``SymbolAt.cs``), with the walk's errors."""
    found = operation.wait(native.SymbolAt.FindAsync(document, line, column, operation.token))
    if found.Symbol is not None:
        return typed(found.Symbol)
    _check_position(line, column, file, found.Lines, lambda: int(found.Width))
    raise _no_symbol(snapshot, file, line, column, str(found.LineText))


def _no_symbol(snapshot: Snapshot, file: str, line: int, column: int, line_text: str) -> SymbolNotFound:
    return SymbolNotFound(
        f"No symbol at {snapshot.relative(str(snapshot.absolute(file)))}:{line}:{column} (the line reads: {line_text[:80]!r}).",
        "Put the column on an identifier (1-based), or name the symbol instead.",
    )


def _line_of(path: Any, line: int) -> str:
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        return ""
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def text_position(text: Any, line: int, column: int, file: str) -> int:
    """The 0-based offset of a 1-based line and column, or ``PositionOutOfRange``."""
    _check_position(line, column, file, text.Lines.Count, lambda: text.Lines[line - 1].End - text.Lines[line - 1].Start)
    return int(text.Lines[line - 1].Start + column - 1)


def _check_position(line: int, column: int, file: str, lines: int, width: Callable[[], int]) -> None:
    """``PositionOutOfRange`` unless the 1-based ``line`` is one of ``lines`` and ``column`` within its
    ``width()`` (asked only of a line that exists), or just after it."""
    if not 1 <= line <= lines:
        raise PositionOutOfRange(f"Line {line} is outside {file}, which has {lines} lines.", "Lines are 1-based.")
    characters = width()
    if not 1 <= column <= characters + 1:
        raise PositionOutOfRange(
            f"Column {column} is outside line {line} of {file}, which has {characters} characters.",
            "Columns are 1-based.",
        )


def _by_documentation_id(snapshot: Snapshot, operation: Operation, doc_id: str) -> list[Any]:
    from Microsoft.CodeAnalysis import DocumentationCommentId  # type: ignore[import-not-found]

    found: list[Any] = []
    for project in snapshot.projects:
        found.extend(
            DocumentationCommentId.GetSymbolsForDeclarationId(doc_id, compilation(snapshot, project, operation))
        )
        if found:
            return _unique(found)
    for project in snapshot.projects:
        found.extend(DocumentationCommentId.GetSymbolsForReferenceId(doc_id, compilation(snapshot, project, operation)))
        if found:
            break
    return _unique(found) or _by_own_id(snapshot, operation, doc_id)


def _by_own_id(snapshot: Snapshot, operation: Operation, doc_id: str) -> list[Any]:
    """A member whose ID ``DocumentationCommentId`` cannot read back, found among its type's members by
    the ID each gives: one whose signature names a type that did not resolve (its package is missing:
    ``M:N.T.M(Missing)``), and a property named ``Item``, which Roslyn's reader takes for an indexer
    (serilog's ``PropertyValueConverterTests.HasItem.Item``)."""
    if len(doc_id) < 3 or doc_id[0] not in "MPEF" or doc_id[1] != ":":
        return []
    type_name, _, member = doc_id[2:].split("(", 1)[0].rpartition(".")
    name = member.split("``", 1)[0].replace("#ctor", ".ctor").replace("#cctor", ".cctor")
    parts = type_name.split(".")
    # An ID writes a nested type with '.', metadata with '+': each split, the outermost first.
    metadata_names = [".".join(parts[:k]) + "".join(f"+{p}" for p in parts[k:]) for k in range(len(parts), 0, -1)]
    for project in snapshot.projects:
        built = compilation(snapshot, project, operation)
        for metadata_name in metadata_names:
            container = built.GetTypeByMetadataName(metadata_name)
            if container is not None:
                found = [m for m in container.GetMembers(name) if documentation_id(m) == doc_id]
                if found:
                    return found
    return []


def _source_candidates(snapshot: Snapshot, operation: Operation, segments: list[str]) -> list[Any]:
    """Source symbols named by ``segments`` (``Journal.Add``, ``Customer.Customer`` for a constructor),
    looked up in the table of declarations (built once per snapshot, by the warm-up when it can): as fast
    as a documentation ID however many projects there are."""
    simple, arity = _strip_generics(segments[-1])
    qualifiers = [_strip_generics(s)[0] for s in segments[:-1]]
    wanted_constructor = bool(qualifiers) and simple == qualifiers[-1]
    return _from_declarations(snapshot, operation, simple, arity, qualifiers, wanted_constructor)


def _from_declarations(
    snapshot: Snapshot, operation: Operation, simple: str, arity: int | None, qualifiers: list[str], constructor: bool
) -> list[Any]:
    """The declarations named ``simple`` in the containers ``qualifiers``, in project order."""
    from Microsoft.CodeAnalysis import MethodKind, SymbolKind  # type: ignore[import-not-found]

    declarations = source_declarations(snapshot, operation, naming=simple)
    # A constructor is found through its type (an implicit one is not declared); a member through its
    # container's name too, so that Entity.Weight costs the same however many types declare Weight.
    container = qualifiers[-1] if qualifiers and not constructor else None
    symbols = [declarations.symbol(index, operation) for index in declarations.named(simple, container)]
    if constructor:
        types = [typed(s) for s in symbols if s.Kind == SymbolKind.NamedType]
        matches = [c for t in types for c in t.InstanceConstructors if _container_matches(c, qualifiers)]
    else:
        # The table files a constructor under its type's name; by name, the type is meant.
        named = [
            s for s in symbols if not (s.Kind == SymbolKind.Method and typed(s).MethodKind == MethodKind.Constructor)
        ]
        matches = [s for s in named if _container_matches(s, qualifiers)]
    return [s for s in matches if arity is None or _arity(s) == arity]


def _metadata_candidates(snapshot: Snapshot, operation: Operation, segments: list[str]) -> list[Any]:
    """``System.String`` or ``string``, and their members (``System.String.Join``)."""
    names = [_strip_generics(s) for s in segments]
    plain = [n for n, _ in names]
    for project in snapshot.projects[:1] or []:
        comp = compilation(snapshot, project, operation)
        for split in (len(plain), len(plain) - 1):
            if split < 1:
                continue
            type_name = ".".join(plain[:split])
            type_name = _KEYWORDS.get(type_name, type_name)
            arity = names[split - 1][1]
            metadata_name = f"{type_name}`{arity}" if arity else type_name
            named = comp.GetTypeByMetadataName(metadata_name)
            if named is None:
                continue
            if split == len(plain):
                return [named]
            return [m for m in named.GetMembers(plain[-1])]
    return []


def _split_parameters(name: str) -> tuple[str, list[str] | None]:
    if name.endswith(")") and "(" in name:
        head, _, inner = name.partition("(")
        inner = inner[:-1].strip()
        return head.strip(), _split_top_level(inner, ",") if inner else []
    return name, None


def _split_qualified(path: str) -> list[str]:
    return [s.strip() for s in _split_top_level(path, ".") if s.strip()]


def _split_top_level(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char in "<[(":
            depth += 1
        elif char in ">])":
            depth -= 1
        if char == separator and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    parts.append("".join(current).strip())
    return parts


def _strip_generics(segment: str) -> tuple[str, int | None]:
    if "<" in segment and segment.endswith(">"):
        head, _, args = segment.partition("<")
        return head, len(_split_top_level(args[:-1], ","))
    if "`" in segment:
        head, _, count = segment.partition("`")
        return head, int(count) if count.isdigit() else None
    return segment, None


def _arity(symbol: Any) -> int:
    kind = str(symbol.Kind)
    if kind in ("NamedType", "Method"):
        return int(typed(symbol).Arity)
    return 0


def _container_matches(symbol: Any, qualifiers: list[str]) -> bool:
    """Does the chain of containers end with ``qualifiers`` (types, then namespaces)?"""
    container = typed(symbol.ContainingSymbol)
    for qualifier in reversed(qualifiers):
        if container is None or str(container.Name) != qualifier:
            return False
        container = typed(container.ContainingSymbol)
    return True


def _parameters_match(symbol: Any, wanted: list[str]) -> bool:
    if str(symbol.Kind) not in ("Method", "Property"):
        return False
    parameters = list(typed(symbol).Parameters)
    if len(parameters) != len(wanted):
        return False
    return all(_type_matches(p.Type, w) for p, w in zip(parameters, wanted, strict=True))


def _type_matches(type_symbol: Any, wanted: str) -> bool:
    """Does a parameter's type match what the caller wrote (``int``, ``Int32``, ``System.Int32``, ``ref int``)?"""
    wanted = re.sub(r"^(ref|out|in|params|this|scoped)\s+", "", wanted.strip())
    target = re.sub(r"\s+", "", wanted).lower()
    full = re.sub(r"\s+", "", qualified_name(type_symbol)).lower()
    shown = {re.sub(r"\s+", "", display(type_symbol)).lower(), str(type_symbol.Name).lower(), full}
    return target in shown or _KEYWORDS.get(target, target).lower() in shown or full.endswith("." + target)


def _source_order(symbol: Any) -> tuple[bool, str, int, int, str]:
    locations = source_locations(symbol)
    first = locations[0] if locations else None
    key = documentation_id(symbol) or display(symbol)
    return (first is None, first.path if first else "", first.line if first else 0, first.column if first else 0, key)


def _unique(symbols: list[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for symbol in symbols:
        symbol = normalize(symbol)
        key = documentation_id(symbol) or display(symbol)
        seen.setdefault(key, symbol)
    return list(seen.values())


def near_names(snapshot: Snapshot, operation: Operation, name: str, count: int = 5) -> list[str]:
    """Declared names closest to ``name`` (for "did you mean")."""
    if snapshot.source_texts is not None:
        return []  # a syntax view leaves a name it does not know to the live solution, which suggests
    simple = _strip_generics(_split_qualified(_split_parameters(name)[0])[-1] if name else "")[0]
    names = _declared_names(snapshot, operation)
    close = difflib.get_close_matches(simple, list(names), n=count, cutoff=0.6)
    lowered = simple.lower()
    contained = [n for n in names if lowered and lowered in n.lower() and n not in close]
    return [names[n] for n in (close + contained)[:count]]


def _declared_names(snapshot: Snapshot, operation: Operation) -> dict[str, str]:
    """Simple name -> a readable qualified form of it, for every type and member declared in source."""

    def build() -> dict[str, str]:
        names: dict[str, str] = {}
        for declaration in source_declarations(snapshot, operation).all(operation):
            names.setdefault(declaration.name, display(declaration.symbol).split("(")[0])
        return names

    return snapshot.memo("declared_names", build)
