"""Summaries of many symbols at once: made by the C# helper in one call, and kept under the helper's
number for each symbol object, so a list shown again (or a symbol seen in another list) costs a lookup.

A symbol object never changes and a changed document makes new ones, so a kept summary is never stale;
the numbers are never reused, so the store needs no invalidation, only a bound on its size.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from ..models import Location, SymbolSummary
from .describe import kind_word, symbol_array, symbol_format, symbols_at

_KEPT_AT_MOST = 50_000
"""Summaries kept before the store starts over (tens of MB at most; each query stores only what it shows)."""
_kept: dict[str, SymbolSummary] = {}
_kept_lock = threading.Lock()


def summarize(symbol: Any) -> SymbolSummary:
    """What every list shows of a symbol, from the store."""
    return summarize_all([symbol])[0]


def summarize_all(symbols: Any, only: list[int] | None = None) -> list[SymbolSummary]:
    """``summarize`` of each symbol (a list or a .NET array; with ``only``, of the symbols at those
    indexes): the ones not seen before described in one call to the C# helper."""
    from ..native import helpers

    if only is not None and only != list(range(len(symbols))):
        symbols = symbols_at(symbols, only)
    native = helpers()
    if not len(symbols):
        return []
    array = symbol_array(symbols)
    numbers = str(native.Handles.Of(array)).split(",")
    with _kept_lock:
        found = [_kept.get(number) for number in numbers]
    missing = [index for index, summary in enumerate(found) if summary is None]
    if missing:
        subset = array if len(missing) == len(numbers) else symbols_at(array, missing)
        fresh = [summary for summary, _, _ in described(subset, with_signature=False)]
        with _kept_lock:
            if len(_kept) + len(fresh) > _KEPT_AT_MOST:
                _kept.clear()
            for index, summary in zip(missing, fresh, strict=True):
                found[index] = _kept[numbers[index]] = summary
    return found  # type: ignore[return-value]


def described(symbols: Any, with_signature: bool) -> list[tuple[SymbolSummary, str, list[Location]]]:
    """Each symbol's summary, and with ``with_signature`` its signature and every source location
    (for the on-disk index), in one call to the C# helper."""
    from ..native import helpers

    native = helpers()
    formats = [symbol_format("short"), symbol_format("full")]
    if with_signature:
        formats.append(symbol_format("signature"))
    rows = json.loads(str(native.Summaries.Describe(symbol_array(symbols), *formats)))
    found = []
    for row in rows:
        name, kind, type_kind, method_kind, is_record, is_indexer, enum_member, constant = row[:8]
        shown, qualified, doc_id, container, place, assembly = row[8:14]
        summary = SymbolSummary(
            name=name,
            kind=kind_word(kind, type_kind, method_kind, is_record, is_indexer, enum_member, constant),
            display=shown,
            qualified_name=qualified,
            documentation_id=doc_id,
            container=container,
            location=Location(*place) if place else None,
            in_source=place is not None,
            assembly=assembly,
        )
        places = [Location(*p) for p in row[15]] if with_signature else []
        found.append((summary, row[14] if with_signature else "", places))
    return found
