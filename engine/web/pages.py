"""Endpoints declared in Razor files: a Razor Page (a ``.cshtml`` under ``Pages/`` with ``@page``: its
folder route and template, its model's ``On{Verb}`` handlers giving the methods) and a Blazor component
(every ``@page`` route of a ``.razor`` file, in whichever project declares it: a WebAssembly project's
components are served by the app that references it)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import display, typed
from ..views.endpoints import ANY, Endpoint
from .routes import attached_authorization, combined

_PAGE_HANDLERS = re.compile(r"^On(Get|Post|Put|Delete|Patch)\w*$")
_PAGE_DIRECTIVE = re.compile(r'^\s*@page(?:\s+"([^"]*)")?\s*$')
_MODEL_DIRECTIVE = re.compile(r"^\s*@model\s+([\w.]+)")
_AUTHORIZE_DIRECTIVE = re.compile(r"^\s*@attribute\s+\[(Authorize|AllowAnonymous)\b(?:\(([^)]*)\))?")


COMPONENT_METHODS = ("GET", "POST")


def razor_endpoints(project: Any, compilation: Any, operation: Operation, name: str) -> list[Endpoint]:
    folder = Path(str(project.FilePath)).parent
    found = []
    for document in project.AdditionalDocuments:
        path = Path(str(document.FilePath or ""))
        suffix = path.suffix.lower()
        if suffix not in (".razor", ".cshtml") or path.name.startswith("_"):
            continue
        operation.check()
        try:
            lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
        except OSError:
            continue
        authorization = _fileattached_authorization(lines)
        if suffix == ".razor":
            for number, line in enumerate(lines, 1):
                page = _PAGE_DIRECTIVE.match(line)
                if page and page.group(1) is not None:
                    location = _directive_place(path, number, line)
                    # MapRazorComponents maps each routable component for GET and POST (a form posts back to
                    # its page when rendered statically): RazorComponentEndpointFactory's HttpMethodMetadata.
                    found.append(
                        Endpoint(
                            COMPONENT_METHODS,
                            combined(page.group(1)),
                            "component",
                            path.stem,
                            location,
                            authorization,
                            name,
                        )
                    )
            continue
        relative = os.path.relpath(path, folder).replace(os.sep, "/")
        if not relative.startswith("Pages/"):
            continue
        for number, line in enumerate(lines, 1):
            page = _PAGE_DIRECTIVE.match(line)
            if page is None:
                continue
            model = _page_model(lines, compilation)
            # A page answers every method (no HttpMethodMetadata); its handlers say which do something.
            handler = f"{display(model)} ({', '.join(_page_handlers(model))})" if model is not None else relative
            authorization = authorization or (attached_authorization(model) if model is not None else "")
            found += [
                Endpoint(
                    ANY,
                    route,
                    "Razor Page",
                    handler,
                    _directive_place(path, number, line),
                    authorization,
                    name,
                )
                for route in page_routes(relative, page.group(1))
            ]
            break  # one @page a page
    return found


def page_routes(relative: str, template: str | None) -> list[str]:
    """The routes Razor Pages maps a page at: an ``Index`` page also at its name (``/`` and ``/Index``)."""
    routes = [page_route(relative, template)]
    if relative.endswith("Index.cshtml") and not (template or "").startswith("/"):
        named = combined(relative[len("Pages/") : -len(".cshtml")], template or "")
        routes.append(named)
    return routes


def page_route(relative: str, template: str | None) -> str:
    """``Pages/Orders/Index.cshtml`` -> ``/Orders``; a template is appended, or replaces it when rooted."""
    route = relative[len("Pages/") : -len(".cshtml")]
    route = route[: -len("Index")] if route == "Index" or route.endswith("/Index") else route
    if template:
        return combined(template) if template.startswith("/") else combined(route, template)
    return combined(route)


def _page_model(lines: list[str], compilation: Any) -> Any:
    for line in lines:
        found = _MODEL_DIRECTIVE.match(line)
        if found:
            return compilation.GetTypeByMetadataName(found.group(1))
    return None


def _page_handlers(model: Any) -> list[str]:
    """``OnGet``, ``OnPostAsync``...: the model's handlers, in declaration order."""
    found = []
    for member in model.GetMembers():
        member = typed(member)
        if str(member.Kind) == "Method" and _PAGE_HANDLERS.match(str(member.Name)):
            found.append(str(member.Name))
    return list(dict.fromkeys(found)) or ["no handler"]


def _fileattached_authorization(lines: list[str]) -> str:
    for line in lines:
        found = _AUTHORIZE_DIRECTIVE.match(line)
        if found:
            if found.group(1) == "AllowAnonymous":
                return "anonymous"
            policy = re.search(r'Policy\s*=\s*"([^"]+)"|^"([^"]+)"', found.group(2) or "")
            name = (policy.group(1) or policy.group(2)) if policy else ""
            return f"authorized (policy {name})" if name else "authorized"
    return ""


def _directive_place(path: Path, number: int, line: str) -> Location:
    """Where a file's ``@page`` directive stands."""
    column = line.index("@page") + 1
    return Location(str(path), number, column, number, column + len("@page"))
