"""``review_changes``: a change between two git revisions read by symbols.

The symbols each changed file declares on each side (``shapes``), matched and classified (``compare``),
the public API breaks (``api``), the places a changed signature's change did not reach and the errors
left (``impact``), the tests that reach the change (the call graph of ``find_tests``) and what changed in
the project files (``project_files``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..runtime.coverage import Coverage, diff_coverage
from ..testing.call_graph import unbound_documents
from ..testing.discovery import projects_under_tests, tests_reaching
from ..testing.frameworks import is_test_project, test_framework
from ..views.review import SHOWN_PLACES, ChangeReview, SymbolChange, UncoveredChange
from ..views.review_aspects import UNSEEN_BY_TESTS, words
from ..views.tests import TestReach
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .api import breaking, visible
from .compare import Matched, matched
from .errors import errors_left
from .file_changes import file_change
from .impact import MOST_SIGNATURES, changed_lines, places_not_updated, reaches_callers
from .project_files import project_file_changes
from .shapes import Declared, declarations
from .sides import Sides, sides

MOST_ERRORS = 20
MOST_TESTS = 30
MOST_UNBOUND = 300
"""Documents the call graph may still have to bind for a review to look for the tests itself."""
_ORDER = ("added", "removed", "changed", "renamed", "moved")


@query(scope="every_project")
def review_changes(
    snapshot: Snapshot,
    operation: Operation,
    base: str = "HEAD",
    head: str | None = None,
    project: str | None = None,
    covered: Coverage | None = None,
) -> ChangeReview:
    """The symbols that changed from ``base`` to ``head`` (None: the working tree, staged or not), how,
    what breaks, what was left as it was, the errors after it and the tests that reach it. With
    ``covered`` (the coverage of a run on the working tree), the changed lines no test ran."""
    two = sides(snapshot, base, head)
    if project is not None and not snapshot.chosen_projects(project):
        raise InvalidArgument(f"No project is named '{project}'.", "Give a project's name, or none for all of them.")
    changes = changed_declarations(two, operation)
    if project is not None:
        changes = [c for c in changes if c.side.project.lower() == project.lower()]
    lines = changed_lines(two)
    items: list[SymbolChange] = []
    notes: list[str] = []
    looked = 0
    tests_projects = {display_name(p) for p in snapshot.projects if is_test_project(p)}
    for change in sorted(changes, key=lambda c: (not visible(c.before) and not visible(c.after), _place(c))):
        places: list[Any] = []
        if reaches_callers(change):
            if looked < MOST_SIGNATURES:
                places = places_not_updated(two, operation, change, lines)
            looked += 1
        items.append(_item(change, places, api=change.side.project not in tests_projects))
    if looked > MOST_SIGNATURES:
        notes.append(
            f"places not updated were looked for at the first {MOST_SIGNATURES} of {looked} changed signatures"
        )
    razor = [f.path for f in two.files if f.path.lower().endswith((".razor", ".cshtml"))]
    if razor:
        notes.append(
            f"{len(razor)} Razor files changed (markup is not compared): "
            + ", ".join(snapshot.relative(p) for p in razor[:5])
        )
    items.sort(
        key=lambda i: (
            not i.breaking,
            i.project,
            i.location.path if i.location else "",
            i.location.line if i.location else 0,
        )
    )
    errors, errors_total = errors_left(two, operation, MOST_ERRORS)
    file_notes = _unlisted_files(two, changes, snapshot)
    tests = _tests(two, operation, changes, wait=False)
    if tests is None:
        notes.append(
            "the tests were not looked for yet: the warm-up is still binding the code tests reach;"
            " ask again shortly, or run_tests(changed_since=...), which waits for it"
        )
    uncovered: list[UncoveredChange] = []
    coverable = 0
    if covered is not None and head is None:
        uncovered, coverable, edited = diff_coverage(snapshot, operation, covered, lines.written)
        if edited:
            notes.append(
                f"changed since the run with coverage ({', '.join(edited)}): their lines are not counted;"
                " run the tests with coverage again"
            )
    base_label, head_label = side_labels(base, head, two)
    counts = Counter(item.change for item in items)
    by_project = Counter(item.project for item in items)
    return ChangeReview(
        root=str(snapshot.root),
        base=base_label,
        head=head_label,
        files=len(two.files),
        items=tuple(items),
        total=len(items),
        counts=tuple((word, counts[word]) for word in _ORDER if counts[word]),
        breaking=sum(1 for item in items if item.breaking),
        not_updated=sum(item.not_updated_total for item in items),
        by_project=tuple(sorted(by_project.items(), key=lambda p: (-p[1], p[0]))),
        project_files=project_file_changes(two.texts_before, two.texts_after, snapshot.relative),
        file_notes=file_notes,
        errors=tuple(errors),
        errors_total=errors_total,
        tests=tuple((tests or [])[:MOST_TESTS]),
        tests_total=len(tests) if tests is not None else -1,
        notes=tuple(notes),
        uncovered=tuple(uncovered),
        coverage=covered.run if covered is not None and head is None else "",
        changed_coverable=coverable,
    )


def _unlisted_files(two: Sides, changes: list[Matched], snapshot: Snapshot) -> tuple[tuple[str, str], ...]:
    """The changed C# files no change is declared in, each with what changed in it."""
    listed = {
        path for c in changes for each in (c.before, c.after) if each is not None for path in (each.path, *each.parts)
    }
    unlisted = [f.path for f in two.files if f.path.lower().endswith(".cs") and f.path not in listed]
    return tuple(
        (snapshot.relative(path), file_change(two.texts_before.get(path), two.texts_after.get(path)))
        for path in sorted(unlisted)
    )


def side_labels(base: str, head: str | None, two: Sides) -> tuple[str, str]:
    """``HEAD (1a2b3c4)`` and ``the working tree``: each revision as named, with its commit."""
    base_commit, head_commit = two.labels
    shown_base = f"{base} ({base_commit})" if base != base_commit else base
    shown_head = head_commit if head is None or head == head_commit else f"{head} ({head_commit})"
    return shown_base, shown_head


def changed_declarations(two: Sides, operation: Operation) -> list[Matched]:
    """Every declaration the change added, removed or changed, kept with the two sides."""
    key = "changes"
    if key not in two.kept:
        two.kept[key] = _changes(two, operation)
    return two.kept[key]  # type: ignore[no-any-return]


def _changes(two: Sides, operation: Operation) -> list[Matched]:
    """The changed files' declarations on each side, matched. A partial type declared in a changed file is
    read from every file of it on both sides, so a part added in a new file is a change of its parts, not
    a new type, and its members elsewhere are compared as they are."""
    paths = [f.path for f in two.files if f.path.lower().endswith(".cs")]
    sides = ((two.before, two.texts_before), (two.after, two.texts_after))
    found: list[list[Declared]] = [[], []]
    parts: set[str] = set()
    for index, (side, texts) in enumerate(sides):
        for path in paths:
            if texts.get(path) is not None:
                found[index] += declarations(side, operation, path)
        parts.update(_other_parts(found[index]))
    for index, (side, _) in enumerate(sides):
        for path in sorted(parts - set(paths)):
            if side.documents_for_path(path):
                found[index] += declarations(side, operation, path)
    return matched(*found)


def _other_parts(declared: list[Declared]) -> set[str]:
    """The files of every partial type among ``declared``."""
    return {
        str(reference.SyntaxTree.FilePath)
        for each in declared
        if each.is_type and each.symbol.DeclaringSyntaxReferences.Length > 1
        for reference in each.symbol.DeclaringSyntaxReferences
    }


def _place(change: Matched) -> tuple[str, str, int]:
    side = change.side
    location = side.location
    return side.project, side.path, location.line if location else 0


def _item(change: Matched, places: list[Any], api: bool) -> SymbolChange:
    """``api``: the project is a library or an app, whose public symbols others may use (a test project's are not)."""
    side = change.side
    how, why = breaking(change) if api else ("", "")
    before = change.before.display if change.before is not None and change.after is not None else ""
    return SymbolChange(
        change=change.change,
        kind=side.kind,
        display=side.display,
        documentation_id=side.key,
        project=side.project,
        location=side.location,
        aspects=tuple(words(difference) for difference in change.differences),
        public=api and (visible(change.before) or visible(change.after)),
        breaking=how,
        why=why,
        before=before if before != side.display else "",
        previous_id=change.before.key if change.before is not None and change.before.key != side.key else "",
        members=change.members,
        not_updated=tuple(places[:SHOWN_PLACES]),
        not_updated_total=len(places),
        test=bool(test_framework(side.symbol)),
    )


def _tests(two: Sides, operation: Operation, changes: list[Matched], wait: bool = True) -> list[TestReach] | None:
    """Tests reaching what the change did to code that runs (not its doc comments or layout), and the tests
    it edited. Without ``wait``, None while the call graph has more than ``MOST_UNBOUND`` documents left to
    bind (right after a load, before the warm-up has bound them: tens of seconds at 25 projects)."""
    if (
        not wait
        and unbound_documents(two.after, operation, projects_under_tests(two.after), MOST_UNBOUND) > MOST_UNBOUND
    ):
        return None
    reached = [
        c.after.symbol
        for c in changes
        if c.after is not None
        and (c.change != "changed" or any(d.aspect not in UNSEEN_BY_TESTS for d in c.differences))
    ]
    return tests_reaching(two.after, operation, reached) if reached else []


def tests_of_change(snapshot: Snapshot, operation: Operation, base: str, head: str | None = None) -> list[TestReach]:
    """Every test that reaches the change from ``base`` to ``head``, nearest first (what ``run_tests``
    with ``changed_since`` runs)."""
    two = sides(snapshot, base, head)
    return _tests(two, operation, changed_declarations(two, operation)) or []
