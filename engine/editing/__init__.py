"""Editing: code fixes and refactorings, rename, organize usings and format, previewed as unified diffs.

Every edit is first a preview (``EditPreview``: the diff, the files, any problem, and a token). With
``apply=True`` it is written: atomically, only inside the solution directory, refused when a file
changed on disk since the preview, and published to the session so the next query sees it. With
``preview_token`` the exact preview that token names is written, not a new computation.

Each function takes the ``SolutionSession`` (the previews and offered actions live with it) and a
``timeout`` in seconds.
"""

from __future__ import annotations

from ..errors import EditRefused, InvalidArgument
from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import display
from ..symbols.naming import SymbolRef, resolve
from ..views.edits import CodeActionList, EditPreview
from ..workspace.declared import query
from ..workspace.session import DEFAULT_QUERY_TIMEOUT, SolutionSession
from ..workspace.snapshot import Snapshot
from . import hooks as hooks  # registers its part of the warm-up with the workspace
from .actions import changed_solution, line_span, list_actions, span_of
from .flow import edit
from .interface import extracted_interface_solution
from .move_type import moved_type_solution
from .previews import PendingEdit, book_of, pending_edit
from .rename import RenameOptions, renamed_solution
from .signature import changed_signature_solution, parse_parameters
from .tidy import format_document as _format
from .tidy import organize_usings as _organize
from .undo import undo_edit

__all__ = [
    "RenameOptions",
    "apply_code_action",
    "change_signature",
    "code_actions",
    "extract_interface",
    "format_document",
    "move_type_to_file",
    "organize_usings",
    "rename_symbol",
    "undo_edit",
]


def code_actions(
    session: SolutionSession,
    file: str,
    line: int,
    column: int,
    end_line: int | None = None,
    end_column: int | None = None,
    diagnostic_id: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> CodeActionList:
    """The code fixes (first) and refactorings Roslyn offers at a position or span.

    Args:
        diagnostic_id: only the fixes for this diagnostic (``CS0246``, ``CA1822``...).
    """
    book = book_of(session)

    def code_actions(snapshot: Snapshot, operation: Operation) -> CodeActionList:
        document = snapshot.document(file)
        text = operation.wait(document.GetTextAsync(operation.token))
        span = span_of(text, file, line, column, end_line, end_column)
        offered = list_actions(snapshot, operation, document, span, diagnostic_id, with_analyzers=True)
        book.forget_actions_before(snapshot.version - 2)  # a few versions back: a list the user is reading
        for each in offered:
            book.actions.put(each.item.id, each)
        items = tuple(each.item for each in offered)
        place = Location(str(document.FilePath), line, column, end_line or line, end_column or column)
        return CodeActionList(str(snapshot.root), place, items, len(items))

    return session.run(code_actions, timeout=timeout)


@query(updates_every_use=True)
def apply_code_action(
    session: SolutionSession,
    action_id: str | None = None,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Preview what a listed code action does (a diff), or write it.

    Args:
        action_id: an id from ``code_actions``.
        apply: write it. With ``preview_token``, the edit that preview showed; without, a fresh one.
        preview_token: the token a preview of this action gave.
    """
    if apply and preview_token:
        return edit(session, "code_action", None, apply, preview_token, timeout)
    if not action_id or not action_id.strip():
        raise InvalidArgument("No action id was given.", "Call code_actions first and pass one of the ids it lists.")
    offered = book_of(session).actions.get(action_id.strip())
    if offered is None:
        raise EditRefused(
            f"No code action has the id '{action_id}' (ids are made by code_actions and expire after 2000 newer ones).",
            "Call code_actions at the place again and use an id from that answer.",
        )

    def apply_code_action(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        # The action belongs to the snapshot it was offered on; the disk check in pending_edit
        # refuses it if a file changed since.
        solution = changed_solution(offered, operation)
        return pending_edit("code_action", offered.item.title, offered.snapshot, solution, operation)

    return edit(session, "code_action", apply_code_action, apply, preview_token, timeout)


@query(updates_every_use=True)
def rename_symbol(
    session: SolutionSession,
    ref: SymbolRef,
    new_name: str,
    options: RenameOptions | None = None,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Rename a symbol everywhere in the solution; conflicts and invalid names are problems, never written."""
    chosen = options or RenameOptions()

    def rename_symbol(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        symbol = resolve(snapshot, operation, ref)
        result = renamed_solution(snapshot, operation, symbol, new_name.strip(), chosen)
        title = f"Rename {display(symbol)} to {new_name.strip()}"
        # The rename already counted its new errors among its problems.
        return pending_edit("rename", title, snapshot, result.solution, operation, result.problems, False)

    return edit(session, "rename", rename_symbol, apply, preview_token, timeout)


@query(updates_every_use=True)
def change_signature(
    session: SolutionSession,
    ref: SymbolRef,
    parameters: list[str],
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Give a method its new parameter list (``signature.parse_parameters``): reordered, removed, added,
    renamed, with every override, implementation and call site updated; previewed with the errors it adds."""
    specs = parse_parameters(parameters)

    def change_signature(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        symbol = resolve(snapshot, operation, ref)
        solution = changed_signature_solution(snapshot, operation, symbol, specs)
        title = f"Change the signature of {display(symbol)} to ({', '.join(parameters)})"
        return pending_edit("change_signature", title, snapshot, solution, operation)

    return edit(session, "change_signature", change_signature, apply, preview_token, timeout)


def extract_interface(
    session: SolutionSession,
    ref: SymbolRef,
    members: list[str] | None = None,
    name: str | None = None,
    file: str | None = None,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Make an interface of a type's public members (all, or ``members``) that the type then implements."""

    def extract_interface(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        symbol = resolve(snapshot, operation, ref)
        title, solution = extracted_interface_solution(snapshot, operation, symbol, members, name, file)
        return pending_edit("extract_interface", title, snapshot, solution, operation)

    return edit(session, "extract_interface", extract_interface, apply, preview_token, timeout)


def move_type_to_file(
    session: SolutionSession,
    ref: SymbolRef,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Move a type that shares its file with others to ``<Name>.cs`` beside it (Roslyn's refactoring)."""

    def move_type_to_file(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        title, solution = moved_type_solution(snapshot, operation, resolve(snapshot, operation, ref))
        return pending_edit("move_type", title, snapshot, solution, operation)

    return edit(session, "move_type", move_type_to_file, apply, preview_token, timeout)


def organize_usings(
    session: SolutionSession,
    file: str,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Remove the unnecessary usings of a file and sort the rest (System first, as ``.editorconfig`` says)."""

    def organize_usings(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        document = snapshot.document(file)
        organized = _organize(document, operation)
        title = f"Organize usings in {snapshot.relative(str(document.FilePath))}"
        return pending_edit("organize_usings", title, snapshot, organized.Project.Solution, operation)

    return edit(session, "organize_usings", organize_usings, apply, preview_token, timeout)


def format_document(
    session: SolutionSession,
    file: str,
    start_line: int | None = None,
    end_line: int | None = None,
    apply: bool = False,
    preview_token: str | None = None,
    timeout: float | None = DEFAULT_QUERY_TIMEOUT,
) -> EditPreview:
    """Format a file (or its lines ``start_line``..``end_line``) with the project's formatting options."""

    def format_document(snapshot: Snapshot, operation: Operation) -> PendingEdit:
        document = snapshot.document(file)
        span = None
        if start_line is not None or end_line is not None:
            text = operation.wait(document.GetTextAsync(operation.token))
            span = line_span(text, file, start_line or 1, end_line or text.Lines.Count)
        formatted = _format(document, span, operation)
        lines = f" lines {start_line or 1}-{end_line or 'end'}" if span is not None else ""
        title = f"Format {snapshot.relative(str(document.FilePath))}{lines}"
        return pending_edit("format", title, snapshot, formatted.Project.Solution, operation)

    return edit(session, "format", format_document, apply, preview_token, timeout)
