"""Tests as both front ends show them: the tests that reach a symbol, and a test run's results."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, SymbolSummary
from .coverage import CoverageSummary
from .hang import HangReport
from .paging import range_note
from .stack_trace import StackFrame
from .text import columns, plural, where


@dataclass(frozen=True)
class TestReach:
    __test__ = False  # a view, not a pytest test class
    test: SymbolSummary
    framework: str
    """``xUnit``, ``NUnit`` or ``MSTest``."""
    path: tuple[str, ...] = field(metadata=TEXT_ONLY)
    """The calls from the test to the symbol: the test first, the symbol last (the text shows them)."""
    depth: int
    """Calls between them: 1 for a test that calls the symbol itself, 0 for the symbol when it is a test."""


@dataclass(frozen=True)
class TestsReaching:
    __test__ = False
    root: str
    symbol: SymbolSummary
    items: tuple[TestReach, ...]
    """Nearest first."""
    total: int
    max_depth: int
    depth_reached: bool
    """The walk stopped at ``max_depth`` with callers left to follow: tests further away may exist."""
    by_project: tuple[tuple[str, int], ...] = ()
    offset: int = 0

    def render(self) -> str:
        projects = ", ".join(f"{name} {count}" for name, count in self.by_project)
        lines = [
            f"Tests reaching {self.symbol.display}: {plural(self.total, 'test')}"
            + (f" ({projects})" if projects else "")
            + range_note(self.offset, len(self.items), self.total)
        ]
        if self.depth_reached:
            lines.append(f"callers beyond {self.max_depth} calls were not followed (raise depth to look further)")
        for item in self.items:
            lines.append(columns(where(item.test.location, self.root), item.framework, item.test.qualified_name))
            if len(item.path) > 1:
                lines.append("    via " + " -> ".join(item.path[1:]))
        return "\n".join(lines)


@dataclass(frozen=True)
class TestResult:
    __test__ = False
    name: str
    """As the framework names it: ``Ns.Class.Method``, with a theory's arguments."""
    outcome: str
    """``passed``, ``failed`` or ``skipped``."""
    seconds: float
    message: str = ""
    """The failure's message, or why the test was skipped."""
    expected: str = ""
    actual: str = ""
    """An assertion's expected and actual values, where the framework gives them."""
    frames: tuple[StackFrame, ...] = ()
    """The failure's stack trace, taken to source."""
    output: str = field(default="", metadata=TEXT_ONLY)
    """What the test wrote (standard output), cut to a few lines."""
    framework: str = ""
    """The target framework it ran for, when the project has several (``net8.0``)."""


@dataclass(frozen=True)
class TargetRun:
    """One target framework of the tests: its counts, or why it did not run."""

    __test__ = False
    framework: str
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    ran: bool = True
    note: str = ""
    """On what it ran when not its own runtime (roll-forward), or why it did not run."""


@dataclass(frozen=True)
class TestRun:
    __test__ = False
    root: str
    target: str
    """What ran: the solution, a project, and the filter."""
    filter: str = field(metadata={"structured": False})
    """The VSTest filter it ran with (empty: every test of the target); never shown, as it can be long: the
    run's test.log has it."""
    selection: str
    """Which tests, in words: ``the 4 tests reaching Cart.Total()``, ``2 named tests``, ``every test``."""
    passed: int
    failed: int
    skipped: int
    seconds: float
    items: tuple[TestResult, ...]
    """Failures first, then skipped, then passed."""
    total: int
    results: tuple[str, ...] = ()
    """The TRX files the counts were read from (the cache keeps them)."""
    problems: tuple[str, ...] = ()
    """Why nothing (or not everything) ran: build errors, no test matched the filter."""
    targets: tuple[TargetRun, ...] = ()
    """Per target framework, when the project has several or one ran on another runtime or not at all."""
    attachments: tuple[str, ...] = field(default=(), metadata={"structured": False})
    """What a data collector wrote (a coverage report), for the feature that asked for it."""
    coverage: CoverageSummary | None = None
    """What the run covered, when it ran with coverage."""
    hang: HangReport | None = None
    """A run stopped past its time: every thread's stack at that moment."""
    widened: str = ""
    """How the selection was widened to fit one run, when naming each test made too long a filter: ``a
    filter naming each of the 331 tests is too long for one run: ran the 12 classes holding them``."""
    offset: int = 0

    def render(self) -> str:
        state = "FAILED" if self.failed or self.problems else "passed"
        state = "STOPPED" if self.hang is not None else state
        rolled = [t.framework for t in self.targets if t.ran and t.note]
        skipped = [t.framework for t in self.targets if not t.ran]
        remarks = [f"{', '.join(rolled)} by roll-forward"] if rolled else []
        remarks += [f"{', '.join(skipped)} not run"] if skipped else []
        lines = [
            f"Tests of {self.target} ({self.selection}{'; ' + self.widened if self.widened else ''}) {state}"
            f" in {self.seconds:.1f} s:"
            f" {self.passed} passed, {self.failed} failed, {self.skipped} skipped"
            + (f" ({'; '.join(remarks)})" if remarks else "")
            + range_note(self.offset, len(self.items), self.total)
        ]
        for target in self.targets:
            counts = (
                f"{target.passed} passed, {target.failed} failed, {target.skipped} skipped" if target.ran else "not run"
            )
            lines.append(columns(f"{target.framework}:", counts, f"({target.note})" if target.note else ""))
        lines.extend(f"problem: {problem}" for problem in self.problems)
        if self.coverage is not None:
            lines.append(self.coverage.line())
        if self.hang is not None:
            lines.append(self.hang.render())
        for item in self.items:
            name = f"{item.name} [{item.framework}]" if item.framework else item.name
            lines.append(columns(item.outcome, name, f"{item.seconds * 1000:.0f} ms"))
            if item.outcome == "passed":
                continue
            if item.expected or item.actual:
                lines.append(f"    expected: {item.expected}")
                lines.append(f"    actual:   {item.actual}")
            elif item.message:
                lines.extend("    " + line for line in item.message.splitlines()[:6])
            for frame in item.frames:
                if not frame.external and frame.symbol is not None:
                    inner = f" ({frame.inner})" if frame.inner else ""
                    lines.append(f"    at {frame.symbol.display}{inner}  {where(frame.location, self.root)}")
        if self.results:
            lines.append("results: " + ", ".join(self.results))
        return "\n".join(lines)
