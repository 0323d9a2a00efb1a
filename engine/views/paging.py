"""Slicing list views into pages without changing their shape."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

V = TypeVar("V")


def page(view: V, offset: int = 0, limit: int | None = None) -> V:
    """The same view with only ``items[offset:offset + limit]``; ``total`` keeps the full count. A page
    after the first leaves out the fields marked ``FIRST_PAGE``."""
    items: tuple[Any, ...] = view.items  # type: ignore[attr-defined]
    end = len(items) if limit is None else offset + limit
    later = {f.name: f.default for f in dataclasses.fields(view) if offset and f.metadata.get("first_page")}  # type: ignore[arg-type]
    return dataclasses.replace(view, items=items[offset:end], offset=offset, **later)  # type: ignore[type-var]


def range_note(offset: int, shown: int, total: int) -> str:
    """``(showing 21-40 of 93)`` when a view is a slice, else an empty string."""
    if offset == 0 and shown >= total:
        return ""
    if shown == 0:
        return f" (none shown of {total}, offset {offset})"
    return f" (showing {offset + 1}-{offset + shown} of {total})"
