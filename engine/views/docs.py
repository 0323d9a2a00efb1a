"""Documentation answers: ``get_documentation`` and the Docs section of the info panel."""

from __future__ import annotations

from dataclasses import dataclass

from .doc_comments import Documentation
from .paging import range_note


@dataclass(frozen=True)
class DocEntry:
    documentation_id: str
    display: str
    origin: str
    """Where the text comes from: a source file and line, an XML file of a pack or package."""
    documentation: Documentation


@dataclass(frozen=True)
class DocumentationView:
    query: str
    items: tuple[DocEntry, ...]
    total: int
    offset: int = 0

    def render(self) -> str:
        note = range_note(self.offset, len(self.items), self.total)
        blocks = [f"{self.query}:{note}"] if note else []
        for entry in self.items:
            lines = [f"{entry.display}  ({entry.documentation_id})", f"from {entry.origin}"]
            lines += documentation_lines(entry.documentation) or ["(no documentation)"]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def documentation_lines(doc: Documentation) -> list[str]:
    lines = []
    if doc.summary:
        lines.append(f"summary: {doc.summary}")
    lines.extend(f"param {name}: {text}" for name, text in doc.parameters)
    lines.extend(f"typeparam {name}: {text}" for name, text in doc.type_parameters)
    if doc.returns:
        lines.append(f"returns: {doc.returns}")
    lines.extend(f"throws {name}: {text}" for name, text in doc.exceptions)
    if doc.remarks:
        lines.append(f"remarks: {doc.remarks}")
    for example in doc.examples:
        lines.append("example:")
        lines.extend(f"  {line}" for line in example.splitlines())
    if doc.see_also:
        lines.append("see also: " + ", ".join(doc.see_also))
    if doc.inherited_from:
        lines.append(f"(inherited from {doc.inherited_from})")
    return lines
