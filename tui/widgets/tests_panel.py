"""The Tests panel: the tests that reach the symbol at the cursor, then, once run, their results as
they arrive and, at the end, as the test run reported them (failures first, each opening at its
source place)."""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine import HangReport, Location, TestRun, TestsReaching, where

from .panels import LocationChosen

_MARKS = {"passed": "✓", "failed": "✗", "skipped": "-"}


class TestsPanel(OptionList):
    """One option per test: the tests reaching a symbol (with the calls between), or a run's results."""

    __test__ = False  # not a pytest test class, whatever its name

    def __init__(self, empty: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: TestsReaching | TestRun | None = None
        self.empty = empty
        self.border_title = empty
        self._places: list[Location | None] = []

    def show(self, view: TestsReaching | TestRun) -> None:
        self.view = view
        self.border_title = view.render().splitlines()[0]
        self.clear_options()
        self._places = []
        if isinstance(view, TestsReaching):
            for item in view.items:
                via = f"\n    via {' -> '.join(item.path[1:])}" if len(item.path) > 1 else ""
                self._add(
                    f"{where(item.test.location, view.root)}  {item.test.qualified_name}{via}", item.test.location
                )
        else:
            for problem in view.problems:
                self._add(f"problem: {problem}", None)
            if view.hang is not None:
                self._add_hang(view.hang, view.root)
            for result in view.items:
                self._add(self._result(view, result), self._failure_place(result))
        if self.option_count:
            self.highlighted = 0

    def running(self, title: str) -> None:
        """Start a run: the list empties and fills as each test finishes."""
        self.border_title = title
        self.clear_options()
        self._places = []

    def finished_one(self, outcome: str, name: str) -> None:
        self._add(f"{_MARKS.get(outcome, outcome)} {outcome}  {name}", None)
        self.scroll_end(animate=False)

    def tests(self) -> list[str]:
        """The documentation IDs of the tests listed (to run them)."""
        if isinstance(self.view, TestsReaching):
            return [item.test.documentation_id for item in self.view.items]
        return []

    def plain_text(self) -> str:
        return self.view.render() if self.view is not None else str(self.border_title)

    def _add(self, text: str, place: Location | None) -> None:
        self.add_option(Option(text))
        self._places.append(place)

    def _add_hang(self, hang: HangReport, root: str) -> None:
        """Where the stopped run was: the deadlock named, then each thread in the solution's code, opening
        at its innermost frame there."""
        self._add(hang.render().splitlines()[0], None)
        for words in hang.deadlock:
            self._add(f"deadlock-shaped: {words}", None)
        for thread in hang.items:
            own = [f for f in thread.frames if not f.external and f.symbol is not None]
            if not own:
                continue
            state = f"{thread.state} in {thread.waits_in}" if thread.waits_in else thread.state
            frames = [f"    at {f.symbol.display}  {where(f.location, root)}" for f in own if f.symbol is not None]
            self._add("\n".join([f"thread {thread.thread}: {state}", *frames]), own[0].location)

    @staticmethod
    def _result(view: TestRun, result: Any) -> str:
        lines = [f"{_MARKS.get(result.outcome, result.outcome)} {result.outcome}  {result.name}"]
        if result.outcome == "passed":
            return lines[0]
        if result.expected or result.actual:
            lines += [f"    expected: {result.expected}", f"    actual:   {result.actual}"]
        elif result.message:
            lines += ["    " + line for line in result.message.splitlines()[:3]]
        for frame in result.frames:
            if not frame.external and frame.symbol is not None:
                inner = f" ({frame.inner})" if frame.inner else ""
                lines.append(f"    at {frame.symbol.display}{inner}  {where(frame.location, view.root)}")
        return "\n".join(lines)

    @staticmethod
    def _failure_place(result: Any) -> Location | None:
        """Where a failure happened: the first frame in the solution's own code."""
        return next((f.location for f in result.frames if not f.external and f.location is not None), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._places):
            place = self._places[event.option_index]
            if place is not None:
                self.post_message(LocationChosen(place))
