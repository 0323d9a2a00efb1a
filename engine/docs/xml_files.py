"""Members looked up by name in XML documentation files (the framework's reference packs, restored
packages): found with a byte search, then only the matching ``<member>`` elements are parsed."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..host.runtime import find_dotnet
from ..views.doc_comments import Documentation, parse

_KEYWORDS = {
    "bool": "Boolean", "byte": "Byte", "sbyte": "SByte", "char": "Char", "short": "Int16", "ushort": "UInt16",
    "int": "Int32", "uint": "UInt32", "long": "Int64", "ulong": "UInt64", "float": "Single", "double": "Double",
    "decimal": "Decimal", "string": "String", "object": "Object", "nint": "IntPtr", "nuint": "UIntPtr",
}  # fmt: skip


@dataclass(frozen=True)
class XmlMember:
    documentation_id: str
    documentation: Documentation
    file: Path


@dataclass(frozen=True)
class DocFiles:
    """A set of XML files and the words naming where they come from."""

    files: tuple[Path, ...]
    origin: str

    def origin_of(self, path: Path) -> str:
        """``Microsoft.NETCore.App.Ref 10.0.12`` for a reference pack's file, else the set's origin."""
        parts = path.parts
        if len(parts) > 5 and parts[-6] == "packs":
            return f"{parts[-5]} {parts[-4]}"
        return self.origin


@lru_cache(maxsize=1)
def framework_files() -> DocFiles:
    """The XML files of the newest Microsoft.NETCore.App reference pack (plus ASP.NET Core's when present)."""
    packs = find_dotnet().root / "packs"
    files: list[Path] = []
    origins = []
    for pack in ("Microsoft.NETCore.App.Ref", "Microsoft.AspNetCore.App.Ref"):
        versions = sorted(
            (packs / pack).glob("*/ref/net*"), key=lambda p: _numbers(p.parent.parent.name) + _numbers(p.name)
        )
        if versions:
            newest = versions[-1]
            files += sorted(newest.glob("*.xml"))
            origins.append(f"{pack} {newest.parent.parent.name}")
    return DocFiles(tuple(files), ", ".join(origins) or "no reference pack found")


def find(name: str, source: DocFiles, limit: int = 20) -> list[XmlMember]:
    """Members named ``name`` (``System.String.Split``, ``String.Split``, ``List<T>.Add``, an overload's
    parameter list, or an exact documentation ID), in the likeliest files first."""
    pattern, parameters = _pattern(name)
    found: list[XmlMember] = []
    for path in _ordered(source.files, name):
        data = _read(path)
        for match in pattern.finditer(data):
            member_id = match.group(1).decode("utf-8", "replace")
            if parameters is not None and not _parameters_match(member_id, parameters):
                continue
            found.append(XmlMember(member_id, _member_documentation(data, match.start()), path))
            if len(found) >= limit:
                return found
        if found and "." in name:
            return found  # a qualified name lives in one assembly
    return found


def find_id(documentation_id: str, source: DocFiles) -> XmlMember | None:
    matches = find(documentation_id, source, limit=1)
    return matches[0] if matches else None


def _pattern(name: str) -> tuple[re.Pattern[bytes], list[str] | None]:
    name = name.strip()
    if len(name) > 2 and name[1] == ":" and name[0] in "TMPFEN":
        return re.compile(rb'<member name="(' + re.escape(name.encode()) + rb')"'), None
    base, _, rest = name.partition("(")
    parameters = [p.strip() for p in rest.rstrip(")").split(",") if p.strip()] if rest else None
    segments = [re.sub(r"<.*>", "", s) for s in _split_dots(base)]
    body = rb"\.".join(re.escape(s.encode()) + rb"(?:``?\d+)?" for s in segments if s)
    return re.compile(rb'<member name="([TMPFE]:(?:[\w.`#]+\.)?' + body + rb'(?:\([^"]*\))?)"'), parameters


def _split_dots(name: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in name:
        depth += (char == "<") - (char == ">")
        if char == "." and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


def _parameters_match(member_id: str, wanted: list[str]) -> bool:
    inside = member_id.partition("(")[2].rstrip(")")
    actual = [p for p in re.split(r",(?![^{]*})", inside) if p] if inside else []
    if len(actual) != len(wanted):
        return False
    for given, declared in zip(wanted, actual, strict=True):
        simple = re.sub(r"<.*>", "", given.split()[-1]).rstrip("?")
        array = simple.endswith("[]")
        simple = _KEYWORDS.get(simple.removesuffix("[]"), simple.removesuffix("[]"))
        declared_simple = re.sub(r"\{.*\}|`\d+", "", declared).rstrip("@").rsplit(".", 1)[-1]
        if declared_simple.removesuffix("[]") != simple or declared_simple.endswith("[]") != array:
            return False
    return True


def _member_documentation(data: bytes, start: int) -> Documentation:
    end = data.find(b"</member>", start)
    if end < 0:
        return Documentation()
    return parse(data[start : end + len(b"</member>")].decode("utf-8", "replace"))


def _ordered(files: tuple[Path, ...], name: str) -> list[Path]:
    """Files named after a prefix of the name first (System.Text.Json.xml for System.Text.Json.*),
    then System.Runtime.xml, then the rest."""
    qualified = name.split("(", 1)[0].split(":", 1)[-1]

    def rank(path: Path) -> tuple[int, int]:
        stem = path.stem
        if qualified.startswith(stem + "."):
            return (0, -len(stem))
        if stem == "System.Runtime":
            return (1, 0)
        return (2, 0)

    return sorted(files, key=rank)


_contents: dict[Path, bytes] = {}
_contents_lock = threading.Lock()


def _read(path: Path) -> bytes:
    with _contents_lock:
        cached = _contents.get(path)
    if cached is None:
        cached = path.read_bytes()
        with _contents_lock:
            _contents[path] = cached  # the reference pack never changes under a running process
    return cached


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", text))


def member_display(documentation_id: str) -> str:
    """``M:System.String.Split(System.Char[])`` -> ``String.Split(Char[])``."""
    body = documentation_id.split(":", 1)[-1]
    head, _, parameters = body.partition("(")
    head = re.sub(r"``?\d+", "", head)
    parameters = re.sub(r"``(\d+)", r"M\1", parameters)
    parameters = re.sub(r"`(\d+)", lambda m: "T" if m.group(1) == "0" else f"T{m.group(1)}", parameters)
    parts = head.split(".")
    shown = ".".join(parts[-2:]) if documentation_id.startswith(("M:", "P:", "F:", "E:")) else parts[-1]
    if parameters:
        names = [re.sub(r"\{.*?\}", "", p).rsplit(".", 1)[-1] for p in parameters.rstrip(")").split(",")]
        shown += f"({', '.join(names)})"
    return shown


__all__ = ["DocFiles", "XmlMember", "find", "find_id", "framework_files", "member_display"]
