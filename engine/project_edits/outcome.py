"""What a project edit changed in the solution, once applied: what restore said, the versions the
edited project now resolves, and the compiler's errors (each) and warnings (counted) added and gone in
the projects it touched, before and after compared by place."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from ..host.interop import Operation
from ..models import relative_path
from ..views.text import plural
from ..workspace.snapshot import Snapshot

Diagnostic = tuple[str, int, int, str, str]
"""(file, line, column, id, message): a project edit moves no code, so places hold still across it."""


def diagnostics(
    snapshot: Snapshot, operation: Operation, project_files: list[Path]
) -> dict[Diagnostic, tuple[str, str]]:
    """The compiler errors and warnings of the projects of ``project_files``, each once whatever the
    targets that report it: its severity and ``ID at path:line: message``."""
    from Microsoft.CodeAnalysis import DiagnosticSeverity  # type: ignore[import-not-found]

    wanted = {str(p) for p in project_files}
    severities = {DiagnosticSeverity.Error: "error", DiagnosticSeverity.Warning: "warning"}
    found: dict[Diagnostic, tuple[str, str]] = {}
    for project in snapshot.all_projects:
        if str(project.FilePath) not in wanted:
            continue
        compilation = snapshot.compilation(project, operation)
        for diagnostic in compilation.GetDiagnostics(operation.token):
            severity = severities.get(diagnostic.Severity)
            if severity is None or diagnostic.IsSuppressed:
                continue
            span = diagnostic.Location.GetLineSpan()
            path, line = str(span.Path or ""), span.StartLinePosition.Line + 1
            message = str(diagnostic.GetMessage())
            key = (path, line, span.StartLinePosition.Character + 1, str(diagnostic.Id), message)
            shown = f"{relative_path(path, snapshot.root)}:{line}" if path else f"{project.Name}'s options"
            found.setdefault(key, (severity, f"{diagnostic.Id} at {shown}: {message}"))
    return found


def compared(before: dict[Diagnostic, tuple[str, str]], after: dict[Diagnostic, tuple[str, str]]) -> list[str]:
    """The errors added and gone, each named (the first five); the warnings counted by id."""
    lines = []
    for severity in ("error", "warning"):
        old = {key: text for key, (kind, text) in before.items() if kind == severity}
        new = {key: text for key, (kind, text) in after.items() if kind == severity}
        # An error of the options (no file: CS8630, a nullable context C# 7.3 lacks) first: the build's
        # compiler stops at it, so it is the one a build names.
        added = sorted((key for key in new if key not in old), key=lambda key: key[0] != "")
        gone = sorted((key for key in old if key not in new), key=lambda key: key[0] != "")
        if severity == "error":
            lines.append(
                f"compiler errors: {len(added)} added, {len(gone)} gone ({len(new)} in the projects it touched)"
            )
            lines += [f"error added: {new[key]}" for key in added[:5]]
            lines += [f"error gone: {old[key]}" for key in gone[:5]]
        elif added or gone:
            counted = Counter(key[3] for key in added).most_common(5)
            ids = ", ".join(f"{count} {code}" for code, count in counted)
            lines.append(f"warnings: {len(added)} added{f' ({ids})' if ids else ''}, {len(gone)} gone")
    return lines


def restore_failed(session: Any, project_files: list[Path]) -> list[str]:
    """The touched projects whose restore failed (by name)."""
    names = {p.stem for p in project_files}
    report = session.report
    failed = {
        d.project
        for d in (report.diagnostics if report else ())
        if d.project in names and d.kind == "restore" and d.severity == "error"
    }
    return sorted(failed)


def restored(session: Any, project_files: list[Path], subject: Path | None, package: str | None) -> list[str]:
    """What the restore said for the touched projects (each error, the warnings counted by code), and
    the versions the edited project now resolves ``package`` to."""
    names = {p.stem for p in project_files}
    report = session.report
    said = [d for d in (report.diagnostics if report else ()) if d.project in names and d.kind in ("restore", "load")]
    errors = [d for d in said if d.severity == "error"]
    codes = Counter(_code(d.message) for d in said if d not in errors)
    warned = ", ".join(f"{count} {code}".rstrip() for code, count in codes.most_common())
    restored = ", ".join(sorted(names)[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    lines = [f"restore of {restored}: {plural(len(errors), 'error')}" + (f"; warnings: {warned}" if warned else "")]
    lines += [f"restore error: {d.project}: {d.message}" for d in errors[:5]]
    if package and subject is not None:
        resolved = resolved_versions(subject).get(package.lower())
        if resolved:
            shown = ", ".join(f"{version} for {framework}" for framework, version in sorted(resolved.items()))
            lines.append(f"{subject.stem} resolves {package} to {shown}")
        else:
            lines.append(f"{subject.stem} resolves no {package}")
    return lines


def _code(message: str) -> str:
    found = re.search(r"\bNU\d{4}\b", message)
    return found[0] if found else "other"


def resolved_versions(project: Path) -> dict[str, dict[str, str]]:
    """Package id (lower case) -> target framework -> the version restore chose, from the assets file."""
    assets = project.parent / "obj" / "project.assets.json"
    try:
        document = json.loads(assets.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return {}
    aliases = {
        str(details.get("targetAlias", name)): name
        for name, details in document.get("project", {}).get("frameworks", {}).items()
    }
    found: dict[str, dict[str, str]] = {}
    for target, libraries in document.get("targets", {}).items():
        framework = next((alias for alias, name in aliases.items() if target.split("/")[0] in (name, alias)), target)
        for key, library in libraries.items():
            if library.get("type") == "package":
                name, _, version = key.partition("/")
                found.setdefault(name.lower(), {})[framework] = version
    return found
