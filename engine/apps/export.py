"""A REPL context written as a file-based app: its submissions in order, as one ``app.cs`` that
``dotnet run`` runs, checked with ``dotnet build`` before it is called done.

The script dialect and a file-based app differ in a few places, each rewritten here: ``#r "nuget: ..."``
becomes ``#:package Id@Version`` at the top (the version the REPL restored); every submission's usings
move to the top; type declarations move after the statements (C# requires top-level statements first);
a submission's bare trailing expression, whose value the REPL showed, is printed; the REPL's default
usings that an app's implicit ones lack are written out; the solution projects the context referenced
become ``#:project`` lines."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..editing.approval import approve
from ..errors import InvalidArgument
from ..host.files import write_whole
from ..repl import DEFAULT_CONTEXT
from ..repl.contexts import Context, check_id, shared
from ..testing.child import dotnet_path
from ..views.apps import AppError, AppExport
from ..views.text import plural
from ..workspace.boundary import is_inside, real
from .build import build_app

IMPLICIT_USINGS = frozenset(
    {"System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading",
     "System.Threading.Tasks"}
)  # fmt: skip
"""What a console app's ``ImplicitUsings`` brings (Microsoft.NET.Sdk)."""
_TYPES = frozenset(
    {"ClassDeclarationSyntax", "StructDeclarationSyntax", "InterfaceDeclarationSyntax", "RecordDeclarationSyntax",
     "EnumDeclarationSyntax", "DelegateDeclarationSyntax"}
)  # fmt: skip
_SCRIPT_DIRECTIVE = re.compile(r"^[ \t]*#(?:r|load|:package)\b.*$", re.MULTILINE)


@dataclass
class _Composed:
    lines: list[str] = field(default_factory=list)
    origin: dict[int, tuple[int, int]] = field(default_factory=dict)
    """App line (1-based) -> (submission, line in it)."""
    notes: list[str] = field(default_factory=list)

    def add(self, text: str, submission: int = 0, first_line: int = 0) -> None:
        for offset, line in enumerate(text.splitlines() or [""]):
            self.lines.append(line)
            if submission:
                self.origin[len(self.lines)] = (submission, first_line + offset)


def export_app(
    path: str,
    context_id: str | None = None,
    session: Any | None = None,
    overwrite: bool = False,
    named_by_user: bool = False,
) -> AppExport:
    """Write context ``context_id``'s submissions to ``path`` as a file-based app and build it.

    ``path`` must lie inside the loaded solution's directory (the working directory when none is
    loaded), unless ``named_by_user``: a person typed it.
    """
    from ..repl import consent

    consent.require(session)  # the check builds the app: the solution's MSBuild files run for #:project
    name = context_id or DEFAULT_CONTEXT
    check_id(name)
    context = shared().find(name)
    if context is None or not context.history:
        raise InvalidArgument(
            f"REPL context {name} has no submissions that ran to write.",
            "Evaluate code in it first (evaluate_csharp); submissions with errors or exceptions are left out.",
        )
    target = _checked_target(path, session, overwrite, named_by_user)
    packages = _packages(context)
    projects = _projects(context, session, target)
    composed = _compose(context, packages, projects)
    content = "\n".join(composed.lines) + "\n"
    before = target.read_text(encoding="utf-8", errors="replace") if target.exists() else None
    approve(target.parent, [(str(target), before, content)])
    write_whole(target, content.encode("utf-8"))
    dotnet = dotnet_path(session)
    built = build_app(target, dotnet)
    errors = tuple(
        AppError(*composed.origin.get(error.line, (0, error.line)), error.line, error.id, error.message)
        for error in built.errors
    )
    return AppExport(
        str(target), name, len(context.history), tuple(packages), tuple(projects), built.ok, errors,
        round(built.seconds, 2), tuple(composed.notes),
    )  # fmt: skip


def _checked_target(path: str, session: Any | None, overwrite: bool, named_by_user: bool) -> Path:
    if not path.strip().endswith(".cs"):
        raise InvalidArgument(f"{path!r} is not a .cs file name.", "Name the app like tool.cs.")
    root = Path(session.root) if session is not None else Path.cwd()
    target = real(Path(path) if Path(path).is_absolute() else root / path)
    if not named_by_user and not is_inside(root, target):
        raise InvalidArgument(
            f"{target} is outside {root}: an app is written only inside the solution's directory.",
            "Give a path inside it (relative paths are taken from it).",
        )
    if target.exists() and not overwrite:
        raise InvalidArgument(f"{target} exists.", "Choose another name, or pass overwrite=true to replace it.")
    if session is not None:
        for project in session.snapshot().projects:
            folder = Path(str(project.FilePath)).parent if project.FilePath else None
            if folder is not None and is_inside(folder, target):
                raise InvalidArgument(
                    f"{target} is inside the project folder of {project.Name}: the project would compile it too.",
                    "Write the app in a folder of its own (e.g. apps/tool.cs).",
                )
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def _packages(context: Context) -> list[str]:
    """``Id@Version`` of every package the context loaded, the last version of each id."""
    chosen: dict[str, str] = {}
    for loaded in context.packages:  # load_nuget_package: "Id Version"
        package_id, _, version = loaded.partition(" ")
        chosen[package_id.lower()] = f"{package_id}@{version}"
    for submitted in context.history:
        for package in submitted.packages:
            chosen[package.split("@")[0].lower()] = package
    return list(chosen.values())


def _projects(context: Context, session: Any | None, target: Path) -> list[str]:
    """The library projects the context referenced (those that compiled; tests and apps left out), as
    paths from the app."""
    if context.solution_stamp is None or session is None:
        return []
    from ..testing.frameworks import is_test_project

    found = []
    referenced = set(context.solution_projects)
    for project in session.snapshot().projects:
        if not project.FilePath or str(project.FilePath) not in referenced or is_test_project(project):
            continue
        if str(project.CompilationOptions.OutputKind) != "DynamicallyLinkedLibrary":
            continue
        found.append(os.path.relpath(str(project.FilePath), target.parent).replace(os.sep, "/"))
    return sorted(set(found))


def _compose(context: Context, packages: list[str], projects: list[str]) -> _Composed:
    from Microsoft.CodeAnalysis import SourceCodeKind  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import CSharpParseOptions, CSharpSyntaxTree  # type: ignore[import-not-found]

    options = CSharpParseOptions.Default.WithKind(SourceCodeKind.Script)
    usings: dict[str, tuple[int, int]] = {}
    statements: list[tuple[str, int, int]] = []
    types: list[tuple[str, int, int]] = []
    composed = _Composed()
    for number, submitted in enumerate(context.history, start=1):
        if re.search(r"^[ \t]*#load\b", submitted.code, re.MULTILINE):
            composed.notes.append(f"submission {number}: #load has no file-based app form; left out")
        if re.search(r'^[ \t]*#r[ \t]+"(?!nuget:)', submitted.code, re.MULTILINE):
            composed.notes.append(f"submission {number}: #r of an assembly file has no app form; left out")
        # Directives become blank lines: every other line keeps its number for the error map.
        code = _SCRIPT_DIRECTIVE.sub("", submitted.code)
        tree = CSharpSyntaxTree.ParseText(code, options)
        root = tree.GetRoot()
        for using in root.Usings:
            usings.setdefault(using.ToString().strip(), (number, _line_of(tree, using.Span) + 1))
        members = list(root.Members)
        for index, member in enumerate(members):
            text, first = _trimmed(member.ToFullString(), _line_of(tree, member.FullSpan) + 1)
            kind = member.GetType().Name
            if kind in _TYPES:
                types.append((text, number, first))
                continue
            if index == len(members) - 1 and _is_bare_expression(member):
                lead, _ = _trimmed(member.GetLeadingTrivia().ToFullString(), 0)
                text = f"{lead}Console.WriteLine({member.Statement.Expression.ToString()});"
            statements.append((text, number, first))
    composed.add("#!/usr/bin/env dotnet")
    for package in packages:
        composed.add(f"#:package {package}")
    for project in projects:
        composed.add(f"#:project {project}")
    imports = [f"using {name};" for name in (shared().info or {}).get("imports", []) if name not in IMPLICIT_USINGS]
    composed.add(
        f"// Written from roslyn-tui's REPL (context {context.id}, {plural(len(context.history), 'submission')})."
    )
    for using in dict.fromkeys([*imports, *usings]):
        composed.add(using, *usings.get(using, (0, 0)))
    previous = 0
    for text, number, first in [*statements, *types]:
        if number != previous:
            composed.add("")
            composed.add(f"// submission {number}")
            previous = number
        composed.add(text.rstrip(), number, first)
    return composed


def _is_bare_expression(member: Any) -> bool:
    """A script's last statement written without ';': the REPL showed its value."""
    if member.GetType().Name != "GlobalStatementSyntax":
        return False
    statement = member.Statement
    return bool(statement.GetType().Name == "ExpressionStatementSyntax" and statement.SemicolonToken.IsMissing)


def _line_of(tree: Any, span: Any) -> int:
    return int(tree.GetLineSpan(span).StartLinePosition.Line)


def _trimmed(text: str, first_line: int) -> tuple[str, int]:
    """``text`` without its leading blank lines, and the line it then starts on."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
        first_line += 1
    return "\n".join(lines), first_line
