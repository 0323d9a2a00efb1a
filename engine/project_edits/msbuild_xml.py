"""MSBuild files edited as their authors wrote them: every edit splices bytes into the file, so its
formatting, comments, order, encoding and line endings stay exactly as they were outside the edit.

``expat`` gives each element's byte offsets; an edit replaces one span (an attribute's value, an
element's text), inserts one element on a line of its own with its neighbours' indentation, or takes
one element's lines out.
"""

from __future__ import annotations

import itertools
import re
import xml.parsers.expat
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InvalidArgument


@dataclass
class Element:
    name: str
    attributes: dict[str, str]
    start: int
    """The byte offset of its ``<``."""
    open_end: int
    """Just after its start tag's ``>``."""
    close_start: int = -1
    """Where its end tag starts (its ``open_end`` when it closes itself)."""
    end: int = -1
    """Just after its last ``>``."""
    children: list[Element] = field(default_factory=list)
    parent: Element | None = None

    def attribute(self, name: str) -> str | None:
        """An attribute's value, the name matched without case (as MSBuild does)."""
        wanted = name.lower()
        return next((value for key, value in self.attributes.items() if key.lower() == wanted), None)

    def named(self, name: str) -> list[Element]:
        return [child for child in self.children if child.name == name]

    def descendants(self, name: str) -> list[Element]:
        found = [child for child in self.children if child.name == name]
        for child in self.children:
            found += child.descendants(name)
        return sorted(found, key=lambda element: element.start)

    @property
    def condition(self) -> str:
        """The element's own condition and its parent group's, joined (``""``: none)."""
        own = self.attribute("Condition") or ""
        above = self.parent.attribute("Condition") or "" if self.parent is not None else ""
        return " and ".join(part for part in (above, own) if part)


class MsBuildFile:
    """One project or props file as bytes, with its elements' places; edits return the new bytes."""

    def __init__(self, path: Path, data: bytes | None = None) -> None:
        self.path = path
        self.data = path.read_bytes() if data is None else data
        self.root = self._parse()
        self.newline = b"\r\n" if self.data.count(b"\r\n") * 2 > self.data.count(b"\n") else b"\n"

    def _parse(self) -> Element:
        parser = xml.parsers.expat.ParserCreate()
        stack: list[Element] = []
        top: list[Element] = []

        def started(name: str, attributes: dict[str, str]) -> None:
            at = parser.CurrentByteIndex
            element = Element(name, attributes, at, _tag_end(self.data, at), parent=stack[-1] if stack else None)
            (stack[-1].children if stack else top).append(element)
            stack.append(element)

        def ended(_name: str) -> None:
            element = stack.pop()
            at = parser.CurrentByteIndex
            if self.data[element.open_end - 2 : element.open_end] == b"/>":
                element.close_start = element.end = element.open_end
            else:
                element.close_start, element.end = at, _tag_end(self.data, at)

        parser.StartElementHandler = started
        parser.EndElementHandler = ended
        try:
            parser.Parse(self.data, True)
        except xml.parsers.expat.ExpatError as error:
            raise InvalidArgument(
                f"{self.path.name} is not well-formed XML ({error}); it was not edited.",
                "Fix the file (dotnet build names the same place), then edit it again.",
            ) from error
        return top[0]

    def text(self, element: Element) -> str:
        return self.data[element.open_end : element.close_start].decode("utf-8").strip()

    # Edits: each returns the file's new bytes; ``self`` is unchanged.

    def set_attribute(self, element: Element, name: str, value: str) -> bytes:
        """``name="value"`` on ``element``: the value replaced where it is, else added after the last attribute."""
        tag = self.data[element.start : element.open_end]
        found = re.search(rb"\s" + re.escape(name.encode()) + rb"\s*=\s*(\"|')(.*?)\1", tag, re.IGNORECASE | re.DOTALL)
        if found:
            at = element.start + found.start(2)
            return self._splice(at, element.start + found.end(2), _escaped(value))
        closing = len(tag) - (2 if tag.endswith(b"/>") else 1)
        while closing > 0 and tag[closing - 1 : closing].isspace():
            closing -= 1
        at = element.start + closing
        return self._splice(at, at, b" " + name.encode() + b'="' + _escaped(value) + b'"')

    def remove_attribute(self, element: Element, name: str) -> bytes:
        tag = self.data[element.start : element.open_end]
        found = re.search(rb"\s+" + re.escape(name.encode()) + rb"\s*=\s*(\"|').*?\1", tag, re.IGNORECASE | re.DOTALL)
        if not found:
            return self.data
        return self._splice(element.start + found.start(), element.start + found.end(), b"")

    def set_text(self, element: Element, value: str) -> bytes:
        if element.close_start == element.open_end:  # <X /> becomes <X>value</X>
            opening = self.data[element.start : element.open_end].rstrip(b"/>").rstrip()
            whole = opening + b">" + _escaped(value) + b"</" + element.name.encode() + b">"
            return self._splice(element.start, element.end, whole)
        return self._splice(element.open_end, element.close_start, _escaped(value))

    def append_child(self, parent: Element, markup: str) -> bytes:
        """``markup`` as ``parent``'s last child, on a line of its own, indented as its siblings are."""
        indent = self._child_indent(parent)
        line = self.newline + indent + markup.encode("utf-8")
        if parent.close_start == parent.open_end:  # <ItemGroup /> opened up
            opening = self.data[parent.start : parent.open_end].rstrip(b"/>").rstrip() + b">"
            whole = opening + line + self.newline + self._indent_of(parent) + b"</" + parent.name.encode() + b">"
            return self._splice(parent.start, parent.end, whole)
        if parent.children:
            at = parent.children[-1].end
            return self._splice(at, at, line)
        at = parent.open_end
        inner = self.data[parent.open_end : parent.close_start]
        if inner.strip():
            return self._splice(at, at, line)
        closing = self.newline + self._indent_of(parent)
        return self._splice(parent.open_end, parent.close_start, line + closing)

    def append_group(self, name: str, children: list[str], condition: str = "") -> bytes:
        """A new ``<ItemGroup>`` or ``<PropertyGroup>`` holding ``children``, after the last group of its kind
        (else after the last group of any kind, else at the end of the project)."""
        project = self.root
        same = project.named(name) or project.named("ItemGroup") or project.named("PropertyGroup")
        unit = self._indent_unit()
        indent = self._indent_of(same[-1]) if same else unit
        attributes = f' Condition="{condition}"' if condition else ""
        lines = [indent + f"<{name}{attributes}>".encode()]
        lines += [indent + unit + child.encode("utf-8") for child in children]
        lines.append(indent + f"</{name}>".encode())
        block = self.newline.join(lines)
        if same:
            at = same[-1].end
            apart = self.newline if self._groups_apart() else b""
            return self._splice(at, at, self.newline + apart + block)
        at = project.close_start
        before = self.data[:at].rstrip(b" \t")
        return before + block + self.newline + self.data[at:]

    def remove(self, element: Element) -> bytes:
        """``element`` taken out with its line (and a group it leaves empty, and that group's line)."""
        parent = element.parent
        if parent is not None and parent.parent is not None and [element] == parent.children:
            left = self.data[parent.open_end : element.start] + self.data[element.end : parent.close_start]
            if not left.strip():
                return self.remove(parent)
        start, end = element.start, element.end
        line_start = self.data.rfind(b"\n", 0, start) + 1
        line_end = self.data.find(b"\n", end)
        if self.data[line_start:start].strip() or (line_end != -1 and self.data[end:line_end].strip()):
            return self._splice(start, end, b"")  # it shares its line: only the element goes
        end = len(self.data) if line_end == -1 else line_end + 1
        # A blank line that kept it apart goes with it: the one after it when there is one, else the
        # one before it when it was the last child.
        previous_start = self.data.rfind(b"\n", 0, max(line_start - 1, 0)) + 1
        next_end = self.data.find(b"\n", end)
        blank_before = line_start > 0 and not self.data[previous_start:line_start].strip()
        if blank_before and next_end != -1 and not self.data[end:next_end].strip():
            end = next_end + 1
        elif blank_before and self.data[end:].lstrip().startswith(b"</"):
            line_start = previous_start
        return self._splice(line_start, end, b"")

    def remove_all(self, elements: list[Element]) -> bytes:
        """Each of ``elements`` taken out as ``remove`` does, the last first so that earlier places hold."""
        file = self
        for element in sorted(elements, key=lambda e: e.start, reverse=True):
            again = next(e for e in file.root.descendants(element.name) if e.start == element.start)
            file = MsBuildFile(self.path, file.remove(again))
        return file.data

    def _groups_apart(self) -> bool:
        """Whether the file keeps its top-level elements apart with blank lines."""
        children = self.root.children
        between = [self.data[a.end : b.start] for a, b in itertools.pairwise(children)]
        return any(gap.count(b"\n") > 1 for gap in between)

    def _splice(self, start: int, end: int, new: bytes) -> bytes:
        return self.data[:start] + new + self.data[end:]

    def _indent_of(self, element: Element) -> bytes:
        line_start = self.data.rfind(b"\n", 0, element.start) + 1
        before = self.data[line_start : element.start]
        return before if not before.strip() else b""

    def _child_indent(self, parent: Element) -> bytes:
        if parent.children:
            return self._indent_of(parent.children[-1])
        return self._indent_of(parent) + self._indent_unit()

    def _indent_unit(self) -> bytes:
        """The file's step of indentation: its first element's, else two spaces."""
        for child in self.root.children:
            indent = self._indent_of(child)
            if indent:
                return indent
        return b"  "


def _tag_end(data: bytes, start: int) -> int:
    """Just after the ``>`` that closes the tag starting at ``start`` (quoted ``>`` skipped)."""
    quote = 0
    for at in range(start + 1, len(data)):
        byte = data[at]
        if quote:
            if byte == quote:
                quote = 0
        elif byte in (0x22, 0x27):
            quote = byte
        elif byte == 0x3E:
            return at + 1
    return len(data)


def _escaped(value: str) -> bytes:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").encode("utf-8")


def markup(name: str, attributes: dict[str, str]) -> str:
    """``<Name A="a" B="b" />``."""
    written = "".join(f' {key}="{_escaped(value).decode()}"' for key, value in attributes.items())
    return f"<{name}{written} />"
