"""``find_symbols``: declarations by substring, wildcards or camel humps, ranked."""

from __future__ import annotations

from ..declarations import Declaration, metadata_types, source_declarations
from ..errors import InvalidArgument
from ..interop import Operation
from ..matching import match_rank
from ..snapshot import Snapshot, display_name
from ..symbols import SYMBOL_KIND_WORDS, summarize_all
from ..views.symbols import SymbolList

TYPE_KINDS = {"class", "record", "record struct", "struct", "interface", "enum", "delegate"}


def find_symbols(
    snapshot: Snapshot,
    operation: Operation,
    query: str,
    kind: str | None = None,
    project: str | None = None,
    limit: int | None = 50,
    include_metadata: bool = False,
) -> SymbolList:
    """Declarations whose name matches ``query``, best matches first.

    Ranking: exact, then prefix, then camel humps (``GBI`` finds ``GetById``), then substring; ``*`` and
    ``?`` make the query a wildcard pattern over the whole name. Ties go to the shorter name.

    Args:
        query: the text to match against simple names.
        kind: keep only this kind (a word from ``SYMBOL_KIND_WORDS``, or ``type`` for any type).
        project: keep only declarations of this project.
        limit: the most items returned (``total`` still counts them all).
        include_metadata: also search public types of referenced assemblies.
    """
    query = query.strip()
    if not query:
        raise InvalidArgument(
            "The search text is empty.", "Give part of a name, a camel-hump abbreviation or a pattern."
        )
    kinds = _kinds(kind)
    if project is not None and snapshot.project_named(project) is None:
        names = ", ".join(display_name(p) for p in snapshot.projects)
        raise InvalidArgument(f"No project named '{project}'.", f"Projects: {names}.")
    candidates: list[Declaration] = list(source_declarations(snapshot, operation))
    if include_metadata and project is None:
        candidates += metadata_types(snapshot, operation)
    ranked = []
    for index, declaration in enumerate(candidates):
        if index % 256 == 0:
            operation.check()  # "*" matches every declaration: honour the deadline between steps
        if project is not None and declaration.project.lower() != project.lower():
            continue
        rank = match_rank(query, declaration.name)
        if rank is not None:
            ranked.append((rank, len(declaration.name), declaration.name, declaration))
    ranked.sort(key=lambda entry: entry[:3])
    operation.check()
    summaries = []
    seen = set()
    for summary in summarize_all([declaration.symbol for *_, declaration in ranked]):
        if kinds and summary.kind not in kinds:
            continue
        if summary.documentation_id in seen:  # partial types are declared more than once
            continue
        seen.add(summary.documentation_id)
        summaries.append(summary)
    shown = summaries if limit is None else summaries[:limit]
    where = f" in {project}" if project else ""
    kind_words = f" ({kind})" if kind else ""
    return SymbolList(
        root=str(snapshot.root),
        title=f"Symbols matching '{query}'{kind_words}{where}",
        items=tuple(shown),
        total=len(summaries),
    )


def _kinds(kind: str | None) -> set[str]:
    if kind is None:
        return set()
    wanted = kind.strip().lower()
    if wanted == "type":
        return set(TYPE_KINDS)
    if wanted not in SYMBOL_KIND_WORDS:
        raise InvalidArgument(f"'{kind}' is not a symbol kind.", f"Use one of: type, {', '.join(SYMBOL_KIND_WORDS)}.")
    return {wanted}
