"""The Changes screen: the change since ``HEAD`` (the working tree, staged or not) read by symbols, the
text of the ``review_changes`` MCP tool: the public API breaks first, then each project's changed
symbols. Enter shows a symbol before and after; ``o`` opens it; ``t`` runs the tests the change reaches,
their results in the Tests panel."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from engine import ChangeReview, EngineError, SymbolChange, SymbolSummary, review, where
from shared_engine.session import Session

from ..widgets.footer import FittingFooter
from ..widgets.panels import ListPanel, LocationChosen
from .edits import diff_text
from .list_tabs import ListTabs


@dataclass(frozen=True)
class ReachingTests:
    """The tests a review found, as a list whose items open the test."""

    root: str
    items: tuple[SymbolSummary, ...]
    via: tuple[str, ...]

    def render(self) -> str:
        return "\n".join([f"{len(self.items)} tests reach the change (t runs them)", *(t for t, _ in self.rows())])

    def rows(self) -> list[tuple[str, int | None]]:
        return [
            (f"{where(test.location, self.root)}  {test.qualified_name}  {via}", i)
            for i, (test, via) in enumerate(zip(self.items, self.via, strict=True))
        ]


class ChangesScreen(ListTabs):
    """The change since ``base`` by symbols, one symbol's diff, and the tests that reach the change."""

    PANES = (
        ("changes", "Changes", "Reading the change since HEAD…"),
        ("tests", "Tests", "Finding the tests that reach the change…"),
    )
    BINDINGS = [
        Binding("escape", "dismiss(None)", "Back", id="changes_back", tooltip="back to the solution"),
        Binding("o", "open_change", "Open", id="changes_open", tooltip="open the chosen symbol where it is now"),
        Binding(
            "t", "run_change_tests", "Run tests", id="changes_tests", tooltip="run the tests that reach the change"
        ),
    ]
    DEFAULT_CSS = """
    ChangesScreen #diff-text { padding: 0 1; }
    """

    def __init__(self, session: Session, base: str = "HEAD") -> None:
        super().__init__(session)
        self.base = base
        self.review: ChangeReview | None = None

    def compose(self) -> ComposeResult:
        with TabbedContent(id=self.tabs_id, initial="changes"):
            with TabPane("Changes", id="changes"):
                yield ListPanel(self.PANES[0][2], id="changes-panel")
            with TabPane("Diff", id="diff"), VerticalScroll():
                yield Static("Choose a change (enter) to see it before and after.", id="diff-text", markup=False)
            with TabPane("Tests", id="tests"):
                yield ListPanel(self.PANES[1][2], id="tests-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.read_change()

    @work(thread=True, group="changes")
    def read_change(self) -> None:
        try:
            # With the last run's coverage, when there is one: the changed lines no test runs.
            view = self.session.call(review.review_with_coverage, self.base, None, timeout=600)
        except EngineError as error:
            self.app.call_from_thread(self._problem, "changes", error.describe())
            self.app.call_from_thread(self._problem, "tests", error.message)
            return
        self.app.call_from_thread(self._show, view)

    def _show(self, view: ChangeReview) -> None:
        self.review = view
        self.query_one("#changes-panel", ListPanel).show(view)
        tests = self.query_one("#tests-panel", ListPanel)
        if view.tests_total < 0:
            tests.border_title = (
                "The tests were not looked for yet (the warm-up is binding the code): t finds and runs them"
            )
            return
        via = tuple("edited by the change" if t.depth == 0 else "via " + " -> ".join(t.path[1:]) for t in view.tests)
        tests.show(ReachingTests(view.root, tuple(t.test for t in view.tests), via))

    def _chosen(self) -> SymbolChange | None:
        panel = self.query_one("#changes-panel", ListPanel)
        item = panel.item_at(panel.highlighted) if panel.highlighted is not None else None
        return item if isinstance(item, SymbolChange) else None

    @on(LocationChosen)
    def change_chosen(self, event: LocationChosen) -> None:
        if self.query_one(TabbedContent).active != "changes":
            return  # a test: ListTabs opens it
        event.stop()
        event.prevent_default()  # a change shows its diff; ListTabs would close the screen
        change = self._chosen()
        if change is not None and change.location is not None:
            self.query_one("#diff-text", Static).update(f"Reading {change.display} before and after…")
            self.query_one(TabbedContent).active = "diff"
            self.read_diff(change)

    @work(thread=True, exclusive=True, group="changes-diff")
    def read_diff(self, change: SymbolChange) -> None:
        assert change.location is not None
        try:
            view = self.session.run(review.symbol_diff, self.base, None, change.documentation_id)
        except EngineError as error:
            self.app.call_from_thread(self.query_one("#diff-text", Static).update, error.describe())
            return
        self.app.call_from_thread(self.query_one("#diff-text", Static).update, diff_text(view))

    def action_open_change(self) -> None:
        change = self._chosen()
        if change is not None and change.location is not None and change.change != "removed":
            self.dismiss(change.location)
        elif change is not None:
            self.notify(f"{change.display} was removed: it is nowhere now.", severity="warning")

    def action_run_change_tests(self) -> None:
        if self.review is not None and self.review.tests_total == 0:
            self.notify("No test reaches the change.", severity="warning")
            return
        self.app.run_change_tests(self.base)  # type: ignore[attr-defined]
        self.dismiss(None)
