"""A symbol's counterparts in the other targets of a multi-targeted project, and searches over all of them.

A project built for ``netstandard2.0;net6.0`` is two Roslyn projects, and each project that references it
references one of the two. SymbolFinder's implementations, overrides and callers of the navigated
target's symbol find only what builds against that target (a sample on ``netstandard2.1`` implements the
``netstandard2.0`` interface); references already follow linked files. So those searches run for the
symbol in every target and their answers are merged (they are de-duplicated by documentation ID after).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..host.interop import Operation
from ..workspace.snapshot import Snapshot
from .describe import documentation_id


def linked_symbols(snapshot: Snapshot, operation: Operation, symbol: Any) -> list[Any]:
    """``symbol`` and the same declaration in each other target of the project that declares it."""
    from Microsoft.CodeAnalysis import DocumentationCommentId  # type: ignore[import-not-found]

    tree = next((location.SourceTree for location in symbol.Locations if location.IsInSource), None)
    if tree is None or not tree.FilePath:
        return [symbol]
    documents = snapshot.documents_for_path(str(tree.FilePath))
    if len(documents) < 2:
        return [symbol]
    key = documentation_id(symbol)
    found = [symbol]
    for document in documents:
        compilation = snapshot.compilation(document.Project, operation)
        if compilation.ContainsSyntaxTree(tree):
            continue  # the symbol's own target
        counterpart = DocumentationCommentId.GetFirstSymbolForDeclarationId(key, compilation)
        if counterpart is not None:
            found.append(counterpart)
    return found


def search_all(operation: Operation, symbols: list[Any], search: Callable[[Any], Any], item_type: Any) -> Any:
    """The results of ``search(symbol)`` (a task of a .NET sequence of ``item_type``) for every symbol,
    in one .NET list; for a single symbol its own result, as it is."""
    from System.Collections.Generic import List  # type: ignore[import-not-found]

    if len(symbols) == 1:
        return operation.wait(search(symbols[0]))
    combined = List[item_type]()
    for symbol in symbols:
        combined.AddRange(operation.wait(search(symbol)))
    return combined
