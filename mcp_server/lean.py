"""Structured content as lean as its text: an assistant pays for both. The text is for reading; the
structure holds what a program needs to act, each thing once.

A view becomes JSON with:

- nothing empty: no ``null``, ``""``, empty list, nor a field at its default (``offset: 0``,
  ``fixable: false``); a missing field means empty;
- nothing said twice: a path under the answer's ``root`` is relative to it (the root is given once, at
  the top), and a location in the file the answer is about (``path`` of an outline) has no path; a
  ``root`` inside an item is the answer's;
- the view's own choices, as field metadata (``engine.models``): ``TEXT_ONLY`` fields are left out
  (a symbol's display, said exactly by its documentation ID), ``FLAT`` ones are merged into their
  parent (an implementation is its symbol's fields plus the relation), ``short_key`` renames
  (``documentation_id`` -> ``id``), ``WITHOUT_LOCATION`` fields appear only where there is no location;
- a location as the text writes it, ``"at": "path:line:column"`` (the path left out where the answer is
  about one file), flattened into its item: where a name starts, as every text line gives it; any other
  span (an outline's ``span``: a whole declaration) as ``"line:column-line:column"``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Location, generator_of


def lean(view: Any) -> Any:
    """``view`` (a frozen dataclass of plain values) as lean JSON-ready data."""
    root = getattr(view, "root", None)
    return _Leaner(root if isinstance(root, str) else None).value(view, top=True)


class _Leaner:
    def __init__(self, root: str | None) -> None:
        self.root = root
        self.file: str | None = None
        """The file the whole answer is about (an outline's): its locations need no path."""

    def value(self, value: Any, top: bool = False) -> Any:
        if isinstance(value, Location):
            return self.location(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return self.fields(value, top)
        if isinstance(value, (list, tuple)):
            return [self.value(item) for item in value]
        if isinstance(value, str) and self.root and value.startswith(self.root + "/"):
            return value[len(self.root) + 1 :]
        return value

    def fields(self, value: Any, top: bool) -> dict[str, Any]:
        if top and isinstance(getattr(value, "path", None), str):
            self.file = value.path
        found: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            meta = field.metadata
            if meta.get("structured") is False or (field.name == "root" and not top and item == self.root):
                continue
            if meta.get("unless") and getattr(value, meta["unless"], None) is not None:
                continue
            if _empty(item) or (field.default is not dataclasses.MISSING and item == field.default):
                continue
            if field.name == "location" and isinstance(item, Location):
                found.update(self.location(item))
            elif isinstance(item, Location):
                found[meta.get("key", field.name)] = f"{item.line}:{item.column}-{item.end_line}:{item.end_column}"
            elif meta.get("flat") and dataclasses.is_dataclass(item):
                found.update(self.fields(item, top=False))
            else:
                found[meta.get("key", field.name)] = self.value(item)
        return found

    def location(self, location: Location) -> dict[str, str]:
        # The end of a name is where the name ends: the column says which name, the source its length.
        place = f"{location.line}:{location.column}"
        if location.path != self.file:
            place = f"{self.value(location.path)}:{place}"
        generator = generator_of(location.path)
        return {"at": place, "generated_by": generator} if generator else {"at": place}


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, (str, list, tuple, dict)) and not value)
