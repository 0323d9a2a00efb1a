"""``run_tests``: ``dotnet test`` of the tests that reach a symbol, of named tests, of a project or of a
filter; the results read from the TRX files it writes, failures with their stack traces taken to source."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import EngineError, InvalidArgument, SymbolNotFound
from ..host.interop import Operation
from ..host.sdk_pin import missing_sdk
from ..models import relative_path
from ..symbols.describe import display, typed
from ..symbols.naming import SymbolRef, resolve
from ..views.stack_trace import StackFrame
from ..views.tests import TargetRun, TestResult, TestRun
from ..workspace.declared import query
from ..workspace.snapshot import Snapshot, display_name
from .build import Progress, build_target
from .build_log import messages
from .child import (
    ChildFailed,
    Finished,
    RunStopped,
    cancellable,
    check_configuration,
    dotnet_command,
    dotnet_path,
    run_child,
    stuck_reader,
)
from .discovery import find_tests
from .frames import resolve_stack_trace
from .frameworks import is_test_project, test_framework
from .platform import is_xunit_v3, platform_arguments, runs_on_platform
from .runs import run_directory
from .runtimes import TargetPlan, installed_runtimes, plans, target_framework
from .trx import Outcome, framework_of_results, read_results

_LIVE = re.compile(r"^\s+(?P<outcome>Passed|Failed|Skipped)\s+(?P<name>.+?)(?:\s+\[[^\]]*\])?\s*$")
_ORDER = {"failed": 0, "skipped": 1, "passed": 2}
_FILTER_SPECIALS = re.compile(r"([\\()&|=!~])")
_MOST_FILTER_CHARACTERS = 30_000
_HOST_MISSING = re.compile(r"Framework: 'Microsoft\.NETCore\.App', version '([\d.]+)'")

Listener = Callable[[str, str], None]
"""``(outcome, test name)`` as each test finishes: the live view."""


@query()
def run_tests(
    session: Any,
    symbol: SymbolRef | None = None,
    tests: list[str] | None = None,
    project: str | None = None,
    filter: str | None = None,
    configuration: str = "Debug",
    timeout: float = 900.0,
    progress: Progress | None = None,
    on_result: Listener | None = None,
    cancelled: Callable[[], bool] | None = None,
    framework: str | None = None,
    roll_forward: bool = True,
    collect: str | None = None,
    runsettings: Path | None = None,
) -> TestRun:
    """Run tests in a confined child process (``engine.testing.child``) and read what they did.

    Each target framework of the test projects runs where it can (``runtimes``): on its own runtime,
    else on the newest installed one by roll-forward (unless ``roll_forward`` is false); one that
    cannot run here is named with why. ``framework`` runs only that target. ``collect`` names a VSTest
    data collector to run with the tests (``Code Coverage;Format=Cobertura``); on Microsoft.Testing.Platform
    its own coverage extension runs instead, in Cobertura. The files they write are the run's
    ``attachments``. ``runsettings`` is a VSTest settings file (a profiler's environment for the test
    host)."""
    session.require_trust(run_tests)
    check_configuration(configuration)
    cancelled = cancellable("test run", cancelled)
    if filter is not None and ("\n" in filter or len(filter) > _MOST_FILTER_CHARACTERS):
        raise InvalidArgument("The filter has a line break or is too long.", "Give one VSTest filter expression.")
    names, projects, whole_classes = chosen_tests(session, symbol, tests)
    if names is not None and not names:
        what = display_symbol(session, symbol) if symbol is not None else "the named tests"
        return TestRun(
            str(session.root), what, "", "no test", 0, 0, 0, 0.0, (), 0, problems=(f"No test reaches {what}.",)
        )
    snapshot = session.snapshot()
    if project is None and projects and len(projects) == 1:
        project = projects[0]
    target, _ = build_target(snapshot, session.target.path, project)
    expression, widened = _combined(names, filter, whole_classes)
    directory = run_directory(session.root, "test")
    finished_count = [0]
    frameworks = _frameworks(snapshot, project)
    if framework is not None:
        if framework not in frameworks and frameworks != [""]:
            raise InvalidArgument(
                f"The tests do not target '{framework}'.", f"Give one of: {', '.join(frameworks)}, or no framework."
            )
        frameworks = [framework]
    planned = plans(frameworks, installed_runtimes(dotnet_path(session)), roll_forward)

    def on_line(line: str) -> None:
        live = _LIVE.match(line)
        if live is None:
            return
        finished_count[0] += 1
        outcome = live["outcome"].lower()
        if on_result is not None:
            on_result(outcome, live["name"])
        if progress is not None:
            progress(finished_count[0], max(len(names or ()), finished_count[0]), live["name"])

    on_platform = runs_on_platform(target, session.root)
    xunit_v3 = on_platform and is_xunit_v3(snapshot)
    if xunit_v3:
        widened = ""  # named one by one on the command line, however many

    def run(chosen: str | None, settings: dict[str, str]) -> Finished:
        if on_platform:
            results = directory / (chosen or "all")
            arguments = platform_arguments(
                target, results, configuration, xunit_v3, names, whole_classes, expression, filter
            )
            command = [dotnet_path(session), "test", *arguments, *(["--framework", chosen] if chosen else [])]
            if collect:
                # The platform's own collector (Microsoft.Testing.Extensions.CodeCoverage), not VSTest's.
                command += ["--coverage", "--coverage-output-format", "cobertura"]
            return run_child(command, target.parent, timeout, on_line, cancelled, settings, read_stuck=True)
        command = dotnet_command(
            session,
            "test",
            target,
            configuration,
            "--logger",
            "trx",
            "--logger",
            "console;verbosity=normal",
            "--results-directory",
            str(directory / (chosen or "all")),
        )
        if chosen:
            command += ["--framework", chosen]
        if expression:
            command += ["--filter", expression]
        if collect:
            command += ["--collect", collect]
        if runsettings is not None:
            command += ["--settings", str(runsettings)]
        return run_child(command, target.parent, timeout, on_line, cancelled, settings, read_stuck=True)

    runnable = [plan for plan in planned if plan.runs]
    settings = {"DOTNET_ROLL_FORWARD": "Major"} if any(plan.roll_forward for plan in runnable) else {}
    try:
        if len(runnable) == len(planned) and framework is None:
            runs = [run(None, settings)]  # one dotnet test runs every target
        else:
            runs = [run(plan.framework, settings) for plan in runnable]
    except (ChildFailed, RunStopped) as failed:
        reader = stuck_reader()
        if failed.stuck is None or reader is None:
            raise
        # Past its time or stopped: the answer is where each thread was when it was ended.
        hang = session.run(reader[1], failed.stuck, failed.seconds)
        what = _selection(session, symbol, tests, names, filter)
        return TestRun(
            str(session.root), relative_path(str(target), session.root), expression, what, 0, 0, 0,
            round(failed.seconds, 2), (), 0, problems=(failed.message,), hang=hang,
        )  # fmt: skip
    output = "\n".join(finished.output for finished in runs)
    (directory / "test.log").write_text(output, encoding="utf-8")
    files = sorted(directory.rglob("*.trx"))
    attachments = sorted(str(f) for f in directory.rglob("*") if f.is_file() and f.suffix not in (".trx", ".log"))
    per_file = [(framework_of_results(file), read_results(file)) for file in files]
    several = len({name for name, _ in per_file}) > 1 or len(planned) > 1
    outcomes = [(name if several else "", outcome) for name, found in per_file for outcome in found]
    exit_code = next((finished.exit_code for finished in runs if finished.exit_code), 0)
    sdk = missing_sdk(output, dotnet_path(session))
    problems = (sdk,) if sdk else _problems(output, exit_code, [o for _, o in outcomes], expression, runnable)
    items = _results(session, outcomes)
    counts = {word: sum(1 for item in items if item.outcome == word) for word in _ORDER}
    targets = _targets(planned, items) if several or any(not p.runs or p.roll_forward for p in planned) else ()
    return TestRun(
        root=str(session.root),
        target=relative_path(str(target), session.root),
        filter=expression,
        selection=_selection(session, symbol, tests, names, filter),
        passed=counts["passed"],
        failed=counts["failed"],
        skipped=counts["skipped"],
        seconds=round(sum(finished.seconds for finished in runs), 2),
        items=items,
        total=len(items),
        results=tuple(str(file) for file in files),
        problems=problems,
        targets=targets,
        widened=widened,
        attachments=tuple(attachments),
    )


def _frameworks(snapshot: Snapshot, project: str | None) -> list[str]:
    """The target frameworks of the test projects that run (of ``project`` when given), in the projects' order."""
    found: list[str] = []
    for each in snapshot.all_projects:
        if project is not None and display_name(each) != project:
            continue
        if is_test_project(each):
            name = target_framework(each)
            if name not in found:
                found.append(name)
    return found or [""]


def _targets(planned: list[TargetPlan], items: tuple[TestResult, ...]) -> tuple[TargetRun, ...]:
    found = []
    for plan in planned:
        mine = [item for item in items if item.framework == plan.framework]
        counts = {word: sum(1 for item in mine if item.outcome == word) for word in _ORDER}
        found.append(
            TargetRun(plan.framework, counts["passed"], counts["failed"], counts["skipped"], plan.runs, plan.reason)
        )
    return tuple(found)


def _selection(
    session: Any, symbol: SymbolRef | None, tests: list[str] | None, names: list[str] | None, filter: str | None
) -> str:
    words = []
    if symbol is not None:
        words.append(f"the {len(names or ())} tests reaching {display_symbol(session, symbol)}")
    if tests:
        words.append(f"{len(tests)} named tests")
    if filter and filter.strip():
        words.append(f"filter {filter.strip()}")
    return " and ".join(words) or "every test"


def display_symbol(session: Any, ref: SymbolRef) -> str:
    def name(snapshot: Snapshot, operation: Operation) -> str:
        return display(resolve(snapshot, operation, ref))

    return session.run(name)  # type: ignore[no-any-return]


def chosen_tests(
    session: Any, symbol: SymbolRef | None, tests: list[str] | None
) -> tuple[list[str] | None, list[str], list[str]]:
    """The fully qualified names of the tests to run, their projects, and the classes all of whose
    tests are among them; ``None`` for no choice by name."""
    if symbol is None and not tests:
        return None, [], []

    def chosen(snapshot: Snapshot, operation: Operation) -> tuple[list[str], list[str], list[str]]:
        methods: list[Any] = []
        if symbol is not None:
            reaching = find_tests(snapshot, operation, symbol)
            for item in reaching.items:
                methods.append(typed(resolve(snapshot, operation, SymbolRef(name=item.test.documentation_id))))
        for name in tests or []:
            method = typed(_test_named(snapshot, operation, name))
            if not test_framework(method):
                raise InvalidArgument(
                    f"{display(method)} is not a test method (no [Fact], [Theory], [Test], [TestCase] or [TestMethod]).",
                    "Name test methods, or pass symbol= to run the tests that reach a member.",
                )
            methods.append(method)
        names = list(dict.fromkeys(_qualified(m) for m in methods))
        projects = sorted({_project_of(snapshot, m) for m in methods} - {""})
        return names, projects, _whole_classes(methods)

    return session.run(chosen)  # type: ignore[no-any-return]


_CASE = re.compile(r"^(?P<method>[^(]+)\((?P<arguments>.*)\)$")


def _test_named(snapshot: Snapshot, operation: Operation, name: str) -> Any:
    """The test method ``name`` names; a theory's case as a run names it (``M(eagerlyEmit: False)``,
    ``M(1, "a")``) names its method, whose every case then runs."""
    try:
        return resolve(snapshot, operation, SymbolRef(name=name))
    except SymbolNotFound:
        case = _CASE.match(name.strip())
        if case is None:
            raise
        return resolve(snapshot, operation, SymbolRef(name=case["method"]))


def _whole_classes(methods: list[Any]) -> list[str]:
    """The classes (``Ns.Outer+Inner``) every test method of which is in ``methods``: a filter names
    them, not each of their tests."""
    chosen: dict[str, set[str]] = {}
    types: dict[str, Any] = {}
    for method in methods:
        owner = _qualified(method).rsplit(".", 1)[0]
        chosen.setdefault(owner, set()).add(str(method.Name))
        types[owner] = method.ContainingType
    whole = []
    for owner, names in chosen.items():
        every = {str(m.Name) for m in types[owner].GetMembers() if str(m.Kind) == "Method" and test_framework(m)}
        if every and every <= names:
            whole.append(owner)
    return whole


def _qualified(method: Any) -> str:
    """``Ns.Outer+Inner.Method``: the name VSTest's FullyQualifiedName uses."""
    owner = method.ContainingType
    names = []
    while owner is not None:
        names.append(str(owner.MetadataName))
        container = owner
        owner = owner.ContainingType
    namespace = container.ContainingNamespace
    prefix = "" if namespace is None or namespace.IsGlobalNamespace else f"{namespace.ToDisplayString()}."
    return prefix + "+".join(reversed(names)) + "." + str(method.Name)


def _project_of(snapshot: Snapshot, method: Any) -> str:
    tree = next((location.SourceTree for location in method.Locations if location.IsInSource), None)
    if tree is None:
        return ""
    documents = snapshot.documents_for_path(str(tree.FilePath))
    return display_name(documents[0].Project) if documents else ""


def _combined(names: list[str] | None, filter: str | None, whole_classes: list[str] | None = None) -> tuple[str, str]:
    """The VSTest filter of ``names`` (and ``filter``), and, when naming each test would make a filter too
    long for one command line, how it was widened instead: to the classes holding them, else their
    namespaces, else every test of the project (the run then has more tests than those named)."""
    widened = ""
    expression = _naming(names, whole_classes) if names else ""
    if len(expression) > _MOST_FILTER_CHARACTERS:
        assert names is not None
        classes = sorted({name.rsplit(".", 1)[0] for name in names})
        expression = "|".join(f"FullyQualifiedName~{_escaped(c)}." for c in classes)
        widened = f"the {len(classes)} classes holding them"
        if len(expression) > _MOST_FILTER_CHARACTERS:
            spaces = sorted({c.split("+")[0].rsplit(".", 1)[0] for c in classes})
            expression = "|".join(f"FullyQualifiedName~{_escaped(s)}." for s in spaces)
            widened = f"the {len(spaces)} namespaces holding them"
        if len(expression) > _MOST_FILTER_CHARACTERS:
            expression, widened = "", "every test of the project"
        widened = f"a filter naming each of the {len(names)} tests is too long for one run: ran {widened}"
    parts = [part for part in (expression, (filter or "").strip()) if part]
    return (f"({parts[0]})&({parts[1]})" if len(parts) == 2 else parts[0] if parts else ""), widened


def _naming(names: list[str], whole_classes: list[str] | None) -> str:
    # A class all of whose tests run is named once (its tests' names start with it and a dot).
    classes = whole_classes or []
    terms = [f"FullyQualifiedName~{_escaped(c)}." for c in classes]
    single = [n for n in names if n.rsplit(".", 1)[0] not in classes]
    # xUnit's theories share their method's name; NUnit's test cases add their arguments in parentheses.
    terms += [f"FullyQualifiedName={n}|FullyQualifiedName~{n}\\(" for n in map(_escaped, single)]
    return "|".join(terms)


def _escaped(name: str) -> str:
    return _FILTER_SPECIALS.sub(r"\\\1", name)


def _problems(
    output: str, exit_code: int, outcomes: list[Outcome], expression: str, runnable: list[TargetPlan]
) -> tuple[str, ...]:
    hosts = sorted(set(_HOST_MISSING.findall(output)))
    if hosts:  # a test host that did not start: its runtime is missing (roll-forward was refused)
        return tuple(f"The test host did not start: .NET {version} is not installed." for version in hosts)
    if not runnable:
        return ("No target framework of the tests can run here (each is listed with why).",)
    if outcomes:
        return ()
    errors = [m for m in messages(output) if m.severity == "error"]
    if errors:
        shown = [f"{m.id} {Path(m.file).name}({m.line},{m.column}): {m.message}" for m in errors[:10]]
        return ("The build failed, so no test ran:", *shown)
    if expression:
        return ("No test matched the selection (its filter is in test.log of the run's results).",)
    if exit_code != 0:
        return (f"dotnet test ended with exit code {exit_code} and wrote no results; see test.log in the results.",)
    return ("The solution has no test project (none references a test framework).",)


def _results(session: Any, outcomes: list[tuple[str, Outcome]]) -> tuple[TestResult, ...]:
    """Each outcome (with the framework it ran for, when there are several) as a result."""
    traces = [o.stack_trace for _, o in outcomes if o.outcome == "failed" and o.stack_trace.strip()]

    def resolved(snapshot: Snapshot, operation: Operation) -> dict[str, tuple[StackFrame, ...]]:
        found = {}
        for trace in traces:
            try:
                found[trace] = resolve_stack_trace(snapshot, operation, trace).items
            except EngineError:
                found[trace] = ()
        return found

    frames = session.run(resolved) if traces else {}
    items = [
        TestResult(
            o.name,
            o.outcome,
            o.seconds,
            o.message,
            o.expected,
            o.actual,
            frames.get(o.stack_trace, ()),
            o.output,
            framework,
        )
        for framework, o in outcomes
    ]
    items.sort(key=lambda item: (_ORDER.get(item.outcome, 3), item.name, item.framework))
    return tuple(items)
