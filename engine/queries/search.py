"""``find_symbols``: declarations by substring, wildcards or camel humps, ranked."""

from __future__ import annotations

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import SymbolSummary
from ..symbols.declarations import metadata_types, source_declarations
from ..symbols.describe import SYMBOL_KIND_WORDS
from ..symbols.matching import NameSet, declared_in, match_rank, split_qualified
from ..symbols.summaries import summarize_all
from ..views.symbols import SymbolList
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name

TYPE_KINDS = {"class", "record", "record struct", "struct", "interface", "enum", "delegate"}


@query(restricted=True, early=True, syntax=True, scope="every_project")
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
    ``?`` make the query a wildcard pattern over the whole name. Ties go to the shorter name. A qualified
    query (``Logger.Write``, ``Core.I*Repository``) matches its last part against names, declared in
    containers whose names end with the rest.

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
    _kinds(kind)  # an unknown kind is an error before any work
    if project is not None and snapshot.project_named(project) is None:
        listed = ", ".join(display_name(p) for p in snapshot.projects)
        raise InvalidArgument(f"No project named '{project}'.", f"Projects: {listed}.")
    containers, name = split_qualified(query)
    declarations = source_declarations(snapshot, operation, naming=name)
    ordered = ranked(name, declarations.names, declarations.projects, project)
    operation.check()
    if include_metadata and project is None:
        extra = metadata_types(snapshot, operation)
        names = NameSet.of([d.name for d in extra])
        found = ranked(name, names, [d.project for d in extra], None)
        summaries = merged(
            declarations.summaries(ordered, operation), summarize_all([extra[i].symbol for i in found]), name
        )
        summaries = [s for s in summaries if declared_in(s.documentation_id, containers)]
        return symbol_list(str(snapshot.root), query, kind, project, summaries, limit)
    # Every match counts, but only the ones shown are described (a few letters match thousands).
    keys = declarations.keys(ordered, operation)
    if containers:
        chosen = [(index, key) for index, key in zip(ordered, keys, strict=True) if declared_in(key[1], containers)]
        ordered, keys = [index for index, _ in chosen], [key for _, key in chosen]
    kept = distinct(ordered, keys, _kinds(kind))
    shown = declarations.summaries(kept if limit is None else kept[:limit], operation)
    return _answer(str(snapshot.root), query, kind, project, shown, len(kept))


def distinct(indexes: list[int], keys: list[tuple[str, str]], kinds: set[str]) -> list[int]:
    """The ``indexes`` whose kind word (of ``keys``, their kind words and documentation ids) is one of
    ``kinds`` (any when empty), each documentation id once (a symbol in two projects' assemblies)."""
    seen = set()
    kept = []
    for index, (word, documentation_id) in zip(indexes, keys, strict=True):
        if (kinds and word not in kinds) or documentation_id in seen:
            continue
        seen.add(documentation_id)
        kept.append(index)
    return kept


def ranked(query: str, names: NameSet, projects: list[str], project: str | None) -> list[int]:
    """Indexes of the names that match ``query`` (of ``project`` when given), best first: exact, prefix,
    camel humps, substring (see ``matching``); ties go to the shorter name, then by name."""
    wanted = project.lower() if project is not None else None
    found = [
        (rank, len(names.names[index]), names.names[index], index)
        for index, rank in names.ranks(query).items()
        if wanted is None or projects[index].lower() == wanted
    ]
    found.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in found]


def merged(first: list[SymbolSummary], second: list[SymbolSummary], query: str) -> list[SymbolSummary]:
    """Two ranked lists as one, in the same order ``ranked`` gives (rank, name length, name)."""

    def key(summary: SymbolSummary) -> tuple[int, int, str]:
        return (match_rank(query, summary.name) or 0, len(summary.name), summary.name)

    return sorted(first + second, key=key)


def symbol_list(
    root: str,
    query: str,
    kind: str | None,
    project: str | None,
    summaries: list[SymbolSummary],
    limit: int | None,
    note: str = "",
) -> SymbolList:
    """The answer: ranked summaries of the wanted kind, each symbol once (a partial type is declared
    more than once), cut to ``limit``."""
    keys = [(summary.kind, summary.documentation_id) for summary in summaries]
    kept = [summaries[index] for index in distinct(list(range(len(summaries))), keys, _kinds(kind))]
    return _answer(root, query, kind, project, kept if limit is None else kept[:limit], len(kept), note)


def _answer(
    root: str, query: str, kind: str | None, project: str | None, shown: list[SymbolSummary], total: int, note: str = ""
) -> SymbolList:
    where = f" in {project}" if project else ""
    kind_words = f" ({kind})" if kind else ""
    return SymbolList(root=root, title=f"Symbols matching '{query}'{kind_words}{where}{note}", items=tuple(shown),
                      total=total)  # fmt: skip


def _kinds(kind: str | None) -> set[str]:
    if kind is None:
        return set()
    wanted = kind.strip().lower()
    if wanted == "type":
        return set(TYPE_KINDS)
    if wanted not in SYMBOL_KIND_WORDS:
        raise InvalidArgument(f"'{kind}' is not a symbol kind.", f"Use one of: type, {', '.join(SYMBOL_KIND_WORDS)}.")
    return {wanted}
