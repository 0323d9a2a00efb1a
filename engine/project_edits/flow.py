"""A project edit's loop, the code edits' own: a preview (the diff of every MSBuild file it touches),
written atomically over the bytes it was made from, then what it changed in the solution: the touched
projects restored and evaluated again in place (no full reload), the packages they now resolve, the
compiler errors added and gone; undone as any edit is (``undo_edit``)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..editing.changes import FileChange
from ..editing.previews import PendingEdit, book_of, preview_view, token_of
from ..editing.undo import remember_written
from ..editing.writer import digest, read_or_none, write_changes
from ..errors import EditRefused
from ..host.interop import Operation
from ..models import relative_path
from ..views.edits import EditPreview
from ..views.text import plural
from ..workspace.snapshot import Snapshot
from ..workspace.text_files import decode
from ..workspace.watcher import ExpectedWrites, projects_to_reload
from .packages import Planned


def project_edit(
    session: Any,
    kind: str,
    plan: Callable[[Snapshot], Planned],
    apply: bool,
    preview_token: str | None,
    timeout: float | None,
    package: str | None = None,
    subject: Path | None = None,
) -> EditPreview:
    """Preview ``plan``'s edit (remembered by its token), or write it: the reviewed preview a token
    names, or, with ``apply`` alone, the edit computed now."""
    book = book_of(session)
    if apply and preview_token:
        pending = book.pending(preview_token, kind)
    else:
        planned = plan(session.snapshot())
        pending = _pending(kind, planned)
        if not apply:
            token = token_of(pending)
            book.previews.put(token, pending)
            return preview_view(session.root, pending, token)
    return _write(session, pending, timeout, package, subject)


def _pending(kind: str, planned: Planned) -> PendingEdit:
    changes: list[FileChange] = []
    fingerprints: list[tuple[str, str | None]] = []
    for path, content in sorted(planned.files.items()):
        before = read_or_none(str(path))
        if before == content:
            continue
        old = None if before is None else decode(before)
        changes.append(FileChange(str(path), old, decode(content), content=content))
        fingerprints.append((str(path), digest(before)))
    return PendingEdit(
        kind, planned.title, tuple(changes), tuple(fingerprints), tuple(planned.problems), notes=tuple(planned.notes)
    )


def _write(
    session: Any, pending: PendingEdit, timeout: float | None, package: str | None, subject: Path | None
) -> EditPreview:
    if pending.problems:
        raise EditRefused(
            f"{pending.title} was not applied: {'; '.join(pending.problems)}.",
            "Change what is asked (another version, project or framework), preview again, then apply.",
        )
    if not pending.changes:
        raise EditRefused(f"{pending.title} changes nothing.", "There is nothing to apply.")
    snapshot = session.snapshot()
    paths = {change.path for change in pending.changes}
    projects = projects_to_reload(snapshot, paths)
    affected = sorted(
        projects if projects is not None else {Path(str(p.FilePath)) for p in snapshot.projects if p.FilePath}
    )
    before = session.run(_errors, affected, timeout=timeout)
    # The watcher will hear these writes: it leaves them to the reload below instead of doing it twice.
    session.part(ExpectedWrites).expect({change.path: digest(change.content) for change in pending.changes})

    def write() -> None:
        write_changes(session.root, list(pending.changes), dict(pending.fingerprints))

    applied = remember_written(session, pending, write)
    book_of(session).applied.append(applied)
    if projects is None:
        session.reload()
    else:
        session.reload_projects(projects)
    after = session.run(_errors, affected, timeout=timeout)
    outcome = [*pending.notes, *_restored(session, affected, subject, package), *_compared(before, after, session.root)]
    view = preview_view(session.root, pending, token_of(pending), applied=True)
    return EditPreview(**{**view.__dict__, "notes": tuple(outcome)})


Error = tuple[str, int, int, str, str]
"""(file, line, column, id, message): a project edit moves no code, so places hold still across it."""


def _errors(snapshot: Snapshot, operation: Operation, project_files: list[Path]) -> dict[Error, str]:
    """The compiler errors of the projects of ``project_files``, each once whatever the targets that
    report it, as ``ID at path:line: message``."""
    from Microsoft.CodeAnalysis import DiagnosticSeverity  # type: ignore[import-not-found]

    wanted = {str(p) for p in project_files}
    found: dict[Error, str] = {}
    for project in snapshot.all_projects:
        if str(project.FilePath) not in wanted:
            continue
        compilation = snapshot.compilation(project, operation)
        for diagnostic in compilation.GetDiagnostics(operation.token):
            if diagnostic.Severity != DiagnosticSeverity.Error:
                continue
            span = diagnostic.Location.GetLineSpan()
            path, line = str(span.Path or ""), span.StartLinePosition.Line + 1
            message = str(diagnostic.GetMessage())
            key = (path, line, span.StartLinePosition.Character + 1, str(diagnostic.Id), message)
            shown = relative_path(path, snapshot.root) if path else project.Name
            found.setdefault(key, f"{diagnostic.Id} at {shown}:{line}: {message}")
    return found


def _compared(before: dict[Any, str], after: dict[Any, str], root: Path) -> list[str]:
    added = [after[key] for key in after if key not in before]
    gone = [before[key] for key in before if key not in after]
    lines = [f"compiler errors: {len(added)} added, {len(gone)} gone ({len(after)} in the projects it touched)"]
    lines += [f"error added: {text}" for text in added[:5]]
    lines += [f"error gone: {text}" for text in gone[:5]]
    return lines


def _restored(session: Any, project_files: list[Path], subject: Path | None, package: str | None) -> list[str]:
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
