"""A reader of SCIP indexes for the tests: the protobuf wire format decoded by hand (no protobuf package
here) with the field numbers of sourcegraph/scip's scip.proto, so the test does not read the index with
the writer's own code."""

from __future__ import annotations

from dataclasses import dataclass, field

# scip.proto's field numbers.
INDEX = {1: "metadata", 2: "documents", 3: "external_symbols"}
METADATA = {1: "version", 2: "tool_info", 3: "project_root", 4: "text_document_encoding"}
TOOL_INFO = {1: "name", 2: "version", 3: "arguments"}
DOCUMENT = {1: "relative_path", 2: "occurrences", 3: "symbols", 4: "language", 5: "text", 6: "position_encoding"}
OCCURRENCE = {1: "range", 2: "symbol", 3: "symbol_roles", 4: "override_documentation", 5: "syntax_kind"}
SYMBOL_INFORMATION = {
    1: "symbol",
    3: "documentation",
    4: "relationships",
    5: "kind",
    6: "display_name",
    8: "enclosing_symbol",
}
RELATIONSHIP = {1: "symbol", 2: "is_reference", 3: "is_implementation", 4: "is_type_definition", 5: "is_definition"}
DEFINITION, IMPORT = 0x1, 0x2


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def fields(data: bytes) -> list[tuple[int, int | bytes]]:
    """``(field number, value)`` in order: an int for a varint, bytes for a length-delimited field."""
    found: list[tuple[int, int | bytes]] = []
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
            found.append((number, value))
        elif wire == 2:
            length, at = _varint(data, at)
            found.append((number, data[at : at + length]))
            at += length
        else:
            raise ValueError(f"unexpected wire type {wire} for field {number}")
    return found


def packed(data: bytes) -> list[int]:
    values, at = [], 0
    while at < len(data):
        value, at = _varint(data, at)
        values.append(value)
    return values


@dataclass
class Decoded:
    values: dict[str, list] = field(default_factory=dict)

    def one(self, name: str, default=None):
        return self.values.get(name, [default])[-1]

    def all(self, name: str) -> list:
        return self.values.get(name, [])


def decode(data: bytes, names: dict[int, str], nested: dict[str, tuple[dict[int, str], dict]] | None = None) -> Decoded:
    """``data`` as a message of ``names``; ``nested`` says which fields are messages (their names and nesting)."""
    nested = nested or {}
    out = Decoded()
    for number, value in fields(data):
        name = names.get(number)
        assert name is not None, f"field {number} is not in scip.proto's {sorted(names.values())}"
        if name in nested:
            inner_names, inner_nested = nested[name]
            value = decode(value, inner_names, inner_nested)
        elif name == "range":
            value = packed(value)
        elif isinstance(value, bytes):
            value = value.decode("utf-8")
        out.values.setdefault(name, []).append(value)
    return out


def read_index(data: bytes) -> Decoded:
    return decode(
        data,
        INDEX,
        {
            "metadata": (METADATA, {"tool_info": (TOOL_INFO, {})}),
            "documents": (
                DOCUMENT,
                {
                    "occurrences": (OCCURRENCE, {}),
                    "symbols": (SYMBOL_INFORMATION, {"relationships": (RELATIONSHIP, {})}),
                },
            ),
        },
    )
