"""The global usings a build gives a project (MSBuild's ``<Project>.GlobalUsings.g.cs``), found without
evaluating anything, for the views that read project files as plain XML (``restricted``).

Most SDK-style projects turn on ``ImplicitUsings``: without the usings it implies, ``Action<T>`` in a
signature binds to nothing and the member's documentation ID is not the build's. The SDK's defaults
are read from its own props (the SDK is trusted as installed); the project's ``ImplicitUsings`` and
``<Using>`` items from the ``Directory.Build.props`` files above it, outermost first, then the project
file. What only an evaluation can decide (a condition, a property) is left out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_BASE_SDK = "Microsoft.NET.Sdk"
_BASE_PROPS = Path("Microsoft.NET.Sdk", "targets", "Microsoft.NET.Sdk.CSharp.props")


@dataclass(frozen=True)
class Using:
    namespace: str
    alias: str = ""
    static: bool = False

    def directive(self) -> str:
        if self.alias:
            return f"global using {self.alias} = global::{self.namespace};"
        return f"global using {'static ' if self.static else ''}global::{self.namespace};"


def global_usings_text(project_file: Path, root: Path, sdks: Path) -> str:
    """The C# of ``project_file``'s global usings (empty when it has none); ``sdks``: the SDK's ``Sdks``
    folder."""
    return _text(global_usings(project_file, root, sdks))


def sdk_usings_text(sdks: Path) -> str:
    """The C# of the usings ``ImplicitUsings`` turns on in the base SDK (a file-based app's)."""
    return _text(_sdk_defaults(sdks, _BASE_SDK))


def _text(usings: Iterable[Using]) -> str:
    return "".join(f"{using.directive()}\n" for using in usings)


def global_usings(project_file: Path, root: Path, sdks: Path) -> list[Using]:
    project = _parsed(project_file)
    props = [_parsed(path) for path in _build_props(project_file, root)]
    roots = [document for document in [*props, project] if document is not None]
    implicit = ""
    for document in roots:
        for element in _unconditional(document):
            if _tag(element) == "ImplicitUsings" and element.text and "$(" not in element.text:
                implicit = element.text.strip().lower()
    usings: dict[str, Using] = {}
    if implicit in ("enable", "true"):
        sdk = (project.get("Sdk") if project is not None else None) or _BASE_SDK
        usings = {using.namespace: using for using in _sdk_defaults(sdks, sdk.split("/")[0].strip())}
    for document in roots:
        for element in _unconditional(document):
            if _tag(element) != "Using":
                continue
            if (removed := element.get("Remove")) and "$(" not in removed:
                usings.pop(removed.strip(), None)
            if (included := element.get("Include")) and "$(" not in included:
                namespace = included.strip()
                alias = (element.get("Alias") or "").strip()
                static = (element.get("Static") or "").strip().lower() == "true"
                usings[namespace] = Using(namespace, alias, static)
    return list(usings.values())


def _build_props(project_file: Path, root: Path) -> list[Path]:
    """The ``Directory.Build.props`` from ``root`` down to the project's folder."""
    folders = [folder for folder in [project_file.parent, *project_file.parent.parents] if folder.is_relative_to(root)]
    return [
        folder / "Directory.Build.props" for folder in reversed(folders) if (folder / "Directory.Build.props").is_file()
    ]


def _parsed(path: Path) -> ElementTree.Element | None:
    """``path``'s XML, parsed once while it is unchanged: every project below a ``Directory.Build.props``
    reads it (only read, never changed)."""
    try:
        facts = path.stat()
    except OSError:
        return None
    return _parsed_as_of(path, facts.st_mtime_ns, facts.st_size)


@lru_cache(maxsize=256)
def _parsed_as_of(path: Path, _mtime_ns: int, _size: int) -> ElementTree.Element | None:
    try:
        return ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return None


def _tag(element: ElementTree.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _unconditional(project: ElementTree.Element) -> list[ElementTree.Element]:
    """The properties and items of ``project`` that no condition guards (an evaluation would decide those)."""
    found = []
    for group in project:
        if _tag(group) in ("PropertyGroup", "ItemGroup") and group.get("Condition") is None:
            found += [element for element in group if element.get("Condition") is None]
    return found


@lru_cache(maxsize=16)
def _sdk_defaults(sdks: Path, sdk: str) -> tuple[Using, ...]:
    """The usings ``ImplicitUsings`` turns on in ``sdk`` (and the base SDK it builds on), from its props."""
    props = [sdks / _BASE_PROPS]
    if sdk != _BASE_SDK and (sdks / sdk).is_dir():
        props += sorted(path for path in (sdks / sdk).glob("[Tt]argets/*.props"))
    found: dict[str, Using] = {}
    for path in props:
        document = _parsed(path)
        if document is None:
            continue
        for group in document:
            if _tag(group) == "ItemGroup" and "ImplicitUsings" in (group.get("Condition") or ""):
                for element in group:
                    if _tag(element) == "Using" and (namespace := element.get("Include")):
                        found[namespace] = Using(namespace)
    return tuple(found.values())
