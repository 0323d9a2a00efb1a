"""A lean tool list: every assistant pays for ``tools/list`` in every conversation.

Pydantic's schemas repeat a title on every property and spell an optional ``str`` as
``anyOf: [string, null]`` with ``default: null``; the list carries neither. The structured results
keep their shape (each is the view's fields plus paging), but no output schema is advertised: no
client here validates against one, and they cost more than the rest of the list together.
"""

from __future__ import annotations

from typing import Any

TOOL_LIST_BUDGET_PER_TOOL = 1000
"""Characters of ``tools/list`` JSON per tool, on average: a test keeps the list under it."""


def compact(schema: Any) -> Any:
    """``schema`` without titles and with ``X | None = None`` written as plain ``X`` (optional by
    not being required)."""
    if isinstance(schema, list):
        return [compact(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    result = {key: compact(value) for key, value in schema.items() if key != "title"}
    options = result.get("anyOf")
    if isinstance(options, list):
        kept = [option for option in options if option != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(options):
            del result["anyOf"]
            result = {**kept[0], **result}
            if result.get("default", 0) is None:
                del result["default"]
    return result
