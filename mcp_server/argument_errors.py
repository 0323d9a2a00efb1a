"""A call's arguments that do not fit the tool's schema, said as what was wrong and what to give.

The SDK's own message is pydantic's (``1 validation error for go_to_definitionArguments / line / Input
should be a valid integer, unable to parse string as an integer [type=int_parsing, ...] For further
information visit https://errors.pydantic.dev/...``): correct, but an assistant has to dig the argument
out of it, and the link is noise."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

_EXPECTED = {
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "string_type": "a string",
    "float_parsing": "a number",
    "float_type": "a number",
    "list_type": "a list",
    "missing": "given",
}


def described(tool: str, error: ValidationError) -> str:
    """One line per argument that was wrong: its name, what it must be, what came."""
    count = len(error.errors())
    said = (
        "1 argument is not as the tool takes it" if count == 1 else f"{count} arguments are not as the tool takes them"
    )
    lines = [f"{tool}: {said}:"]
    for each in error.errors():
        name = ".".join(str(part) for part in each["loc"]) or "(the arguments)"
        expected = _EXPECTED.get(each["type"])
        if each["type"] == "missing":
            lines.append(f"- '{name}' is required: give it.")
        elif expected is not None:
            lines.append(f"- '{name}' must be {expected}, not {_shown(each.get('input'))}.")
        else:
            lines.append(f"- '{name}': {each['msg']} (given {_shown(each.get('input'))}).")
    lines.append("Call again with the arguments corrected; the tool's input schema lists each.")
    return "\n".join(lines)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
