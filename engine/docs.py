"""XML documentation comments as plain text: summary, parameters, returns, exceptions, remarks."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from typing import Any


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

    @property
    def is_empty(self) -> bool:
        return not (self.summary or self.parameters or self.returns or self.exceptions or self.remarks)


def documentation(symbol: Any) -> Documentation:
    """The symbol's XML doc comment, parsed; empty when it has none (or it is malformed)."""
    from System.Threading import CancellationToken  # type: ignore[import-not-found]

    xml = str(symbol.GetDocumentationCommentXml(None, False, getattr(CancellationToken, "None")) or "")
    return parse(xml)


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
    )


def _text(element: ElementTree.Element | None) -> str:
    if element is None:
        return ""
    parts = [element.text or ""]
    for child in element:
        if child.tag in ("see", "seealso"):
            parts.append(child.text or _cref(child.get("cref", "")) or child.get("langword") or child.get("href") or "")
        elif child.tag in ("paramref", "typeparamref"):
            parts.append(child.get("name", ""))
        else:
            parts.append(_text(child))
        parts.append(child.tail or "")
    return _squash("".join(parts))


def _cref(cref: str) -> str:
    """``T:System.InvalidOperationException`` -> ``InvalidOperationException``."""
    name = cref.split(":", 1)[-1].split("(", 1)[0]
    return name.rsplit(".", 1)[-1] if name else ""


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
