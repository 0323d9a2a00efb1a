"""XML documentation comments as plain text: summary, parameters, returns, exceptions, remarks,
examples and see-also, with ``<inheritdoc>`` noted for the caller to follow."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass


@dataclass(frozen=True)
class Documentation:
    summary: str = ""
    parameters: tuple[tuple[str, str], ...] = ()
    """(parameter name, text) in declaration order."""
    type_parameters: tuple[tuple[str, str], ...] = ()
    returns: str = ""
    exceptions: tuple[tuple[str, str], ...] = ()
    """(exception type, when it is thrown)."""
    remarks: str = ""
    examples: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    inherit_from: str | None = None
    """Set when the comment is ``<inheritdoc/>`` (empty string) or ``<inheritdoc cref="X"/>`` (X's id)."""
    inherited_from: str = ""
    """The member whose comment filled this one in, when it was inherited."""

    @property
    def is_empty(self) -> bool:
        return not (self.summary or self.parameters or self.returns or self.exceptions or self.remarks or self.examples)

    def filled_from(self, base: Documentation, name: str) -> Documentation:
        """This comment with what it leaves out taken from ``base`` (what ``<inheritdoc/>`` means)."""
        return Documentation(
            summary=self.summary or base.summary,
            parameters=self.parameters or base.parameters,
            type_parameters=self.type_parameters or base.type_parameters,
            returns=self.returns or base.returns,
            exceptions=self.exceptions or base.exceptions,
            remarks=self.remarks or base.remarks,
            examples=self.examples or base.examples,
            see_also=self.see_also or base.see_also,
            inherited_from=name,
        )


def parse(xml: str) -> Documentation:
    if not xml.strip():
        return Documentation()
    try:
        root = ElementTree.fromstring(xml if xml.lstrip().startswith("<member") else f"<member>{xml}</member>")
    except ElementTree.ParseError:
        return Documentation(summary=_squash(re.sub(r"<[^>]+>", " ", xml)))
    return Documentation(
        summary=_text(root.find("summary")),
        parameters=tuple((e.get("name", ""), _text(e)) for e in root.findall("param")),
        type_parameters=tuple((e.get("name", ""), _text(e)) for e in root.findall("typeparam")),
        returns=_text(root.find("returns")),
        exceptions=tuple((_cref(e.get("cref", "")), _text(e)) for e in root.findall("exception")),
        remarks=_text(root.find("remarks")),
        examples=tuple(t for t in (_text(e, keep_lines=True) for e in root.findall("example")) if t),
        see_also=tuple(_cref(e.get("cref", "")) or e.get("href", "") or _text(e) for e in root.findall("seealso")),
        inherit_from=_inherit(root),
    )


def _inherit(root: ElementTree.Element) -> str | None:
    element = root.find("inheritdoc")
    if element is None:
        return None
    return element.get("cref", "")


def _text(element: ElementTree.Element | None, keep_lines: bool = False) -> str:
    if element is None:
        return ""
    parts = [element.text or ""]
    for child in element:
        if child.tag in ("see", "seealso"):
            parts.append(child.text or _cref(child.get("cref", "")) or child.get("langword") or child.get("href") or "")
        elif child.tag in ("paramref", "typeparamref"):
            parts.append(child.get("name", ""))
        elif child.tag == "code":
            # Code keeps its lines: an example is read as code.
            parts.append("\n" + _dedent(child.text or "") + "\n")
            keep_lines = True
        else:
            parts.append(_text(child, keep_lines))
        parts.append(child.tail or "")
    joined = "".join(parts)
    return _tidy(joined) if keep_lines else _squash(joined)


def _dedent(code: str) -> str:
    import textwrap

    return textwrap.dedent(code.strip("\n")).rstrip()


def _tidy(text: str) -> str:
    """Prose squashed, code lines kept: lines of text are joined, blank-line breaks stay."""
    blocks = re.split(r"\n(?=\S)|\n\s*\n", text.strip())
    return "\n".join(block.rstrip() for block in blocks if block.strip())


def _cref(cref: str) -> str:
    """``T:System.InvalidOperationException`` -> ``InvalidOperationException``."""
    name = re.sub(r"``?\d+", "<T>", cref.split(":", 1)[-1].split("(", 1)[0])
    return name.rsplit(".", 1)[-1] if name else ""


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
