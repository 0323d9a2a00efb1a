"""``call_hierarchy``: callers with their call sites, and what a body calls, reads and writes."""

from __future__ import annotations

import json
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import Location, SymbolSummary
from ..native import helpers
from ..symbols.describe import (
    display,
    display_format,
    documentation_id,
    kind_of,
    line_text,
    location_of,
    normalize,
    referenced_symbol,
    typed,
)
from ..symbols.linked import linked_symbols, search_all
from ..symbols.naming import SymbolRef, resolve
from ..symbols.summaries import summarize, summarize_all
from ..symbols.syntax_roles import READ, READ_WRITE, WRITE, classify
from ..views.calls import CallHierarchy, CallNode, CallSite
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot

DIRECTIONS = ("incoming", "outgoing", "both")
_CALLABLE = {"Method", "Property", "Event", "Field"}
_ACCESS_WORDS = {READ: "reads", WRITE: "writes", READ_WRITE: "reads and writes"}
_VIA = "via an interface or override"
_Caller = tuple[str, tuple[CallSite, ...], str]
"""A caller's key, its call sites in order, and its note (via an interface or override when every site is)."""


@query(scope="every_project")
def call_hierarchy(
    snapshot: Snapshot,
    operation: Operation,
    ref: SymbolRef,
    direction: str = "incoming",
    depth: int = 1,
    offset: int = 0,
    limit: int | None = None,
) -> CallHierarchy:
    """Who calls a member (incoming) and what its body calls, creates, reads and writes (outgoing).

    Each level below the first repeats the question for the symbols found, up to ``depth``; a symbol
    already on the path from the root is marked as a cycle and not expanded again. The first level of
    callers is a page, ``incoming[offset:offset + limit]`` (all when ``limit`` is ``None``), and
    ``incoming_total`` counts them all: a member used everywhere has thousands, and only the page shown
    is worth describing.
    """
    if direction not in DIRECTIONS:
        raise InvalidArgument(f"'{direction}' is not a direction.", f"Use one of: {', '.join(DIRECTIONS)}.")
    if depth < 1:
        raise InvalidArgument(f"A depth of {depth} shows nothing.", "Give a depth of 1 or more.")
    if offset < 0 or (limit is not None and limit < 1):
        raise InvalidArgument(
            f"A page from {offset} of {limit} callers is empty.",
            "Give an offset of 0 or more and a limit of 1 or more.",
        )
    symbol = typed(resolve(snapshot, operation, ref))
    if str(symbol.Kind) not in _CALLABLE:
        raise InvalidArgument(
            f"{display(symbol)} is a {kind_of(symbol)}: it is neither called nor has a body.",
            "Name a method, constructor, property, event or field.",
        )
    walker = _Walker(snapshot, operation)
    root_id = documentation_id(symbol)
    incoming: list[CallNode] = []
    total = sites = 0
    if direction in ("incoming", "both"):
        incoming, total, sites = walker.incoming(symbol, depth, {root_id}, offset, limit)
    outgoing = walker.outgoing(symbol, depth, {root_id}) if direction in ("outgoing", "both") else []
    return CallHierarchy(
        str(snapshot.root),
        summarize(symbol),
        direction,
        depth,
        tuple(incoming),
        tuple(outgoing),
        incoming_total=total,
        incoming_sites=sites,
        offset=offset,
    )


class _Walker:
    def __init__(self, snapshot: Snapshot, operation: Operation) -> None:
        self.snapshot = snapshot
        self.operation = operation
        self._models: dict[str, Any] = {}

    def incoming(
        self, symbol: Any, depth: int, path: set[str], offset: int = 0, limit: int | None = None
    ) -> tuple[list[CallNode], int, int]:
        """The callers in ``[offset, offset + limit)``, in the order shown, how many there are, and how
        many call sites they have in all."""
        from Microsoft.CodeAnalysis.FindSymbols import SymbolCallerInfo, SymbolFinder  # type: ignore[import-not-found]

        callers = search_all(
            self.operation,
            linked_symbols(self.snapshot, self.operation, symbol),
            lambda s: SymbolFinder.FindCallersAsync(s, self.snapshot.solution, self.operation.token),
            SymbolCallerInfo,
        )
        symbols, rows, total, sites_total = self._callers(callers, offset, limit)
        nodes = []
        for index, ((key, sites, note), summary) in enumerate(zip(rows, summarize_all(symbols), strict=True)):
            caller = typed(symbols[index]) if depth > 1 else None  # only a deeper level needs it
            nodes.append(self._node(caller, key, "called by", sites, note, depth, path, self._all_incoming, summary))
        return nodes, total, sites_total

    def _all_incoming(self, symbol: Any, depth: int, path: set[str]) -> list[CallNode]:
        return self.incoming(symbol, depth, path)[0]

    def _callers(self, callers: Any, offset: int, limit: int | None) -> tuple[Any, list[_Caller], int, int]:
        """The page of callers in the order shown, each once (a .NET array from the C# helper, else a
        list), alongside it (key, sites, note), how many callers there are in all and how many call sites
        they have, from the C# helper in one call.

        Roslyn reports a caller once per way it reaches the symbol: directly, and through each member the
        symbol implements or overrides (IsDirect false). Directness belongs to each call site, not the caller.
        """
        table = self.operation.wait(
            helpers().CallerTable.DescribeAsync(
                callers, display_format(), offset, -1 if limit is None else limit, self.operation.token
            )
        )
        rows = [(key, _sites(sites), _VIA if via else "") for key, via, sites in json.loads(str(table.Rows))]
        return table.Callers, rows, int(table.Total), int(table.SiteTotal)

    def outgoing(self, symbol: Any, depth: int, path: set[str]) -> list[CallNode]:
        grouped: dict[tuple[str, str], tuple[Any, list[CallSite]]] = {}
        for reference in symbol.DeclaringSyntaxReferences:
            body = reference.GetSyntax(self.operation.token)
            model = self._model(body.SyntaxTree)
            nested_end = -1
            for node in body.DescendantNodes():
                self.operation.check()
                # A nested local function is a callable of its own: its calls are its, not this body's.
                # Descendants come in document order, so its nodes follow it until its span ends.
                if nested_end >= 0:  # checked only after a local function: each property read crosses into .NET
                    if node.SpanStart < nested_end:
                        continue
                    nested_end = -1
                kind = str(node.GetType().Name)
                if kind == "LocalFunctionStatementSyntax":
                    nested_end = node.Span.End
                    continue
                found = self._target(model, node, kind)
                if found is None:
                    continue
                target, relation = found
                # A constructor initializer's call is at its ``base``/``this`` keyword, not at the colon.
                anchor = node.ThisOrBaseKeyword if relation == "calls" and _is_initializer(node) else node
                site = self._site(anchor.GetLocation())
                if site is None:
                    continue
                group = (relation, documentation_id(target) or display(target))
                grouped.setdefault(group, (target, []))[1].append(site)
        nodes = []
        for (relation, key), (target, sites) in grouped.items():
            expands = relation in ("calls", "creates") and bool(list(target.DeclaringSyntaxReferences))
            recurse = self.outgoing if expands else None
            nodes.append(self._node(target, key, relation, tuple(sites), "", depth, path, recurse))
        return sorted(nodes, key=_order)

    def _node(
        self,
        symbol: Any,
        key: str,
        relation: str,
        sites: tuple[CallSite, ...],
        note: str,
        depth: int,
        path: set[str],
        recurse: Any,
        summary: SymbolSummary | None = None,
    ) -> CallNode:
        summary = summary or summarize(symbol)
        if key in path:
            return CallNode(summary, relation, sites, cycle=True, note=note)
        if recurse is None:
            return CallNode(summary, relation, sites, note=note)
        if depth <= 1:
            return CallNode(summary, relation, sites, note=note, expandable=True)
        children = recurse(symbol, depth - 1, path | {key})
        return CallNode(summary, relation, sites, tuple(children), note=note)

    def _target(self, model: Any, node: Any, kind: str) -> tuple[Any, str] | None:
        """The symbol a body node (of syntax class ``kind``) calls, creates or accesses, and how; else ``None``."""
        if kind == "InvocationExpressionSyntax":
            target = referenced_symbol(model, node, self.operation.token)
            return (typed(normalize(target)), "calls") if target is not None and str(target.Kind) == "Method" else None
        if kind in ("ConstructorInitializerSyntax", "PrimaryConstructorBaseTypeSyntax"):
            target = referenced_symbol(model, node, self.operation.token)
            return (typed(normalize(target)), "calls") if target is not None else None
        if kind in ("ObjectCreationExpressionSyntax", "ImplicitObjectCreationExpressionSyntax"):
            target = referenced_symbol(model, node, self.operation.token)
            return (typed(normalize(target)), "creates") if target is not None else None
        if kind not in ("IdentifierNameSyntax", "GenericNameSyntax"):
            return None
        target = referenced_symbol(model, node, self.operation.token)
        if target is None or str(target.Kind) not in ("Property", "Field", "Event"):
            return None
        access = classify(node, str(target.Kind))
        return typed(normalize(target)), _ACCESS_WORDS.get(access, "reads")

    def _site(self, location: Any, note: str = "") -> CallSite | None:
        converted = location_of(location)
        if converted is None:
            return None
        return CallSite(converted, line_text(converted, location.SourceTree, self.operation.token), note)

    def _model(self, tree: Any) -> Any:
        key = str(tree.FilePath)
        if key not in self._models:
            document = self.snapshot.solution.GetDocument(tree)
            self._models[key] = self.operation.wait(document.GetSemanticModelAsync(self.operation.token))
        return self._models[key]


def _sites(rows: list[list[Any]]) -> tuple[CallSite, ...]:
    """The helper's site rows [path, line, column, end line, end column, line text, via] as call sites."""
    return tuple([CallSite(Location(r[0], r[1], r[2], r[3], r[4]), r[5], _VIA if r[6] else "") for r in rows])


def _is_initializer(node: Any) -> bool:
    return str(node.GetType().Name) == "ConstructorInitializerSyntax"


def _order(node: CallNode) -> tuple[Any, ...]:
    first = node.sites[0].location if node.sites else None
    return (node.relation, first.path if first else "", first.line if first else 0, node.symbol.display)
