"""``get_documentation``: a symbol's documentation from the solution's source, a restored package's
XML files, or the framework's reference pack, in that order of preference."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import AmbiguousSymbol, InvalidArgument, SymbolNotFound
from ..views.doc_comments import Documentation
from ..views.docs import DocEntry, DocumentationView
from . import xml_files

MAX_ENTRIES = 20
PACKAGE_FRAMEWORK = "net10.0"


def get_documentation(
    name: str, package_id: str | None = None, session: Any | None = None, timeout: float | None = None
) -> DocumentationView:
    """The documentation of every symbol ``name`` may mean (each overload of a method)."""
    name = name.strip()
    if not name or len(name) > 500:
        raise InvalidArgument("Name a symbol: System.String.Split, Customer.GetById(int) or a documentation ID.")
    if package_id:
        return _from_xml(name, _package_files(package_id, session), f"in package {package_id}")
    if session is not None and not session.restricted:
        entries = session.run(documentation_in_solution, name, timeout=timeout)
        if entries:
            return DocumentationView(name, tuple(entries), len(entries))
    return _from_xml(name, xml_files.framework_files(), "in the solution or the framework")


def documentation_in_solution(snapshot: Any, operation: Any, name: str) -> list[DocEntry]:
    from ..symbols.describe import compilation, display, documentation_id, source_locations
    from ..symbols.naming import resolve_all
    from .from_symbols import documentation

    try:
        symbols = resolve_all(snapshot, operation, name)
    except (SymbolNotFound, AmbiguousSymbol):
        return []
    entries = []
    first_project = snapshot.projects[0] if snapshot.projects else None
    compiled = compilation(snapshot, first_project, operation) if first_project is not None else None
    for symbol in symbols[:MAX_ENTRIES]:
        operation.check()
        locations = source_locations(symbol)
        if locations:
            origin = f"source {snapshot.relative(locations[0].path)}:{locations[0].line}"
        else:
            assembly = symbol.ContainingAssembly
            origin = f"the XML documentation of {assembly.Name if assembly is not None else 'its assembly'}"
        entries.append(DocEntry(documentation_id(symbol), display(symbol), origin, documentation(symbol, compiled)))
    return entries


def _from_xml(name: str, source: xml_files.DocFiles, where: str) -> DocumentationView:
    members = xml_files.find(name, source, MAX_ENTRIES)
    if not members:
        raise SymbolNotFound(
            f"No documentation for '{name}' {where} ({source.origin}).",
            "Qualify the name (System.String.Split), give a documentation ID (M:System.String.Split(System.Char[])), "
            "or name the package with package_id.",
        )
    entries = []
    for member in members:
        doc = member.documentation
        if doc.inherit_from:
            doc = _inherit(doc, doc.inherit_from, source)
        origin = f"{member.file.name} ({source.origin_of(member.file)})"
        entries.append(
            DocEntry(member.documentation_id, xml_files.member_display(member.documentation_id), origin, doc)
        )
    return DocumentationView(name, tuple(entries), len(entries))


def _inherit(doc: Documentation, cref: str, source: xml_files.DocFiles) -> Documentation:
    base = xml_files.find_id(cref, source)
    if base is None:
        base = xml_files.find_id(cref, xml_files.framework_files())
    return doc.filled_from(base.documentation, xml_files.member_display(cref)) if base else doc


def _package_files(package_id: str, session: Any | None) -> xml_files.DocFiles:
    from .. import nuget

    directory = Path(session.root) if session is not None else Path.cwd()
    version = nuget.resolve_version(package_id, None, directory)
    restored = nuget.restore(package_id, version, PACKAGE_FRAMEWORK)
    if not restored.documentation:
        raise SymbolNotFound(
            f"{restored.package_id} {restored.version} ships no XML documentation for {PACKAGE_FRAMEWORK}.",
            "Read its README with nuget_readme instead.",
        )
    return xml_files.DocFiles(restored.documentation, f"package {restored.package_id} {restored.version}")
